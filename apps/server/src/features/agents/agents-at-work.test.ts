import fs from 'node:fs';
import path from 'node:path';
import {
  type AgentLogEntry,
  addDays,
  agentSocket,
  type DeadlineAlertEvent,
  obligationListSchema,
  ukToday,
} from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { invitationLinkOf } from '../../test/practice-journey';
import { agentsTestServer } from './agents-test-server';

/** The scheduled agents' work against the embedded simulator: the token keeper and the deadline watcher. */

const live = agentsTestServer();
const { connect, connected, record, until, newUser, connectUnwatched, drained } = live;

describe('the agents at work', () => {
  it('token keeper: refreshes a token about to end and tells its user', async () => {
    const { client: alice, id: aliceId } = await newUser('Alice');
    // Unwatched: the check on connecting would refresh the token set to end below, before the keeper.
    await connectUnwatched(alice);
    // Alice's connection is made to end in a minute.
    const soon = new Date(Date.now() + 60_000).toISOString();
    await live.server.app.database.db
      .updateTable('hmrc_connection')
      .set({ access_expires_at: soon })
      .where('owner_id', '=', aliceId)
      .execute();
    const run = await live.admin.post('/api/agents/token-keeper/run');
    expect(run.statusCode).toBe(200);
    expect(run.json().lastRunAt).not.toBeNull();
    const lines = (await alice.get('/api/agents/logs')).json().entries as AgentLogEntry[];
    expect(
      lines.some(
        (line) =>
          line.agentId === 'token-keeper' &&
          line.level === 'success' &&
          line.message.startsWith('Refreshed the HMRC token'),
      ),
    ).toBe(true);
    const row = await live.server.app.database.db
      .selectFrom('hmrc_connection')
      .select('access_expires_at')
      .where('owner_id', '=', aliceId)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.access_expires_at)).toBeGreaterThan(Date.now() + 3 * 3_600_000);
  });

  it('deadline watcher: checks every business and raises each warning once', async () => {
    const { client: alice, id: aliceId } = await newUser('Alice');
    await connectUnwatched(alice);
    const aliceSocket = connect(alice);
    await connected(aliceSocket);
    const alerts = record<DeadlineAlertEvent>(aliceSocket, agentSocket.events.deadline);
    const raised = () =>
      live.server.app.database.db.selectFrom('deadline_alert').selectAll().where('owner_id', '=', aliceId).execute();
    expect(await raised()).toEqual([]);
    expect((await live.admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    const lines = (await alice.get('/api/agents/logs')).json().entries as AgentLogEntry[];
    expect(lines.filter((line) => line.agentId === 'deadline-watcher').length).toBeGreaterThan(0);
    // The simulator's account always has one overdue period open, so a warning is due.
    const warnings = (await raised()).filter((row) => !row.alert_key.includes(':payment:'));
    expect(warnings.length).toBeGreaterThan(0);
    await until(() => alerts.length === warnings.length, 'the deadline toasts');
    for (const alert of alerts) expect(['due14', 'due7', 'due1', 'overdue']).toContain(alert.level);

    // A second round raises nothing new.
    const heard = alerts.length;
    expect((await live.admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    await drained(aliceSocket, aliceId);
    expect(alerts).toHaveLength(heard);
    expect((await raised()).filter((row) => !row.alert_key.includes(':payment:'))).toHaveLength(warnings.length);
  });

  it('deadline watcher: warns once about VAT left unpaid after its due date', async () => {
    const { client: alice, id: aliceId } = await newUser('Alice');
    const { vrn } = await connectUnwatched(alice);
    // Filing the overdue period late leaves its VAT owed, and its due date has passed.
    const today = ukToday();
    const overdue = obligationListSchema
      .parse(
        (
          await alice.get(`/api/vat/obligations?vrn=${vrn}&from=${addDays(today, -364)}&to=${today}&status=Open`)
        ).json(),
      )
      .obligations.find((obligation) => obligation.due < today);
    if (!overdue) throw new Error('no overdue period in the simulated history');
    const draft = (
      await alice.post('/api/initiate_vat_return', {
        user_vrn: vrn,
        period_key: overdue.periodKey,
        flat_rate_scheme: false,
        flat_rate_percentage: null,
      })
    ).json() as { id: string; idempotencyKey: string };
    await alice.post('/api/vat_records', {
      vrn,
      kind: 'sale',
      date: overdue.start,
      description: 'Late sale',
      netPence: 50_000,
      vatPence: 10_000,
      rate: 'standard',
      treatment: 'normal',
    });
    const filed = await alice.post(`/api/vat_returns/${draft.id}/submit`, {
      idempotencyKey: draft.idempotencyKey,
      declarationAccepted: true,
    });
    expect(filed.statusCode, filed.body).toBe(200);

    const paymentWarnings = async () =>
      (
        await live.server.app.database.db
          .selectFrom('deadline_alert')
          .selectAll()
          .where('owner_id', '=', aliceId)
          .execute()
      ).filter((row) => row.alert_key.includes(':payment:'));
    expect((await live.admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    expect(await paymentWarnings()).toHaveLength(1);
    const unpaidLines = async () =>
      ((await alice.get('/api/agents/logs')).json().entries as AgentLogEntry[]).filter((line) =>
        line.message.startsWith('Unpaid: £100.00 of VAT'),
      );
    expect(await unpaidLines()).toHaveLength(1);

    expect((await live.admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    expect(await paymentWarnings()).toHaveLength(1);
    expect(await unpaidLines()).toHaveLength(1);
  });

  it('deadline watcher: mails a subscriber each new warning once, in one daily digest', async () => {
    const { client: carol, id: carolId } = await newUser('Carol');
    const email = ((await carol.get('/api/me')).json() as { user: { email: string } }).user.email;
    const outbox = path.join(live.server.dataDir, 'outbox');
    const digestsTo = () =>
      (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
        .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
        .filter((mail) => mail.startsWith(`To: ${email}\n`) && mail.includes('new VAT warning'));

    expect((await carol.get('/api/reminders')).json()).toEqual({ dailyDigest: false, delivery: 'outbox' });
    const subscribed = await carol.put('/api/reminders', { dailyDigest: true });
    expect(subscribed.json()).toEqual({ dailyDigest: true, delivery: 'outbox' });

    const business = await connectUnwatched(carol);
    expect((await live.admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    const warnings = await live.server.app.database.db
      .selectFrom('deadline_alert')
      .selectAll()
      .where('owner_id', '=', carolId)
      .execute();
    expect(warnings.length).toBeGreaterThan(0);
    const [digest, ...more] = digestsTo();
    expect(more).toEqual([]);
    for (const warning of warnings) expect(digest).toContain(warning.message ?? 'a warning with no words');
    expect(digest).toContain(`VRN ${business.vrn}`);

    // The next round raises nothing new, so nothing more is mailed; an unsubscribed user gets nothing.
    expect((await live.admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    expect(digestsTo()).toHaveLength(1);
    expect((await carol.put('/api/reminders', { dailyDigest: false })).json().dailyDigest).toBe(false);
    await live.server.app.database.db.deleteFrom('digest_delivery').where('user_id', '=', carolId).execute();
    expect((await live.admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    expect(digestsTo()).toHaveLength(1);
  });
});

describe('deadline watcher in a practice', () => {
  it("mails each subscribed member the practice's new warnings once, beside their own", async () => {
    const { client: owner } = await newUser('Paula');
    const { client: member, id: memberId } = await newUser('Quentin');
    const memberEmail = ((await member.get('/api/me')).json() as { user: { email: string } }).user.email;
    const created = await owner.post('/api/auth/organization/create', {
      name: 'Digest & Co',
      slug: `digest-${memberId}`,
    });
    const practiceId = (created.json() as { id: string }).id;
    await owner.post('/api/auth/organization/set-active', { organizationId: practiceId });
    const invited = await owner.post('/api/auth/organization/invite-member', {
      email: memberEmail,
      role: 'preparer',
      organizationId: practiceId,
    });
    // Without mail the member's address is not verified: they accept through the owner's link.
    const invitationId = (invited.json() as { id: string }).id;
    const { token } = await invitationLinkOf(owner, invitationId);
    await member.request({
      method: 'POST',
      url: '/api/auth/organization/accept-invitation',
      body: { invitationId },
      headers: { 'x-invitation-token': token },
    });
    await member.put('/api/reminders', { dailyDigest: true });
    await owner.put('/api/reminders', { dailyDigest: true });

    const business = await connectUnwatched(owner);
    expect((await live.admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    const outbox = path.join(live.server.dataDir, 'outbox');
    const digestsMentioning = () =>
      (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
        .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
        .filter((mail) => mail.includes('new VAT warning') && mail.includes(`VRN ${business.vrn}`))
        .map((mail) => mail.split('\n')[0]);
    const ownerEmail = ((await owner.get('/api/me')).json() as { user: { email: string } }).user.email;
    expect(digestsMentioning().sort()).toEqual([`To: ${memberEmail}`, `To: ${ownerEmail}`].sort());
    // The warnings are in every member's agent dialogue too.
    const { entries } = (await member.get('/api/agents/logs')).json() as { entries: AgentLogEntry[] };
    expect(entries.some((entry) => entry.message.includes(`VRN ${business.vrn}`))).toBe(true);

    expect((await live.admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    expect(digestsMentioning()).toHaveLength(2);
  });
});
