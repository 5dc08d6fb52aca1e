import fs from 'node:fs';
import path from 'node:path';
import {
  addDays,
  agentSocket,
  obligationListSchema,
  type NotificationPage,
  type PracticeInvitation,
  type NotificationPreferences,
  type ReturnDraft,
  ukToday,
} from '@vatwise/domain';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPractice, switchTo } from '../../test/practice-journey';
import { registerUser, type SessionClient, signIn } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';
import { connectBusiness } from '../../test/hmrc-journey';

/**
 * Notifications: who of a workspace is told of what, in the app (stored per person, pushed to
 * their open browsers) and by e-mail (here the outbox, as without SMTP_URL), as each chose.
 */

let server: TestApp & { baseUrl: string };
const sockets: Socket[] = [];
let admin: SessionClient;
beforeAll(async () => {
  server = await createListeningTestApp();
  // The first account is the Admin, who may run the deadline watcher's round.
  admin = await registerUser(server.app, 'ada@example.com', 'Ada Admin');
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.close();
});

const cookieOf = (client: SessionClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** What `client`'s open browser hears of new notifications. */
async function liveNotices(client: SessionClient): Promise<{ id: string }[]> {
  const socket = io(`${server.baseUrl}${agentSocket.namespace}`, {
    path: agentSocket.path,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie: cookieOf(client) },
  });
  sockets.push(socket);
  const heard: { id: string }[] = [];
  socket.on(agentSocket.events.notification, (notice: { id: string }) => heard.push(notice));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return heard;
}

const notificationsOf = async (client: SessionClient, query = '') => {
  const response = await client.get(`/api/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as NotificationPage;
};

function outbox(app: TestApp) {
  const dir = path.join(app.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
}
const readyMailsTo = (app: TestApp, email: string) =>
  outbox(app).filter((mail) => mail.startsWith(`To: ${email}\n`) && /Subject: .*ready for review/.test(mail));

/** A business of the workspace and a return started for its overdue period (the simulator always has one). */
async function businessWithReturn(client: SessionClient) {
  const { vrn } = await connectBusiness(client);
  const today = ukToday();
  const open = await client.get(`/api/vat/obligations?vrn=${vrn}&from=${addDays(today, -364)}&to=${today}&status=Open`);
  const period = obligationListSchema.parse(open.json()).obligations.find((obligation) => obligation.due < today);
  const started = await client.post('/api/initiate_vat_return', {
    user_vrn: vrn,
    period_key: period?.periodKey,
    flat_rate_scheme: false,
    flat_rate_percentage: null,
  });
  expect(started.statusCode, started.body).toBe(201);
  return { vrn, draft: started.json() as ReturnDraft };
}

/** Someone whose address is proved (as once they follow the verification mail), signed in. */
async function verifiedUser(app: TestApp, email: string, name: string) {
  await registerUser(app.app, email, name).catch(() => undefined);
  const db = app.app.database;
  await db.db
    .updateTable('user')
    .set({ emailVerified: db.kind === 'postgres' ? true : 1 })
    .where('email', '=', email)
    .execute();
  const { client, response } = await signIn(app.app, email);
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

async function join(app: TestApp, owner: SessionClient, practiceId: string, email: string, role: string, name: string) {
  const invited = await owner.post('/api/auth/organization/invite-member', { email, role, organizationId: practiceId });
  expect(invited.statusCode, invited.body).toBe(200);
  const member = await verifiedUser(app, email, name);
  const waiting = (await member.get('/api/practice/invitations')).json() as { invitations: PracticeInvitation[] };
  const accepted = await member.post('/api/auth/organization/accept-invitation', {
    invitationId: waiting.invitations[0]?.id,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await switchTo(member, practiceId);
  return member;
}

async function practiceWithReturn(letter: string) {
  const owner = await verifiedUser(server, `owner-${letter}@example.com`, `Olive ${letter}`);
  const practice = await createPractice(owner, `Practice ${letter}`);
  const preparer = await join(server, owner, practice, `preparer-${letter}@example.com`, 'preparer', `Pat ${letter}`);
  const reviewer = await join(server, owner, practice, `reviewer-${letter}@example.com`, 'reviewer', `Rita ${letter}`);
  const second = await join(server, owner, practice, `preparer2-${letter}@example.com`, 'preparer', `Paul ${letter}`);
  const { vrn, draft } = await businessWithReturn(preparer);
  return { owner, practice, preparer, reviewer, second, vrn, draft };
}

const markReady = async (client: SessionClient, id: string) => {
  const response = await client.post(`/api/vat_returns/${id}/ready`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReturnDraft;
};

describe('a return marked ready for review', () => {
  it('tells those who may approve it, in the app, live and by e-mail, and not the one who marked it', async () => {
    const { owner, preparer, reviewer, second, vrn, draft } = await practiceWithReturn('a');
    const heard = await liveNotices(reviewer);
    await markReady(preparer, draft.id);

    const page = await notificationsOf(reviewer);
    expect(page.unread).toBe(1);
    expect(page.notifications).toEqual([
      expect.objectContaining({
        kind: 'marked_ready',
        vrn,
        actorName: 'Pat a',
        link: `/app/vat-submissions/${draft.id}`,
        read: false,
      }),
    ]);
    const [notice] = page.notifications;
    await vi.waitFor(() => expect(heard).toEqual([{ id: notice?.id }]));
    expect((await notificationsOf(owner)).notifications.map((n) => n.kind)).toEqual(['marked_ready']);
    // Neither the person who did it nor another preparer, who may not approve.
    expect(await notificationsOf(preparer)).toEqual({ notifications: [], unread: 0, next: null });
    expect((await notificationsOf(second)).notifications).toEqual([]);

    await vi.waitFor(() => expect(readyMailsTo(server, 'reviewer-a@example.com')).toHaveLength(1));
    const [mail = ''] = readyMailsTo(server, 'reviewer-a@example.com');
    expect(mail).toContain(`Subject: VAT Wise: ${notice?.businessName}: VAT return ready for review`);
    expect(mail).toContain(`Pat a marked a VAT return of ${notice?.businessName} (VRN ${vrn}) ready for review.`);
    expect(mail).toContain(`${server.app.config.publicUrl.replace(/\/$/, '')}/app/vat-submissions/${draft.id}`);
    expect(readyMailsTo(server, 'owner-a@example.com')).toHaveLength(1);
    expect(readyMailsTo(server, 'preparer-a@example.com')).toEqual([]);
    expect(readyMailsTo(server, 'preparer2-a@example.com')).toEqual([]);

    // Approved: the preparers hear of it in the app; approval is not mailed unless chosen.
    const approved = await reviewer.post(`/api/vat_returns/${draft.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await notificationsOf(preparer)).notifications).toEqual([
      expect.objectContaining({ kind: 'approved', actorName: 'Rita a' }),
    ]);
    expect((await notificationsOf(reviewer)).notifications.map((n) => n.kind)).toEqual(['marked_ready']);
  });

  it('follows each person’s choices, per kind, for the app and for e-mail', async () => {
    const { owner, preparer, reviewer, draft } = await practiceWithReturn('b');
    const defaults = (await reviewer.get('/api/notifications/preferences')).json() as NotificationPreferences;
    expect(defaults.delivery).toBe('outbox');
    expect(defaults.kinds.marked_ready).toEqual({ inApp: true, email: true });
    expect(defaults.kinds.approved).toEqual({ inApp: true, email: false });

    // The reviewer wants no mail of returns ready; the owner wants them by mail only.
    const changed = await reviewer.put('/api/notifications/preferences', {
      kinds: { marked_ready: { inApp: true, email: false } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as NotificationPreferences).kinds).toMatchObject({
      marked_ready: { inApp: true, email: false },
      approved: { inApp: true, email: false },
    });
    await owner.put('/api/notifications/preferences', { kinds: { marked_ready: { inApp: false, email: true } } });
    const refused = await owner.put('/api/notifications/preferences', { kinds: { nonsense: { inApp: true } } });
    expect(refused.statusCode).toBe(400);

    await markReady(preparer, draft.id);
    expect((await notificationsOf(reviewer)).unread).toBe(1);
    expect((await notificationsOf(owner)).notifications).toEqual([]);
    await vi.waitFor(() => expect(readyMailsTo(server, 'owner-b@example.com')).toHaveLength(1));
    expect(readyMailsTo(server, 'reviewer-b@example.com')).toEqual([]);
  });
});

describe('reading notifications', () => {
  it('marks one or all read, pages newest first, and refuses another’s notification', async () => {
    const { preparer, reviewer, owner, draft } = await practiceWithReturn('c');
    for (let round = 0; round < 3; round += 1) await markReady(preparer, draft.id);
    const first = await notificationsOf(reviewer, '?limit=2');
    expect(first.notifications).toHaveLength(2);
    expect(first.unread).toBe(3);
    const rest = await notificationsOf(reviewer, `?limit=2&before=${first.next}`);
    expect(rest.notifications).toHaveLength(1);
    expect(rest.next).toBeNull();

    const one = first.notifications[0]?.id;
    const other = await owner.post('/api/notifications/read', { id: one });
    expect(other.json()).toMatchObject({ code: 'NOTIFICATION_NOT_FOUND' });
    expect((await reviewer.post('/api/notifications/read', { id: one })).json()).toEqual({ unread: 2 });
    expect((await notificationsOf(reviewer, '?limit=1')).notifications[0]).toMatchObject({ id: one, read: true });
    expect((await reviewer.post('/api/notifications/read', { all: true })).json()).toEqual({ unread: 0 });
    expect((await reviewer.post('/api/notifications/read', {})).statusCode).toBe(400);
  });
});

describe('a removed member', () => {
  it('is told nothing more of the practice, and no longer reads what it was told', async () => {
    const { owner, practice, preparer, reviewer, draft } = await practiceWithReturn('d');
    await markReady(preparer, draft.id);
    expect((await notificationsOf(reviewer)).unread).toBe(1);
    await vi.waitFor(() => expect(readyMailsTo(server, 'reviewer-d@example.com')).toHaveLength(1));

    const removed = await owner.post('/api/auth/organization/remove-member', {
      memberIdOrEmail: 'reviewer-d@example.com',
      organizationId: practice,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const heard = await liveNotices(reviewer);
    await markReady(preparer, draft.id);
    expect((await notificationsOf(owner)).unread).toBe(2);
    expect(await notificationsOf(reviewer)).toEqual({ notifications: [], unread: 0, next: null });
    expect(heard).toEqual([]);
    await vi.waitFor(() => expect(readyMailsTo(server, 'owner-d@example.com')).toHaveLength(2));
    expect(readyMailsTo(server, 'reviewer-d@example.com')).toHaveLength(1);
  });
});

describe('a client’s return overdue', () => {
  it('is told to every member once, from the deadline watcher’s warning', async () => {
    const { preparer, reviewer, vrn } = await practiceWithReturn('f');
    const overdue = async (client: SessionClient) =>
      (await notificationsOf(client)).notifications.filter((n) => n.kind === 'overdue' && n.vrn === vrn);
    expect((await admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    // The simulator's account always has one overdue period open.
    await vi.waitFor(async () => expect(await overdue(reviewer)).toHaveLength(1));
    expect(await overdue(preparer)).toEqual([
      expect.objectContaining({ actorName: '', detail: expect.stringMatching(/^Return \S+ to \S+, due \S+$/) }),
    ]);
    await vi.waitFor(() =>
      expect(
        outbox(server).filter((mail) => mail.startsWith('To: preparer-f@example.com\n') && mail.includes('overdue')),
      ).toHaveLength(1),
    );
    // A second round raises no new warning, so tells nobody again.
    expect((await admin.post('/api/agents/deadline-watcher/run')).statusCode).toBe(200);
    expect(await overdue(reviewer)).toHaveLength(1);
  });
});

describe('a mail that cannot be sent', () => {
  it('is logged and never fails the action', async () => {
    // An SMTP server nobody listens on.
    const failing = await createListeningTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const owner = await verifiedUser(failing, 'owner-e@example.com', 'Olive e');
      const practice = await createPractice(owner, 'Practice E');
      const preparer = await join(failing, owner, practice, 'preparer-e@example.com', 'preparer', 'Pat e');
      const { draft } = await businessWithReturn(preparer);
      const ready = await preparer.post(`/api/vat_returns/${draft.id}/ready`);
      expect(ready.statusCode, ready.body).toBe(200);
      expect((await notificationsOf(owner)).unread).toBe(1);
      await vi.waitFor(() => expect(failing.logText()).toContain('a notification e-mail could not be sent'), {
        timeout: 10_000,
      });
    } finally {
      await failing.close();
    }
  });
});
