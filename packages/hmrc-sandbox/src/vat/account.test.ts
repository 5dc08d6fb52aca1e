import { describe, expect, it } from 'vitest';
import { businessError, flat, messages } from '../http/errors';
import {
  createVatAccount,
  customerInformationFor,
  dueDateFor,
  financialDetailsFor,
  liabilitiesFor,
  obligationsFor,
  paymentsFor,
  penaltiesFor,
  returnFor,
  submitReturn,
  type PenaltiesBody,
  type StoredReturn,
  type VatAccount,
} from './index';
import { addDays, addMonths, addYears, endOfMonth } from '@vatwise/domain';
import { penceToJson } from './money';
import { returnBoxes, validateSubmitBody } from './validation';

const vrn = '123456789';
const today = '2025-06-15';
const account = createVatAccount({ vrn, registrationDate: '2019-03-14', today });

/** The JSON a client would send for a stored return. */
const wireBody = (boxes: StoredReturn['boxes'], periodKey: string, finalised = true): Record<string, unknown> => ({
  periodKey,
  ...Object.fromEntries(returnBoxes.map((box) => [box, penceToJson(boxes[box])])),
  finalised,
});

/** A debit return: £1,000.10 due, £250.00 reclaimed. */
const debitBody = (periodKey: string): string =>
  JSON.stringify({
    periodKey,
    vatDueSales: 1000.1,
    vatDueAcquisitions: 0,
    totalVatDue: 1000.1,
    vatReclaimedCurrPeriod: 250,
    netVatDue: 750.1,
    totalValueSalesExVAT: 5000,
    totalValuePurchasesExVAT: 1250,
    totalValueGoodsSuppliedExVAT: 0,
    totalAcquisitionsExVAT: 0,
    finalised: true,
  });

const overdueOf = (a: VatAccount, on: string) => a.obligations.filter((o) => o.status === 'O' && o.due < on);

describe('dueDateFor (docs/reference/vat-rules.md §3.4)', () => {
  it('dates a calendar quarter’s return one month and seven days after it ends', () => {
    expect(dueDateFor('2024-03-31')).toBe('2024-05-07');
    expect(dueDateFor('2024-06-30')).toBe('2024-08-07');
    expect(dueDateFor('2024-09-30')).toBe('2024-11-07');
    expect(dueDateFor('2024-12-31')).toBe('2025-02-07');
  });
});

describe('createVatAccount', () => {
  it('builds the same account for the same inputs', () => {
    expect(createVatAccount({ vrn, registrationDate: '2019-03-14', today })).toStrictEqual(account);
  });

  it('builds different figures for another VRN', () => {
    const other = createVatAccount({ vrn: '987654321', registrationDate: '2019-03-14', today });
    expect(other.returns.map((r) => r.boxes)).not.toEqual(account.returns.map((r) => r.boxes));
    expect(other.obligations.map((o) => o.periodKey)).toEqual(account.obligations.map((o) => o.periodKey));
  });

  it('keeps a period’s figures when the account is built on a later day', () => {
    const later = createVatAccount({ vrn, registrationDate: '2019-03-14', today: '2025-09-01' });
    const before = account.returns.find((r) => r.periodKey === '24A3');
    expect(later.returns.find((r) => r.periodKey === '24A3')).toEqual(before);
  });

  it('is plain JSON data', () => {
    expect(JSON.parse(JSON.stringify(account))).toStrictEqual(account);
  });

  it('lists the calendar quarters of the last two years up to the current one, with unique keys', () => {
    expect(account.obligations.map((o) => o.periodKey)).toEqual([
      '23A2',
      '23A3',
      '23A4',
      '24A1',
      '24A2',
      '24A3',
      '24A4',
      '25A1',
      '25A2',
    ]);
    for (const o of account.obligations) {
      expect(o.end).toBe(endOfMonth(addMonths(o.start, 2)));
      expect(o.due).toBe(dueDateFor(o.end));
    }
    // Back to back: each period starts the day after the one before it ends.
    expect(account.obligations[0]?.start).toBe('2023-04-01');
    const starts = account.obligations.slice(1).map((o) => o.start);
    expect(starts).toEqual(account.obligations.slice(0, -1).map((o) => addDays(o.end, 1)));
  });

  it('leaves exactly one overdue period open: the latest ended one whose due date has passed', () => {
    expect(overdueOf(account, today).map((o) => o.periodKey)).toEqual(['25A1']);
  });

  it('leaves the current period open', () => {
    const current = account.obligations.at(-1);
    expect(current).toMatchObject({ periodKey: '25A2', start: '2025-04-01', end: '2025-06-30', status: 'O' });
    expect(current?.received).toBeUndefined();
  });

  it('fulfils every other ended period with a return received after the end and on or before the due date', () => {
    const fulfilled = account.obligations.filter((o) => o.status === 'F');
    expect(fulfilled).toHaveLength(7);
    for (const o of fulfilled) {
      expect(o.received! > o.end && o.received! <= o.due && o.received! <= today).toBe(true);
      const stored = account.returns.find((r) => r.periodKey === o.periodKey);
      expect(stored?.receivedOn).toBe(o.received);
      expect(stored?.formBundleNumber).toMatch(/^\d{12}$/);
      expect(stored?.processingDate).toMatch(new RegExp(`^${o.received}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$`));
    }
    expect(account.returns).toHaveLength(7);
  });

  it('stores returns whose arithmetic is right and that HMRC’s validation would accept', () => {
    for (const stored of account.returns) {
      const { boxes } = stored;
      expect(boxes.totalVatDue).toBe(boxes.vatDueSales + boxes.vatDueAcquisitions);
      expect(boxes.netVatDue).toBe(Math.abs(boxes.totalVatDue - boxes.vatReclaimedCurrPeriod));
      for (const box of returnBoxes) expect(Number.isSafeInteger(boxes[box])).toBe(true);
      for (const box of returnBoxes.slice(5)) expect(boxes[box] % 100).toBe(0);
      expect(validateSubmitBody(JSON.stringify(wireBody(boxes, stored.periodKey)))).toBeUndefined();
    }
  });

  it('raises one paid charge per filed debit return, paid on or before its due date but for one', () => {
    const debits = account.returns.filter((r) => r.boxes.totalVatDue > r.boxes.vatReclaimedCurrPeriod);
    expect(account.charges.map((c) => c.periodKey)).toEqual(debits.map((r) => r.periodKey));
    const late = [];
    for (const charge of account.charges) {
      const stored = account.returns.find((r) => r.periodKey === charge.periodKey);
      expect(charge.type).toBe('VAT Return Debit Charge');
      expect(charge.originalAmountPence).toBe(stored?.boxes.netVatDue);
      expect(charge.outstandingAmountPence).toBe(0);
      expect(charge.payments).toHaveLength(1);
      const [payment] = charge.payments;
      expect(payment?.amountPence).toBe(charge.originalAmountPence);
      expect(payment!.received >= stored!.receivedOn).toBe(true);
      if (payment!.received > charge.due!) late.push(charge);
      expect(stored?.chargeRefNumber).toBe(charge.chargeReference);
      expect(charge.chargeReference).toMatch(/^XV\d{12}$/);
    }
    // The one late payment: the latest charge of the points regime due 45 days or more ago, 16-25 days late.
    expect(late).toHaveLength(1);
    const [latePaid] = late;
    const lateness = (Date.parse(latePaid!.payments[0]!.received) - Date.parse(latePaid!.due!)) / 86_400_000;
    expect(lateness).toBeGreaterThanOrEqual(16);
    expect(lateness).toBeLessThanOrEqual(25);
    expect(latePaid!.due! <= addDays(today, -45)).toBe(true);
    const laterDue = account.charges.filter((c) => c.due! > latePaid!.due! && c.due! <= addDays(today, -45));
    expect(laterDue).toEqual([]);
  });

  it('charges a first late payment penalty of 2% for the late payment, with financial details', () => {
    const body = penaltiesFor(account).body as Required<PenaltiesBody>;
    const [lpp] = body.latePaymentPenalty.details;
    const principal = account.charges.find((c) => c.chargeReference === lpp?.principalChargeReference);
    expect(principal).toBeDefined();
    expect(lpp).toMatchObject({
      penaltyCategory: 'LPP1',
      penaltyStatus: 'posted',
      latePaymentPenalty1LowerRatePercentage: 2,
      penaltyChargeCreationDate: principal!.payments[0]!.received,
    });
    expect(lpp!.penaltyAmountPosted).toBe(penceToJson(Math.floor((principal!.originalAmountPence * 20 + 500) / 1000)));
    expect(body.totalisations.latePaymentPenaltyPostedTotal).toBe(lpp!.penaltyAmountPosted);
    const details = financialDetailsFor(account, lpp!.penaltyChargeReference ?? '');
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      documentDetails: [
        {
          documentTotalAmount: lpp!.penaltyAmountPosted,
          lineItemDetails: [{ chargeDescription: 'VAT Late Payment Penalty 1' }],
        },
      ],
    });
  });

  it('keeps the same invariants for many VRNs and days', () => {
    for (let i = 0; i < 40; i += 1) {
      const day = addDays('2024-01-01', i * 23);
      const a = createVatAccount({ vrn: String(100000000 + i * 7919), registrationDate: '2018-05-01', today: day });
      expect(a.obligations).toHaveLength(9);
      expect(overdueOf(a, day)).toHaveLength(1);
      expect(a.obligations.filter((o) => o.status === 'O')).toHaveLength(2);
      for (const r of a.returns) {
        expect(r.boxes.netVatDue).toBe(Math.abs(r.boxes.totalVatDue - r.boxes.vatReclaimedCurrPeriod));
      }
      for (const c of a.charges) {
        const paid = c.due! < day;
        expect(c.outstandingAmountPence).toBe(paid ? 0 : c.originalAmountPence);
        expect(c.payments).toHaveLength(paid ? 1 : 0);
      }
    }
  });

  it('files but has not yet paid a period that ended recently and is not yet due', () => {
    const april = createVatAccount({ vrn, registrationDate: '2019-03-14', today: '2025-04-20' });
    const q1 = april.obligations.find((o) => o.periodKey === '25A1');
    expect(q1?.status).toBe('F');
    expect(q1!.received! <= '2025-04-20').toBe(true);
    expect(april.charges.find((c) => c.periodKey === '25A1')).toMatchObject({
      outstandingAmountPence: expect.any(Number),
      payments: [],
    });
    expect(overdueOf(april, '2025-04-20').map((o) => o.periodKey)).toEqual(['24A4']);
  });

  it('starts the first period on the registration date and has nothing overdue before a due date passes', () => {
    const fresh = createVatAccount({ vrn, registrationDate: '2025-05-10', today });
    expect(fresh.obligations).toEqual([
      { periodKey: '25A2', start: '2025-05-10', end: '2025-06-30', due: '2025-08-07', status: 'O' },
    ]);
    expect(fresh.returns).toEqual([]);
    expect(penaltiesFor(fresh).body).toEqual({});
  });
});

describe('penaltiesFor (docs/reference/vat-rules.md §4.2, docs/reference/hmrc-vat-api.md §3.9)', () => {
  it('gives the overdue open return one active late submission point', () => {
    const body = penaltiesFor(account).body as Required<PenaltiesBody>;
    expect(penaltiesFor(account).status).toBe(200);
    expect(body.lateSubmissionPenalty.summary).toEqual({
      activePenaltyPoints: 1,
      inactivePenaltyPoints: 0,
      periodOfComplianceAchievement: '2027-06-01',
      regimeThreshold: 4,
      penaltyChargeAmount: 0,
    });
    expect(body.lateSubmissionPenalty.details).toHaveLength(1);
    expect(body.lateSubmissionPenalty.details[0]).toMatchObject({
      penaltyCategory: 'point',
      penaltyStatus: 'active',
      penaltyCreationDate: '2025-05-08',
      penaltyExpiryDate: '2027-06-01',
      lateSubmissions: [
        {
          taxReturnStatus: 'Open',
          taxPeriodStartDate: '2025-01-01',
          taxPeriodEndDate: '2025-03-31',
          taxPeriodDueDate: '2025-05-07',
        },
      ],
    });
  });

  it('gives no point for the first return after registration', () => {
    const young = createVatAccount({ vrn, registrationDate: '2025-01-10', today });
    expect(overdueOf(young, today).map((o) => o.start)).toEqual(['2025-01-10']);
    expect(penaltiesFor(young).body).toEqual({});
  });

  it('answers {} when every return was on time', () => {
    const onTime = createVatAccount({ vrn, registrationDate: '2025-02-10', today: '2025-04-20' });
    expect(penaltiesFor(onTime)).toEqual({ status: 200, body: {} });
  });
});

describe('queries', () => {
  it('lists open obligations for status=O alone, sorted by start', () => {
    expect(obligationsFor(account, { status: 'O' }, today).body).toEqual({
      obligations: [
        { start: '2025-01-01', end: '2025-03-31', due: '2025-05-07', status: 'O', periodKey: '25A1' },
        { start: '2025-04-01', end: '2025-06-30', due: '2025-08-07', status: 'O', periodKey: '25A2' },
      ],
    });
  });

  it('lists obligations overlapping the dates, filtered by status when given', () => {
    const all = obligationsFor(account, { from: '2024-01-01', to: '2024-12-31' }, today).body as {
      obligations: unknown[];
    };
    expect(all.obligations).toHaveLength(4);
    expect(obligationsFor(account, { from: '2024-01-01', to: '2024-12-31', status: 'O' }, today)).toEqual(
      flat(404, 'NOT_FOUND', messages.NOT_FOUND),
    );
    const fulfilled = obligationsFor(account, { from: '2024-02-15', to: '2024-05-01', status: 'F' }, today).body as {
      obligations: { periodKey: string; received: string }[];
    };
    expect(fulfilled.obligations.map((o) => o.periodKey)).toEqual(['24A1', '24A2']);
    expect(fulfilled.obligations[0]?.received).toBe(account.obligations.find((o) => o.periodKey === '24A1')?.received);
  });

  it('shows a stored return with its boxes as JSON numbers, and an empty 404 without one', () => {
    const stored = account.returns[0]!;
    expect(returnFor(account, stored.periodKey, today)).toEqual({
      status: 200,
      body: Object.fromEntries(
        Object.entries(wireBody(stored.boxes, stored.periodKey)).filter(([k]) => k !== 'finalised'),
      ),
    });
    expect(returnFor(account, '25A1', today)).toEqual({ status: 404, body: undefined });
  });

  it('refuses an obligations `from` in the future as HMRC’s backend does; a `to` in the future is fine', () => {
    expect(obligationsFor(account, { from: '2025-06-16', to: '2025-12-31' }, today)).toEqual(
      flat(400, 'DATE_FROM_INVALID', 'The provided from date is invalid'),
    );
    expect(obligationsFor(account, { from: '2025-06-15', to: '2025-12-31' }, today).status).toBe(200);
  });

  it('refuses to show a return for a period that ended more than four years ago: 403 DATE_RANGE_TOO_LARGE', () => {
    const stored = account.returns[0]!;
    const period = account.obligations.find((o) => o.periodKey === stored.periodKey)!;
    const fourYearsOn = addYears(period.end, 4);
    expect(returnFor(account, stored.periodKey, fourYearsOn).status).toBe(200);
    expect(returnFor(account, stored.periodKey, addDays(fourYearsOn, 1))).toEqual({
      status: 403,
      body: {
        code: 'BUSINESS_ERROR',
        message: 'Business validation error',
        errors: [
          {
            code: 'DATE_RANGE_TOO_LARGE',
            message: 'The date of the requested return cannot be further than four years from the current date.',
          },
        ],
      },
    });
  });

  it('lists the liabilities and payments whose tax period ends inside the range', () => {
    const range = { from: '2024-07-01', to: '2025-06-15' };
    const liabilities = liabilitiesFor(account, range).body as { liabilities: { taxPeriod: { to: string } }[] };
    expect(liabilities.liabilities.map((l) => l.taxPeriod.to)).toEqual(['2024-09-30', '2024-12-31']);
    const charge = account.charges.find((c) => c.periodKey === '24A3')!;
    expect(liabilities.liabilities[0]).toEqual({
      taxPeriod: { from: '2024-07-01', to: '2024-09-30' },
      type: 'VAT Return Debit Charge',
      originalAmount: penceToJson(charge.originalAmountPence),
      outstandingAmount: 0,
      due: '2024-11-07',
    });
    const payments = paymentsFor(account, range).body as { payments: { amount: number; received: string }[] };
    expect(payments.payments[0]).toEqual({
      amount: penceToJson(charge.originalAmountPence),
      received: charge.payments[0]?.received,
    });
  });

  it('answers 404 NOT_FOUND instead of an empty list of liabilities or payments', () => {
    const range = { from: '2016-04-06', to: '2017-04-05' };
    expect(liabilitiesFor(account, range)).toEqual(flat(404, 'NOT_FOUND', messages.NOT_FOUND));
    expect(paymentsFor(account, range)).toEqual(flat(404, 'NOT_FOUND', messages.NOT_FOUND));
  });

  it('gives financial details for a known charge reference and 404 MATCHING_RESOURCE_NOT_FOUND otherwise', () => {
    const charge = account.charges[0]!;
    expect(financialDetailsFor(account, charge.chargeReference)).toMatchObject({
      status: 200,
      body: {
        totalisations: { totalBalance: 0, totalCleared: penceToJson(charge.originalAmountPence) },
        documentDetails: [
          { documentTotalAmount: penceToJson(charge.originalAmountPence), documentOutstandingAmount: 0 },
        ],
      },
    });
    expect(financialDetailsFor(account, 'XV000000000000')).toEqual(
      flat(404, 'MATCHING_RESOURCE_NOT_FOUND', 'The supplied income source could not be found'),
    );
  });

  it('gives the registration date as customer information', () => {
    const answer = customerInformationFor(account);
    expect(answer.status).toBe(200);
    expect(answer.body?.customerDetails).toEqual({ effectiveRegistrationDate: '2019-03-14' });
  });
});

describe('submitReturn', () => {
  const now = new Date('2025-06-16T10:11:12.345Z');

  it('stores the return, fulfils its obligation, raises its charge and answers 201', () => {
    const result = submitReturn(account, debitBody('25A1'), now);
    expect(result.answer.status).toBe(201);
    expect(result.answer.body).toEqual({
      processingDate: '2025-06-16T10:11:12.345Z',
      formBundleNumber: expect.stringMatching(/^\d{12}$/),
      chargeRefNumber: expect.stringMatching(/^XV\d{12}$/),
      ...(account.directDebit ? { paymentIndicator: 'DD' } : {}),
    });
    expect(result.receipt).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      timestamp: '2025-06-16T10:11:12Z',
    });

    const after = result.account;
    expect(after.obligations.find((o) => o.periodKey === '25A1')).toMatchObject({
      status: 'F',
      received: '2025-06-16',
    });
    expect(returnFor(after, '25A1', today).body).toMatchObject({
      periodKey: '25A1',
      netVatDue: 750.1,
      totalVatDue: 1000.1,
    });
    expect(after.charges.at(-1)).toMatchObject({
      periodKey: '25A1',
      taxPeriod: { from: '2025-01-01', to: '2025-03-31' },
      originalAmountPence: 75010,
      outstandingAmountPence: 75010,
      due: '2025-05-07',
    });
    expect(after.asOf).toBe('2025-06-16');
    expect(JSON.parse(JSON.stringify(after))).toStrictEqual(after);
    // The account passed in is left as it was.
    expect(account.obligations.find((o) => o.periodKey === '25A1')?.status).toBe('O');
    expect(account.returns.some((r) => r.periodKey === '25A1')).toBe(false);
  });

  it('turns the late return’s penalty point from Open to Fulfilled', () => {
    const after = submitReturn(account, debitBody('25A1'), now).account;
    const body = penaltiesFor(after).body as Required<PenaltiesBody>;
    expect(body.lateSubmissionPenalty.details[0]?.lateSubmissions[0]).toMatchObject({
      taxReturnStatus: 'Fulfilled',
      returnReceiptDate: '2025-06-16',
    });
  });

  it('refuses a second return for the same period with 403 DUPLICATE_SUBMISSION', () => {
    const duplicate = businessError([
      { code: 'DUPLICATE_SUBMISSION', message: 'The VAT return was already submitted for the given period.' },
    ]);
    const once = submitReturn(account, debitBody('25A1'), now).account;
    const twice = submitReturn(once, debitBody('25A1'), now);
    expect(twice.answer).toEqual(duplicate);
    expect(twice.account).toBe(once);
    expect(twice.receipt).toBeUndefined();
    expect(submitReturn(account, debitBody('24A1'), now).answer).toEqual(duplicate);
  });

  it('refuses the current period with 403 TAX_PERIOD_NOT_ENDED until the day after it ends, in UK time', () => {
    const notEnded = flat(
      403,
      'TAX_PERIOD_NOT_ENDED',
      'The remote endpoint has indicated that the submission is for a tax period that has not ended',
    );
    expect(submitReturn(account, debitBody('25A2'), now).answer).toEqual(notEnded);
    // 23:59:59 BST on 30 June, the period's last day.
    expect(submitReturn(account, debitBody('25A2'), new Date('2025-06-30T22:59:59.999Z')).answer).toEqual(notEnded);
    // Midnight BST: 1 July in the UK, still 30 June in UTC.
    const next = submitReturn(account, debitBody('25A2'), new Date('2025-06-30T23:00:00.000Z'));
    expect(next.answer.status).toBe(201);
    expect(next.account.obligations.at(-1)?.received).toBe('2025-07-01');
  });

  it('accepts a well-formed key that matches no obligation, as HMRC’s sandbox does', () => {
    const result = submitReturn(account, debitBody('#001'), now);
    expect(result.answer.status).toBe(201);
    expect(result.account.obligations).toEqual(account.obligations);
    expect(returnFor(result.account, '#001', today).status).toBe(200);
    const charge = result.account.charges.at(-1);
    expect(charge?.periodKey).toBe('#001');
    expect(charge?.taxPeriod).toBeUndefined();
  });

  it('raises no charge and sends no charge reference for a repayment return', () => {
    const repayment = JSON.stringify({
      ...JSON.parse(debitBody('25A1')),
      vatReclaimedCurrPeriod: 1500.1,
      netVatDue: 500,
    });
    const result = submitReturn(account, repayment, now);
    expect(result.answer.status).toBe(201);
    expect(result.answer.body).not.toHaveProperty('chargeRefNumber');
    expect(result.answer.body).toEqual(
      expect.objectContaining(account.repaymentBankAccount ? { paymentIndicator: 'BANK' } : {}),
    );
    expect(result.account.charges).toEqual(account.charges);
  });

  it('answers the body validation errors and leaves the account alone', () => {
    const result = submitReturn(account, JSON.stringify({ ...JSON.parse(debitBody('25A1')), finalised: false }), now);
    expect(result.answer.status).toBe(403);
    expect(result.answer.body).toMatchObject({ code: 'BUSINESS_ERROR', errors: [{ code: 'NOT_FINALISED' }] });
    expect(result.account).toBe(account);
    expect(submitReturn(account, '{', now).answer).toEqual({
      status: 400,
      body: { statusCode: 400, message: 'Invalid Json' },
    });
  });
});
