import { type BusinessActivity, dashboardSchema, type ReturnDraft, type ReturnNote, ukToday } from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPractice, join } from '../../../test/practice-journey';
import { registerUser } from '../../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../../test/test-app';
import { businessWithOverduePeriod, startReturn } from '../test-journey';

/**
 * A practice that asks for review files only returns a reviewer other than
 * their preparer approved, with the figures as approved; who did what is kept per business.
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

describe('review before filing', () => {
  it('files only what a reviewer other than its preparer approved, and keeps who did what', async () => {
    const owner = await registerUser(server.app, 'owner-d@example.com', 'Dora Owner');
    const practice = await createPractice(owner, 'Practice D');
    await owner.put('/api/practice/policy', { requireReview: true });
    const preparer = await join(server, owner, practice, 'preparer-d@example.com', 'preparer', 'Pete Preparer');
    const reviewer = await join(server, owner, practice, 'reviewer-d@example.com', 'reviewer', 'Rita Reviewer');

    const { vrn, period } = await businessWithOverduePeriod(preparer);
    const { draft } = await startReturn(preparer, vrn, period.periodKey);
    expect(draft.review).toMatchObject({ state: 'draft', required: true });
    const record = await preparer.post('/api/vat_records', { vrn, ...sale(period.start, 1_000_000, 200_000) });
    expect(record.statusCode, record.body).toBe(201);

    const submit = () =>
      preparer.post(`/api/vat_returns/${draft.id}/submit`, {
        idempotencyKey: draft.idempotencyKey,
        declarationAccepted: true,
      });
    expect((await submit()).json()).toMatchObject({ code: 'REVIEW_REQUIRED' });
    expect((await reviewer.post(`/api/vat_returns/${draft.id}/approve`)).json()).toMatchObject({
      code: 'RETURN_NOT_READY',
    });

    const ready = (await preparer.post(`/api/vat_returns/${draft.id}/ready`)).json() as ReturnDraft;
    expect(ready.review).toMatchObject({ state: 'ready', readyBy: 'Pete Preparer' });
    const reviewOnDashboard = async () =>
      dashboardSchema.parse((await reviewer.get('/api/dashboard')).json()).rows.find((row) => row.vrn === vrn)?.review;
    expect(await reviewOnDashboard()).toEqual({ returnId: draft.id, periodEnd: period.end, state: 'ready' });
    // A preparer never approves; a reviewer never approves a return they marked ready themselves.
    expect((await preparer.post(`/api/vat_returns/${draft.id}/approve`)).json()).toMatchObject({
      code: 'APPROVER_ROLE_REQUIRED',
    });
    const reviewersOwn = await startReturn(reviewer, vrn, period.periodKey);
    await reviewer.post(`/api/vat_returns/${reviewersOwn.draft.id}/ready`);
    expect((await reviewer.post(`/api/vat_returns/${reviewersOwn.draft.id}/approve`)).json()).toMatchObject({
      code: 'OWN_RETURN_APPROVAL',
    });
    // That was the same return (one per period); the preparer marks it ready again.
    await preparer.post(`/api/vat_returns/${draft.id}/ready`);

    const approved = (await reviewer.post(`/api/vat_returns/${draft.id}/approve`)).json() as ReturnDraft;
    expect(approved.review).toMatchObject({ state: 'approved', approvedBy: 'Rita Reviewer' });

    // Figures changed after approval: the approval no longer stands.
    await preparer.post('/api/vat_records', { vrn, ...sale(period.start, 50_000, 10_000) });
    const changed = (await preparer.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft;
    expect(changed.review.state).toBe('changed');
    expect((await submit()).json()).toMatchObject({ code: 'REVIEW_REQUIRED' });

    const note = await reviewer.post(`/api/vat_returns/${draft.id}/notes`, { text: 'Second invoice checked.' });
    expect(note.statusCode).toBe(201);
    const notes = (await preparer.get(`/api/vat_returns/${draft.id}/notes`)).json() as { notes: ReturnNote[] };
    expect(notes.notes).toMatchObject([{ text: 'Second invoice checked.', authorName: 'Rita Reviewer' }]);

    await reviewer.post(`/api/vat_returns/${draft.id}/approve`);
    const filed = await submit();
    expect(filed.statusCode, filed.body).toBe(200);
    expect(await reviewOnDashboard()).toBeNull();
    // The dashboard read this business before the filing; it reads it again at once, not in 15 minutes.
    await vi.waitFor(
      async () => {
        const row = dashboardSchema
          .parse((await owner.get('/api/dashboard')).json())
          .rows.find((one) => one.vrn === vrn);
        expect(row?.reading).toBe(false);
        expect(row?.standing?.lastFiled?.received).toBe(ukToday());
      },
      { timeout: 30_000, interval: 250 },
    );
    expect((filed.json() as ReturnDraft).receipt).toMatchObject({
      boxes: { box1: 210_000 },
      submittedBy: { email: 'preparer-d@example.com' },
    });

    const { activity } = (await owner.get(`/api/businesses/${vrn}/activity`)).json() as {
      activity: BusinessActivity[];
    };
    const trail = activity.map((event) => `${event.actorName}: ${event.kind}`).reverse();
    expect(trail).toEqual([
      'Pete Preparer: connected',
      'Pete Preparer: record_added',
      'Pete Preparer: marked_ready',
      'Rita Reviewer: marked_ready',
      'Pete Preparer: marked_ready',
      'Rita Reviewer: approved',
      'Pete Preparer: record_added',
      'Rita Reviewer: note_added',
      'Rita Reviewer: approved',
      'Pete Preparer: submitted',
    ]);
  });
});
