import {
  addDays,
  type AssistAnswer,
  type AssistReport,
  obligationListSchema,
  type ReturnDraft,
  ukToday,
} from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPractice, join } from '../../../test/practice-journey';
import { registerUser, type SessionClient } from '../../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../../test/test-app';
import { businessWithOverduePeriod, startReturn } from '../test-journey';

/**
 * HMRC Assist for VAT on a return (docs/hmrc-assist-flow.md), against the embedded simulator over
 * real HTTP: asked once per set of figures, acknowledged once, never for a filed period, never in
 * the way of filing, and not at all when switched off.
 */

let server: TestApp & { baseUrl: string };
beforeAll(async () => {
  server = await createListeningTestApp();
});
afterAll(async () => {
  await server.close();
});

const sale = (date: string, netPence: number, vatPence: number) => ({
  kind: 'sale',
  date,
  description: `Invoice of ${date}`,
  netPence,
  vatPence,
  rate: 'standard',
  treatment: 'normal',
});

/** The simulator's own log: how many calls of `kind` reached it for this VRN. */
async function simulatorCalls(baseUrl: string, kind: 'assist' | 'acknowledge', vrn: string): Promise<number> {
  const answer = (await (await fetch(`${baseUrl}/hmrc-sandbox/operator/requests`)).json()) as {
    requests: { method: string; path: string }[];
  };
  return answer.requests.filter(
    (request) => request.method === 'POST' && request.path.includes(`/misc/transaction-risking/${kind}/${vrn}`),
  ).length;
}

const ask = async (client: SessionClient, id: string, body: Record<string, unknown> = {}) => {
  const response = await client.post(`/api/vat_returns/${id}/assist`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AssistAnswer;
};

const submit = (client: SessionClient, draft: ReturnDraft) =>
  client.post(`/api/vat_returns/${draft.id}/submit`, {
    idempotencyKey: draft.idempotencyKey,
    declarationAccepted: true,
  });

describe('HMRC Assist for VAT', () => {
  it('stores the report and its acknowledgement with the draft, and the reviewer sees them', async () => {
    const owner = await registerUser(server.app, 'assist-owner@example.com', 'Olive Owner');
    const practice = await createPractice(owner, 'Assist practice');
    const { vrn, period } = await businessWithOverduePeriod(owner);
    const { draft } = await startReturn(owner, vrn, period.periodKey);
    await owner.post('/api/vat_records', { vrn, ...sale(period.start, 1_000_000, 200_000) });

    const first = await ask(owner, draft.id, { scenario: 'MULTIPLE_FEEDBACK' });
    expect(first.state).toBe('ready');
    expect(first.current).toBe(true);
    const report = first.report as AssistReport;
    expect(report).toMatchObject({ status: 'ok', presentedAt: null, acknowledgedAt: null });
    expect(report.reportId).toMatch(/^[0-9a-f-]{36}$/);
    // HMRC's messages kept in HMRC's order, in English and Welsh.
    expect(report.english.length).toBeGreaterThan(1);
    expect(report.english.map((item) => item.itemNumber)).toEqual(
      [...report.english.map((item) => item.itemNumber)].sort(),
    );
    expect(report.welsh).toHaveLength(report.english.length);

    // Shown at a time with milliseconds: HMRC is told in whole seconds, UTC.
    const shownAt = new Date(Date.now() - 1_500).toISOString();
    const acknowledged = await owner.post(`/api/vat_returns/${draft.id}/assist/${report.reportId}/acknowledgement`, {
      presentedAt: shownAt,
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const stored = acknowledged.json() as AssistReport;
    expect(stored.presentedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(stored.acknowledgedAt).not.toBeNull();
    expect(stored.acknowledgedBy?.name).toBe('Olive Owner');
    expect(await simulatorCalls(server.baseUrl, 'acknowledge', vrn)).toBe(1);

    // A second acknowledgement asks HMRC nothing and keeps the first.
    const again = await owner.post(`/api/vat_returns/${draft.id}/assist/${report.reportId}/acknowledgement`, {
      presentedAt: new Date().toISOString(),
    });
    expect((again.json() as AssistReport).acknowledgedAt).toBe(stored.acknowledgedAt);
    expect(await simulatorCalls(server.baseUrl, 'acknowledge', vrn)).toBe(1);

    // The practice's reviewer reads the stored report beside the figures; HMRC is not asked again.
    const reviewer = await join(server, owner, practice, 'assist-reviewer@example.com', 'reviewer', 'Rita Reviewer');
    const seen = await reviewer.get(`/api/vat_returns/${draft.id}/assist`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      state: 'ready',
      current: true,
      report: { reportId: report.reportId, english: report.english, acknowledgedAt: stored.acknowledgedAt },
    });
    expect(await simulatorCalls(server.baseUrl, 'assist', vrn)).toBe(1);
  });

  it('asks again when the figures change, and not when they do not', async () => {
    const owner = await registerUser(server.app, 'assist-change@example.com', 'Carl Change');
    const { vrn, period } = await businessWithOverduePeriod(owner);
    const { draft } = await startReturn(owner, vrn, period.periodKey);
    await owner.post('/api/vat_records', { vrn, ...sale(period.start, 1_000_000, 200_000) });

    const first = await ask(owner, draft.id);
    expect(first.state).toBe('ready');
    const reopened = await ask(owner, draft.id);
    expect(reopened.report?.reportId).toBe(first.report?.reportId);
    expect(await simulatorCalls(server.baseUrl, 'assist', vrn)).toBe(1);

    await owner.post('/api/vat_records', { vrn, ...sale(period.start, 50_000, 10_000) });
    // The stored report no longer matches the figures.
    expect(((await owner.get(`/api/vat_returns/${draft.id}/assist`)).json() as AssistAnswer).current).toBe(false);
    const changed = await ask(owner, draft.id);
    expect(changed.state).toBe('ready');
    expect(changed.report?.reportId).not.toBe(first.report?.reportId);
    expect(changed.report?.boxesFingerprint).not.toBe(first.report?.boxesFingerprint);
    expect(await simulatorCalls(server.baseUrl, 'assist', vrn)).toBe(2);
  });

  it('asks HMRC once for two requests at the same moment (two tabs, a double click)', async () => {
    const owner = await registerUser(server.app, 'assist-twice@example.com', 'Tom Twice');
    const { vrn, period } = await businessWithOverduePeriod(owner);
    const { draft } = await startReturn(owner, vrn, period.periodKey);
    await owner.post('/api/vat_records', { vrn, ...sale(period.start, 1_000_000, 200_000) });
    const [one, two] = await Promise.all([ask(owner, draft.id), ask(owner, draft.id)]);
    expect(one.state).toBe('ready');
    expect(two.report?.reportId).toBe(one.report?.reportId);
    expect(await simulatorCalls(server.baseUrl, 'assist', vrn)).toBe(1);
  });

  it('files whatever the feedback says, unacknowledged, and then never asks for the filed period', async () => {
    const owner = await registerUser(server.app, 'assist-file@example.com', 'Fay Filer');
    const { vrn, period } = await businessWithOverduePeriod(owner);
    const { draft } = await startReturn(owner, vrn, period.periodKey);
    // Sales with no VAT: the simulator's rules find something to say.
    await owner.post('/api/vat_records', { vrn, ...sale(period.start, 1_000_000, 0) });
    const feedback = await ask(owner, draft.id);
    expect(feedback.state).toBe('ready');
    expect(feedback.report?.english.length).toBeGreaterThan(0);

    const filed = await submit(owner, draft);
    expect(filed.statusCode, filed.body).toBe(200);
    expect((filed.json() as ReturnDraft).status).toBe('submitted');

    const after = await ask(owner, draft.id);
    expect(after.state).toBe('filed');
    // The report for the figures filed stays with the return, for its receipt.
    expect(after.report?.reportId).toBe(feedback.report?.reportId);
    expect(await simulatorCalls(server.baseUrl, 'assist', vrn)).toBe(1);

    // The audit report says Assist was consulted for these figures and what it said, verbatim.
    const audit = await owner.get(`/api/vat_returns/${draft.id}/audit.csv`);
    expect(audit.statusCode).toBe(200);
    expect(audit.body).toContain('Consulted for these figures');
    expect(audit.body).toContain(feedback.report?.reportId ?? 'none');
    expect(audit.body).toContain(feedback.report?.english[0]?.title ?? 'none');
    expect(audit.body).toContain('Not confirmed to HMRC');
  });

  it('waits for the period to end, and files with MULTIPLE_FEEDBACK unacknowledged', async () => {
    const owner = await registerUser(server.app, 'assist-early@example.com', 'Eve Early');
    const { vrn, period } = await businessWithOverduePeriod(owner);
    const today = ukToday();
    const current = obligationListSchema
      .parse(
        (
          await owner.get(`/api/vat/obligations?vrn=${vrn}&from=${addDays(today, -100)}&to=${today}&status=Open`)
        ).json(),
      )
      .obligations.find((obligation) => obligation.end >= today);
    if (!current) throw new Error('no current period');
    const { draft: early } = await startReturn(owner, vrn, current.periodKey);
    expect(await ask(owner, early.id)).toMatchObject({
      state: 'period-not-ended',
      periodEnd: current.end,
      report: null,
    });
    expect(await simulatorCalls(server.baseUrl, 'assist', vrn)).toBe(0);

    const { draft } = await startReturn(owner, vrn, period.periodKey);
    await owner.post('/api/vat_records', { vrn, ...sale(period.start, 1_000_000, 200_000) });
    expect((await ask(owner, draft.id, { scenario: 'MULTIPLE_FEEDBACK' })).report?.english.length).toBeGreaterThan(1);
    const filed = await submit(owner, draft);
    expect(filed.statusCode, filed.body).toBe(200);
    expect((filed.json() as ReturnDraft).status).toBe('submitted');
  });
});

describe('HMRC Assist without an answer', () => {
  it('says it is unavailable, files anyway, and asks again next time', async () => {
    const owner = await registerUser(server.app, 'assist-none@example.com', 'Nia None');
    const { vrn, period } = await businessWithOverduePeriod(owner);
    const { draft } = await startReturn(owner, vrn, period.periodKey);
    await owner.post('/api/vat_records', { vrn, ...sale(period.start, 1_000_000, 200_000) });
    // HMRC refuses the request (its INSOLVENT_TRADER scenario): no report, and no stop.
    const refused = await ask(owner, draft.id, { scenario: 'INSOLVENT_TRADER' });
    expect(refused).toMatchObject({ state: 'unavailable', report: { status: 'unavailable', reportId: null } });
    expect(refused.report?.error).toBeTruthy();
    // A failure is not kept as the figures' report: the next request asks HMRC again.
    expect((await ask(owner, draft.id)).state).toBe('ready');
    expect(await simulatorCalls(server.baseUrl, 'assist', vrn)).toBe(2);
    expect((await submit(owner, draft)).statusCode).toBe(200);
  });
});

describe('HMRC Assist switched off (HMRC_ASSIST=off)', () => {
  let off: TestApp & { baseUrl: string };
  beforeAll(async () => {
    off = await createListeningTestApp({ HMRC_ASSIST: 'off' });
  });
  afterAll(async () => {
    await off.close();
  });

  it('answers off and asks HMRC nothing; filing works as before', async () => {
    const owner = await registerUser(off.app, 'assist-off@example.com', 'Otto Off');
    const { vrn, period } = await businessWithOverduePeriod(owner);
    const { draft } = await startReturn(owner, vrn, period.periodKey);
    await owner.post('/api/vat_records', { vrn, ...sale(period.start, 1_000_000, 200_000) });
    expect(await ask(owner, draft.id)).toMatchObject({ state: 'off', report: null });
    expect(await simulatorCalls(off.baseUrl, 'assist', vrn)).toBe(0);
    expect((await submit(owner, draft)).statusCode).toBe(200);
    const audit = await owner.get(`/api/vat_returns/${draft.id}/audit.csv`);
    expect(audit.body).toContain('Not consulted: HMRC Assist is off.');
  });
});
