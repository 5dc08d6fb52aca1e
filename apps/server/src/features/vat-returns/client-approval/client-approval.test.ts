import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  type BusinessActivity,
  type ClientApprovalPage,
  canonicalBoxes,
  type ReturnDraft,
  type SentClientApproval,
} from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPractice } from '../../../test/practice-journey';
import { registerUser, SessionClient } from '../../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../../test/test-app';
import { businessWithOverduePeriod, startReturn } from '../test-journey';

/**
 * The client approves a return's figures through a link (docs/practice.md): no account, the
 * exact boxes fingerprinted, a change afterwards voids it, and a practice may file only then.
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

const tokenOf = (sent: SentClientApproval) => sent.link.split('/approve/')[1] ?? '';

describe("the client's approval of a return", () => {
  it('is given through the link, voided by a change, and required before filing when the practice asks', async () => {
    const owner = await registerUser(server.app, 'owner-ca@example.com', 'Olive Owner');
    await createPractice(owner, 'Practice CA');
    await owner.put('/api/practice/policy', { requireClientApproval: true });
    expect((await owner.get('/api/practice/policy')).json()).toMatchObject({ requireClientApproval: true });

    const { vrn, period } = await businessWithOverduePeriod(owner);
    const { draft } = await startReturn(owner, vrn, period.periodKey);
    expect(draft.clientApproval).toMatchObject({ state: 'none', required: true });
    await owner.post('/api/vat_records', { vrn, ...sale(period.start, 1_000_000, 200_000) });
    const submit = () =>
      owner.post(`/api/vat_returns/${draft.id}/submit`, {
        idempotencyKey: draft.idempotencyKey,
        declarationAccepted: true,
      });
    const refused = await submit();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CLIENT_APPROVAL_REQUIRED' });

    const sendLink = async (email?: string) => {
      const response = await owner.post(`/api/vat_returns/${draft.id}/client_approval`, email ? { email } : {});
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as SentClientApproval;
    };
    const sent = await sendLink('client-ca@example.com');
    expect(sent.link.startsWith(`${server.app.config.publicUrl}/approve/`)).toBe(true);
    expect(sent.approval).toMatchObject({ state: 'sent', sentTo: 'client-ca@example.com', sentBy: 'Olive Owner' });
    // The link went to the client by mail (the outbox, without SMTP).
    const outbox = path.join(server.dataDir, 'outbox');
    const mails = fs.readdirSync(outbox).map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'));
    expect(mails.some((mail) => mail.includes('To: client-ca@example.com') && mail.includes(sent.link))).toBe(true);

    // The client has no account: a browser without a session.
    const client = new SessionClient(server.app);
    const token = tokenOf(sent);
    const pageResponse = await client.get(`/api/client_approval/${token}`);
    expect(pageResponse.statusCode, pageResponse.body).toBe(200);
    const page = pageResponse.json() as ClientApprovalPage;
    expect(page).toMatchObject({ vrn, periodStart: period.start, periodEnd: period.end, practiceName: 'Practice CA' });
    expect(page.boxes).toMatchObject({ box1: 200_000, box6: 1_000_000 });
    expect(page.fingerprint).toBe(createHash('sha256').update(canonicalBoxes(page.boxes)).digest('hex'));
    // Nothing beyond that return: no records, no other return, no ids of the practice.
    expect(Object.keys(page).sort()).toEqual(
      [
        'boxes',
        'businessName',
        'due',
        'expiresAt',
        'fingerprint',
        'periodEnd',
        'periodStart',
        'practiceName',
        'vrn',
      ].sort(),
    );

    // The figures read must be the figures approved.
    const stale = await client.post(`/api/client_approval/${token}/approve`, {
      name: 'Carla Client',
      fingerprint: 'a'.repeat(64),
      confirmed: true,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CLIENT_FIGURES_CHANGED' });
    const approve = (linkToken: string, fingerprint = page.fingerprint) =>
      client.request({
        method: 'POST',
        url: `/api/client_approval/${linkToken}/approve`,
        body: { name: 'Carla Client', fingerprint, confirmed: true },
        headers: { 'user-agent': 'PhoneBrowser/1.0' },
      });
    const approved = await approve(token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await approve(token)).json()).toMatchObject({ code: 'CLIENT_LINK_USED' });

    const afterApproval = (await owner.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft;
    expect(afterApproval.clientApproval).toMatchObject({ state: 'approved', clientName: 'Carla Client' });
    const stored = await server.app.database.db
      .selectFrom('client_approval')
      .selectAll()
      .where('return_id', '=', draft.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      status: 'approved',
      client_name: 'Carla Client',
      sent_to: 'client-ca@example.com',
      boxes_fingerprint: page.fingerprint,
      client_ip: '127.0.0.1',
      client_user_agent: 'PhoneBrowser/1.0',
    });
    // Only the token's hash is kept.
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));

    // A change to the figures afterwards voids the approval, and filing is refused again.
    await owner.post('/api/vat_records', { vrn, ...sale(period.start, 50_000, 10_000) });
    const changed = (await owner.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft;
    expect(changed.clientApproval?.state).toBe('changed');
    expect((await submit()).json()).toMatchObject({ code: 'CLIENT_APPROVAL_REQUIRED' });

    // A newer link voids the unanswered one; an expired link and an unknown one are refused.
    const replaced = await sendLink();
    const current = await sendLink();
    expect((await client.get(`/api/client_approval/${tokenOf(replaced)}`)).json()).toMatchObject({
      code: 'CLIENT_LINK_VOIDED',
    });
    expect((await client.get(`/api/client_approval/${'x'.repeat(43)}`)).json()).toMatchObject({
      code: 'CLIENT_LINK_UNKNOWN',
    });
    await server.app.database.db
      .updateTable('client_approval')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', createHash('sha256').update(tokenOf(current)).digest('hex'))
      .execute();
    const expired = await client.get(`/api/client_approval/${tokenOf(current)}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'CLIENT_LINK_EXPIRED' });
    expect(((await owner.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft).clientApproval?.state).toBe(
      'expired',
    );

    // The client may ask a question instead; the practice sees it.
    const asked = tokenOf(await sendLink());
    const query = await client.post(`/api/client_approval/${asked}/query`, {
      name: 'Carla Client',
      question: 'Is the March invoice in?',
    });
    expect(query.statusCode, query.body).toBe(200);
    expect(((await owner.get(`/api/vat_returns/${draft.id}`)).json() as ReturnDraft).clientApproval).toMatchObject({
      state: 'queried',
      question: 'Is the March invoice in?',
    });

    // Approved as the figures are now: the return is filed, and its receipt names who did what.
    await owner.post(`/api/vat_returns/${draft.id}/ready`);
    const last = tokenOf(await sendLink());
    const lastPage = (await client.get(`/api/client_approval/${last}`)).json() as ClientApprovalPage;
    expect((await approve(last, lastPage.fingerprint)).statusCode).toBe(200);
    const filed = await submit();
    expect(filed.statusCode, filed.body).toBe(200);
    expect((filed.json() as ReturnDraft).receipt?.approvals).toMatchObject({
      preparedBy: { name: 'Olive Owner' },
      reviewedBy: null,
      client: { name: 'Carla Client', email: null },
    });
    // A filed return's link answers no more.
    expect((await client.get(`/api/client_approval/${last}`)).json()).toMatchObject({ code: 'CLIENT_LINK_USED' });
    const pdf = await owner.get(`/api/vat_returns/${draft.id}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);

    const { activity } = (await owner.get(`/api/businesses/${vrn}/activity`)).json() as {
      activity: BusinessActivity[];
    };
    const trail = activity
      .filter((line) => line.kind.startsWith('client_'))
      .map((line) => `${line.actorName}: ${line.kind}`)
      .reverse();
    expect(trail).toEqual([
      'Olive Owner: client_approval_sent',
      'Carla Client: client_approved',
      'Olive Owner: client_approval_sent',
      'Olive Owner: client_approval_sent',
      'Olive Owner: client_approval_sent',
      'Carla Client: client_queried',
      'Olive Owner: client_approval_sent',
      'Carla Client: client_approved',
    ]);
  });
});
