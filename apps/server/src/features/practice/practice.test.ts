import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type SessionClient } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';
import { connectBusiness } from '../../test/hmrc-journey';
import { createPractice, join, switchTo } from '../../test/practice-journey';
import { totpCode } from '../../test/totp';
import { strongPassword } from '../../test/session-client';
import { assertTwoFactorIfRequired } from './index';

/**
 * Practices: a practice's members work on its businesses, nobody else does,
 * a removed member loses them at once, and only its owner or an admin sets its policy.
 * Review before filing is tested with the returns (vat-returns/review.test.ts); the HMRC calls
 * refused for want of two-factor sign-in with hmrc-connection, which asks assertTwoFactorIfRequired.
 */

let server: TestApp & { baseUrl: string };
beforeAll(async () => {
  server = await createListeningTestApp();
});
afterAll(async () => {
  await server.close();
});

const vrnsOf = async (client: SessionClient) =>
  ((await client.get('/api/businesses')).json() as { businesses: { vrn: string }[] }).businesses.map((b) => b.vrn);

const obligationsStatus = async (client: SessionClient, vrn: string) =>
  (await client.get(`/api/vat/obligations?vrn=${vrn}&from=2025-01-01&to=2025-12-31`)).statusCode;

describe('a practice’s businesses', () => {
  it('are its members’ and nobody else’s; a removed member loses them at once', async () => {
    const owner = await registerUser(server.app, 'owner-a@example.com', 'Olive Owner');
    const own = await connectBusiness(owner);
    const practiceA = await createPractice(owner, 'Practice A');
    // The owner's own business stays theirs: the practice starts with none.
    expect(await vrnsOf(owner)).toEqual([]);
    const client = await connectBusiness(owner);
    expect(await vrnsOf(owner)).toEqual([client.vrn]);

    const preparer = await join(server, owner, practiceA, 'preparer-a@example.com', 'preparer', 'Pat Preparer');
    expect(await vrnsOf(preparer)).toEqual([client.vrn]);
    expect(await obligationsStatus(preparer, client.vrn)).toBe(200);
    expect(await obligationsStatus(preparer, own.vrn)).toBe(403);

    // Working alone again, the owner sees their own business only.
    await switchTo(owner, null);
    expect(await vrnsOf(owner)).toEqual([own.vrn]);
    await switchTo(owner, practiceA);

    // A member of another practice reaches none of A's businesses, nor can they pretend to work in A.
    const outsider = await registerUser(server.app, 'owner-b@example.com', 'Bea');
    await createPractice(outsider, 'Practice B');
    expect(await vrnsOf(outsider)).toEqual([]);
    expect(await obligationsStatus(outsider, client.vrn)).toBe(403);
    const intrude = await outsider.post('/api/auth/organization/set-active', { organizationId: practiceA });
    expect(intrude.statusCode).toBeGreaterThanOrEqual(400);
    expect(await vrnsOf(outsider)).toEqual([]);
    expect((await outsider.get(`/api/businesses/${client.vrn}/activity`)).json()).toEqual({ activity: [] });

    const removed = await owner.post('/api/auth/organization/remove-member', {
      memberIdOrEmail: 'preparer-a@example.com',
      organizationId: practiceA,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await vrnsOf(preparer)).toEqual([]);
    expect(await obligationsStatus(preparer, client.vrn)).toBe(403);
    const me = (await preparer.get('/api/me')).json() as { user: { practice: unknown } };
    expect(me.user.practice).toBeNull();
  });

  it('keeps each member’s own current business: one switching does not switch the others', async () => {
    const owner = await registerUser(server.app, 'owner-e@example.com', 'Evie');
    const practice = await createPractice(owner, 'Practice E');
    const first = await connectBusiness(owner);
    const second = await connectBusiness(owner);
    const member = await join(server, owner, practice, 'preparer-e@example.com', 'preparer', 'Eli');
    const currentOf = async (client: SessionClient) =>
      ((await client.get('/api/businesses')).json() as { current: string | null }).current;
    // Nobody chose yet for the member: the practice's latest used business.
    expect(await currentOf(member)).toBe(second.vrn);

    expect((await member.put('/api/businesses/current', { vrn: first.vrn })).statusCode).toBe(200);
    expect(await currentOf(member)).toBe(first.vrn);
    expect(await currentOf(owner)).toBe(second.vrn);
    await owner.put('/api/businesses/current', { vrn: second.vrn });
    expect(await currentOf(member)).toBe(first.vrn);

    // A business that goes away stops being anyone's choice.
    await owner.request({ method: 'DELETE', url: `/api/businesses/${first.vrn}` });
    expect(await currentOf(member)).toBe(second.vrn);
  });

  it('lets only its owner or an admin ask for review before filing', async () => {
    const owner = await registerUser(server.app, 'owner-c@example.com', 'Cleo');
    const practice = await createPractice(owner, 'Practice C');
    const preparer = await join(server, owner, practice, 'preparer-c@example.com', 'preparer', 'Pip');

    const refused = await preparer.put('/api/practice/policy', { requireReview: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PRACTICE_ROLE_REQUIRED' });
    expect((await owner.put('/api/practice/policy', { requireReview: true })).json()).toEqual({
      requireReview: true,
      requireTwoFactor: false,
      requireClientApproval: false,
    });
    expect((await preparer.get('/api/practice/policy')).json()).toEqual({
      requireReview: true,
      requireTwoFactor: false,
      requireClientApproval: false,
    });

    // Someone working alone has no practice policy to set, and files without review.
    const alone = await registerUser(server.app, 'alone-c@example.com');
    expect((await alone.put('/api/practice/policy', { requireReview: true })).json()).toMatchObject({
      code: 'NOT_IN_A_PRACTICE',
    });
  });
});

/** The user a request with this client's cookies acts as, as the session resolver (and its cache) gives it. */
async function sessionUserOf(client: SessionClient) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const user = await server.app.sessionCache.resolveUser({ headers: { cookie } });
  if (!user) throw new Error('the client is not signed in');
  return user;
}

async function turnOnTwoFactor(client: SessionClient) {
  const enabled = await client.post('/api/auth/two-factor/enable', { password: strongPassword });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const { totpURI } = enabled.json() as { totpURI: string };
  const verified = await client.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
  expect(verified.statusCode, verified.body).toBe(200);
}

describe('requiring two-factor sign-in of a practice’s members', () => {
  it('is set only by its owner or an admin, and leaves review before filing as it was', async () => {
    const owner = await registerUser(server.app, 'owner-t@example.com', 'Tess');
    const practice = await createPractice(owner, 'Practice T');
    const admin = await join(server, owner, practice, 'admin-t@example.com', 'admin', 'Ada');
    const reviewer = await join(server, owner, practice, 'reviewer-t@example.com', 'reviewer', 'Rex');

    const refused = await reviewer.put('/api/practice/policy', { requireTwoFactor: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PRACTICE_ROLE_REQUIRED' });
    expect((await reviewer.get('/api/practice/policy')).json()).toEqual({
      requireReview: false,
      requireTwoFactor: false,
      requireClientApproval: false,
    });

    await owner.put('/api/practice/policy', { requireReview: true });
    const set = await admin.put('/api/practice/policy', { requireTwoFactor: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ requireReview: true, requireTwoFactor: true, requireClientApproval: false });
    expect((await reviewer.get('/api/practice/policy')).json()).toEqual({
      requireReview: true,
      requireTwoFactor: true,
      requireClientApproval: false,
    });
    // Each rule changes alone: turning review off keeps two-factor sign-in required.
    expect((await owner.put('/api/practice/policy', { requireReview: false })).json()).toEqual({
      requireReview: false,
      requireTwoFactor: true,
      requireClientApproval: false,
    });
    expect((await owner.put('/api/practice/policy', { requireTwoFactor: 'yes' })).statusCode).toBe(400);

    const alone = await registerUser(server.app, 'alone-t@example.com');
    expect((await alone.put('/api/practice/policy', { requireTwoFactor: true })).json()).toMatchObject({
      code: 'NOT_IN_A_PRACTICE',
    });
  });

  it('refuses HMRC work to a member without two-factor sign-in, at once, and lets them once it is on', async () => {
    const db = server.app.database.db;
    const owner = await registerUser(server.app, 'owner-u@example.com', 'Uma');
    const practice = await createPractice(owner, 'Practice U');
    const preparer = await join(server, owner, practice, 'preparer-u@example.com', 'preparer', 'Ugo');
    const careful = await join(server, owner, practice, 'careful-u@example.com', 'preparer', 'Una');
    await turnOnTwoFactor(careful);

    // The policy is off: everyone, with two-factor sign-in or not.
    const withoutIt = await sessionUserOf(preparer);
    expect(withoutIt.twoFactorEnabled).toBe(false);
    await expect(assertTwoFactorIfRequired(db, withoutIt)).resolves.toBeUndefined();
    await expect(assertTwoFactorIfRequired(db, await sessionUserOf(owner))).resolves.toBeUndefined();

    // Turned on while the preparer's session is cached: it applies to their next call all the same.
    expect((await owner.put('/api/practice/policy', { requireTwoFactor: true })).statusCode).toBe(200);
    await expect(assertTwoFactorIfRequired(db, await sessionUserOf(preparer))).rejects.toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      statusCode: 403,
    });
    // The owner is a member too.
    await expect(assertTwoFactorIfRequired(db, await sessionUserOf(owner))).rejects.toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
    });
    const withIt = await sessionUserOf(careful);
    expect(withIt.twoFactorEnabled).toBe(true);
    await expect(assertTwoFactorIfRequired(db, withIt)).resolves.toBeUndefined();

    // Once the preparer turns it on, their next call goes (turning it on forgets their cached session).
    await turnOnTwoFactor(preparer);
    await expect(assertTwoFactorIfRequired(db, await sessionUserOf(preparer))).resolves.toBeUndefined();

    // Working alone, the practice's rule does not follow them.
    await switchTo(owner, null);
    await expect(assertTwoFactorIfRequired(db, await sessionUserOf(owner))).resolves.toBeUndefined();

    expect((await owner.put('/api/practice/policy', { requireTwoFactor: false })).json()).toMatchObject({
      code: 'NOT_IN_A_PRACTICE',
    });
    await switchTo(owner, practice);
    expect((await owner.put('/api/practice/policy', { requireTwoFactor: false })).statusCode).toBe(200);
    await expect(assertTwoFactorIfRequired(db, await sessionUserOf(owner))).resolves.toBeUndefined();
  });
});
