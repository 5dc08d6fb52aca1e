import { Role, type UserRecord } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../plugins/access';
import { createSessionCache } from './session-cache';

const alice: SessionUser = {
  id: 'u1',
  email: 'a@example.com',
  name: 'A',
  role: Role.Editor,
  twoFactorEnabled: false,
  workspaceId: 'u1',
  practice: null,
};

/** A session store standing in for better-auth: token -> user, counting reads. */
function store() {
  const sessions = new Map<string, SessionUser>([
    ['tok-1', alice],
    ['tok-2', alice],
  ]);
  let reads = 0;
  return {
    sessions,
    reads: () => reads,
    resolve: async (request: { headers: { cookie?: string } }) => {
      reads++;
      const token = /session_token=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
      return (token && sessions.get(token)) || null;
    },
  };
}

const withToken = (token: string, secure = false) => ({
  headers: { cookie: `theme=dark; ${secure ? '__Secure-' : ''}vatwise.session_token=${token}` },
});

describe('session cache', () => {
  it('reads a session once and reuses it within the time to live', async () => {
    const backing = store();
    const cache = createSessionCache(backing.resolve);
    expect(await cache.resolveUser(withToken('tok-1'))).toEqual(alice);
    expect(await cache.resolveUser(withToken('tok-1', true))).toEqual(alice);
    expect(backing.reads()).toBe(1);
  });

  it('never keeps a missing or unknown session, so a new sign-in is seen at once', async () => {
    const backing = store();
    const cache = createSessionCache(backing.resolve);
    expect(await cache.resolveUser({ headers: {} })).toBeNull();
    expect(backing.reads()).toBe(0);
    expect(await cache.resolveUser(withToken('tok-9'))).toBeNull();
    backing.sessions.set('tok-9', alice);
    expect(await cache.resolveUser(withToken('tok-9'))).toEqual(alice);
  });

  it('sees a revocation made elsewhere once the time to live has passed', async () => {
    const backing = store();
    const cache = createSessionCache(backing.resolve, 30);
    await cache.resolveUser(withToken('tok-1'));
    backing.sessions.delete('tok-1');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.resolveUser(withToken('tok-1'))).toBeNull();
  });

  it('forgets every session of a user whose role or status changed, and all on a password reset', async () => {
    const backing = store();
    const cache = createSessionCache(backing.resolve);
    await cache.resolveUser(withToken('tok-1'));
    await cache.resolveUser(withToken('tok-2'));
    backing.sessions.set('tok-1', { ...alice, role: Role.Admin });
    backing.sessions.delete('tok-2');
    cache.forgetUser('u1');
    expect((await cache.resolveUser(withToken('tok-1')))?.role).toBe(Role.Admin);
    expect(await cache.resolveUser(withToken('tok-2'))).toBeNull();
    backing.sessions.delete('tok-1');
    cache.forgetAll();
    expect(await cache.resolveUser(withToken('tok-1'))).toBeNull();
  });

  it("forgets the requester's own sessions on sign-out", async () => {
    const backing = store();
    const cache = createSessionCache(backing.resolve);
    await cache.resolveUser(withToken('tok-1'));
    await cache.resolveUser(withToken('tok-2'));
    backing.sessions.clear();
    cache.forgetRequest(withToken('tok-1').headers);
    expect(await cache.resolveUser(withToken('tok-1'))).toBeNull();
    expect(await cache.resolveUser(withToken('tok-2'))).toBeNull();
  });

  it("keeps the user's record with the session it was read for, and forgets it with that session", async () => {
    const backing = store();
    const cache = createSessionCache(backing.resolve);
    const record = (name: string): UserRecord => ({
      id: 'u1',
      email: 'a@example.com',
      name,
      img: null,
      provider: 'email',
      lastLoginAt: null,
      role: Role.Editor,
      isGuest: false,
      twoFactorEnabled: false,
      disabled: false,
    });
    let loads = 0;
    let name = 'Alice';
    const load = async () => {
      loads++;
      return record(name);
    };
    const user = await cache.resolveUser(withToken('tok-1'));
    if (!user) throw new Error('tok-1 should sign in');
    expect((await cache.userRecord(withToken('tok-1'), user, load))?.name).toBe('Alice');
    expect((await cache.userRecord(withToken('tok-1'), user, load))?.name).toBe('Alice');
    expect(loads).toBe(1);
    // Another session of the same user has its own entry.
    await cache.userRecord(withToken('tok-2'), user, load);
    expect(loads).toBe(2);
    // A profile change is a POST to better-auth: the requester's sessions are forgotten.
    name = 'Alice Smith';
    cache.forgetRequest(withToken('tok-1').headers);
    const again = await cache.resolveUser(withToken('tok-1'));
    if (!again) throw new Error('tok-1 should still sign in');
    expect((await cache.userRecord(withToken('tok-1'), again, load))?.name).toBe('Alice Smith');
    // A record is never kept for a session that is not cached (nothing would forget it).
    expect((await cache.userRecord(withToken('tok-9'), user, load))?.name).toBe('Alice Smith');
    expect((await cache.userRecord(withToken('tok-9'), user, load))?.name).toBe('Alice Smith');
    expect(loads).toBe(5);
  });
});
