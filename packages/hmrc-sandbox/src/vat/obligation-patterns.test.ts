import { obligationsResponseSchema, submitReturnResponseSchema, viewReturnResponseSchema } from '@vatwise/hmrc';
import { addDays } from '@vatwise/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox, type TestUser, type Tokens } from '../test/harness';
import { advanceAccount, annualDueDateFor, createVatAccount, dueDateFor, obligationsFor } from './index';
import { penaltiesBody } from './penalties';

/**
 * Monthly and annual obligation patterns (docs/reference/vat-rules.md §3.4, 3.7): the periods, their due dates,
 * HMRC's from/to/status filters over them (docs/reference/hmrc-vat-api.md §3.4), and a return filed for an annual
 * period key, chosen for a test user through the operator's control.
 */

const vrn = '123456789';
const registrationDate = '2019-03-14';
const today = '2025-06-15';
const annual = createVatAccount({ vrn, registrationDate, today, obligationPattern: 'annual' });
const monthly = createVatAccount({ vrn, registrationDate, today, obligationPattern: 'monthly' });

const listed = (body: unknown) => obligationsResponseSchema.parse(body).obligations;

describe('due dates', () => {
  it('dates an annual return two months after the year ends, to the month’s end (VATAAS3400)', () => {
    expect(annualDueDateFor('2025-03-31')).toBe('2025-05-31');
    expect(annualDueDateFor('2024-12-31')).toBe('2025-02-28');
    expect(annualDueDateFor('2024-02-29')).toBe('2024-04-30');
  });

  it('dates a monthly return one month and seven days after the month ends', () => {
    expect(dueDateFor('2025-01-31')).toBe('2025-03-07');
    expect(dueDateFor('2025-02-28')).toBe('2025-04-07');
  });
});

describe('an annual account', () => {
  it('has one 12-month period a year from the registration month, due two months after it ends', () => {
    expect(
      annual.obligations.map(({ periodKey, start, end, due, status }) => ({ periodKey, start, end, due, status })),
    ).toEqual([
      { periodKey: '23YC', start: '2023-03-01', end: '2024-02-29', due: '2024-04-30', status: 'F' },
      // Its due date has passed and nothing was filed: the overdue return every account has.
      { periodKey: '24YC', start: '2024-03-01', end: '2025-02-28', due: '2025-04-30', status: 'O' },
      { periodKey: '25YC', start: '2025-03-01', end: '2026-02-28', due: '2026-04-30', status: 'O' },
    ]);
  });

  it('files a year’s return with a year’s figures: four quarters’ worth of sales', () => {
    const quarterly = createVatAccount({ vrn, registrationDate, today });
    const yearSales = annual.returns[0]?.boxes.totalValueSalesExVAT ?? 0;
    const quarterSales = quarterly.returns.map((r) => r.boxes.totalValueSalesExVAT);
    expect(yearSales).toBeGreaterThan(Math.min(...quarterSales) * 2);
  });

  it('filters by from/to (periods overlapping the range) and by status, as HMRC does', () => {
    const answer = (query: Record<string, string>) => obligationsFor(annual, query, today);
    const both = answer({ from: '2024-06-15', to: '2025-06-14' });
    expect(listed(both.body).map((o) => o.periodKey)).toEqual(['24YC', '25YC']);
    const open = answer({ from: '2023-06-16', to: '2024-06-15', status: 'O' });
    expect(listed(open.body).map((o) => o.periodKey)).toEqual(['24YC']);
    const fulfilled = answer({ from: '2023-06-16', to: '2024-06-15', status: 'F' });
    expect(listed(fulfilled.body)).toMatchObject([{ periodKey: '23YC', status: 'F', received: expect.any(String) }]);
    expect(answer({ from: '2024-06-15', to: '2025-06-14', status: 'F' }).status).toBe(404);
    expect(listed(answer({ status: 'O' }).body).map((o) => o.periodKey)).toEqual(['24YC', '25YC']);
  });

  it('raises the next year’s obligation once it begins', () => {
    const later = advanceAccount(annual, '2026-03-01');
    expect(later.obligations.at(-1)).toEqual({
      periodKey: '26YC',
      start: '2026-03-01',
      end: '2027-02-28',
      due: '2027-04-30',
      status: 'O',
    });
  });

  it('reaches the late submission threshold at 2 points, not a quarterly filer’s 4', () => {
    expect(penaltiesBody(annual, '2025-06-15').lateSubmissionPenalty?.summary.regimeThreshold).toBe(2);
    expect(penaltiesBody(monthly, '2025-06-15').lateSubmissionPenalty?.summary.regimeThreshold).toBe(5);
  });
});

describe('a monthly account', () => {
  it('has a period for each month of the last two years, each due a month and seven days after it ends', () => {
    expect(monthly.obligations).toHaveLength(25);
    expect(monthly.obligations.slice(-3)).toEqual([
      { periodKey: '25AD', start: '2025-04-01', end: '2025-04-30', due: '2025-06-07', status: 'O' },
      expect.objectContaining({
        periodKey: '25AE',
        start: '2025-05-01',
        end: '2025-05-31',
        due: '2025-07-07',
        status: 'F',
      }),
      { periodKey: '25AF', start: '2025-06-01', end: '2025-06-30', due: '2025-08-07', status: 'O' },
    ]);
    expect(new Set(monthly.obligations.map((o) => o.periodKey)).size).toBe(25);
  });

  it('lists only the months overlapping from..to', () => {
    const answer = obligationsFor(monthly, { from: '2025-01-15', to: '2025-03-01' }, today);
    expect(listed(answer.body).map((o) => o.periodKey)).toEqual(['25AA', '25AB', '25AC']);
  });
});

describe('choosing the pattern for a test user (operator control)', () => {
  let sandbox: Sandbox;
  afterEach(() => sandbox.close());

  async function annualUser(): Promise<{ user: TestUser; obligations: { periodKey: string; end: string }[] }> {
    sandbox = await startSandbox();
    const user = await sandbox.createUser('organisations');
    const chosen = await sandbox.operator('PUT', `/vat-accounts/${user.vrn}/obligation-pattern`, { pattern: 'annual' });
    expect(chosen.statusCode).toBe(200);
    return { user, obligations: (chosen.json() as { obligations: { periodKey: string; end: string }[] }).obligations };
  }

  it('lists annual obligations, and a return filed for an annual period key fulfils it', async () => {
    const { user, obligations } = await annualUser();
    // Once the current year has ended its return can be filed: the clock moves there first.
    const yearEnd = obligations.at(-1)?.end ?? '';
    await sandbox.operator('PUT', '/clock', { now: `${addDays(yearEnd, 1)}T12:00:00Z` });
    const tokens: Tokens = await sandbox.authorise(user);
    const open = async () =>
      listed(
        (
          await sandbox.vat('GET', `/organisations/vat/${user.vrn}/obligations?status=O`, {
            token: tokens.access_token,
          })
        ).json(),
      );
    const current = (await open()).find((obligation) => obligation.end === yearEnd);
    if (!current) throw new Error('no open annual obligation');
    expect(current.periodKey).toMatch(/^\d{2}Y[A-L]$/);
    expect(current.due).toBe(annualDueDateFor(current.end));

    const filed = await sandbox.vat('POST', `/organisations/vat/${user.vrn}/returns`, {
      token: tokens.access_token,
      body: JSON.stringify({
        periodKey: current.periodKey,
        vatDueSales: 14_500,
        vatDueAcquisitions: 0,
        totalVatDue: 14_500,
        vatReclaimedCurrPeriod: 0,
        netVatDue: 14_500,
        totalValueSalesExVAT: 72_500,
        totalValuePurchasesExVAT: 0,
        totalValueGoodsSuppliedExVAT: 0,
        totalAcquisitionsExVAT: 0,
        finalised: true,
      }),
    });
    expect(filed.statusCode).toBe(201);
    expect(submitReturnResponseSchema.parse(filed.json()).chargeRefNumber).toMatch(/^XV\d{12}$/);
    expect((await open()).map((o) => o.periodKey)).not.toContain(current.periodKey);
    const view = await sandbox.vat('GET', `/organisations/vat/${user.vrn}/returns/${current.periodKey}`, {
      token: tokens.access_token,
    });
    expect(viewReturnResponseSchema.parse(view.json())).toMatchObject({
      periodKey: current.periodKey,
      netVatDue: 14_500,
    });
  });

  it('refuses an unknown pattern and a VRN with no account, saying what to fix', async () => {
    const { user } = await annualUser();
    const bad = await sandbox.operator('PUT', `/vat-accounts/${user.vrn}/obligation-pattern`, { pattern: 'weekly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringContaining('pattern') });
    const missing = await sandbox.operator('PUT', '/vat-accounts/999999973/obligation-pattern', { pattern: 'monthly' });
    expect(missing.statusCode).toBe(404);
  });
});
