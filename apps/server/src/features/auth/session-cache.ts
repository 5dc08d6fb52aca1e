import { hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { LRUCache } from 'lru-cache';
import type { UserRecord } from '@vatwise/domain';
import type { SessionUser } from '../../plugins/access';

/** How long a session read is reused on the instance that read it (documented in the README). */
export const SESSION_CACHE_TTL_MS = 10_000;

type Resolve = (request: { headers: IncomingHttpHeaders }) => Promise<SessionUser | null>;

/** What one instance forgot, for the others to forget too (a session's key, a user, or everyone). */
export type Forgotten = { key: string } | { userId: string } | { all: true };

/** How forgetting reaches the other instances (platform/cluster's bus); alone, nowhere. */
export interface ForgetSharing {
  publish(forgotten: Forgotten): void;
  subscribe(handler: (forgotten: Forgotten) => void): void;
}

/** The session token cookie's value (plain or `__Secure-` prefixed), or undefined. */
function sessionToken(headers: IncomingHttpHeaders): string | undefined {
  const cookie = headers.cookie;
  if (!cookie) return undefined;
  const match = /(?:^|;\s*)(?:__Secure-)?vatwise\.session_token=([^;]+)/.exec(cookie);
  return match?.[1];
}

/**
 * better-auth's getSession costs about 2 ms of CPU per call (a request context, hooks, an HMAC
 * over the cookie and two queries), which capped signed-in reads at a tenth of a bare route. Its
 * cookie cache only saves the queries, so the result of a session read is kept here for a few
 * seconds instead, keyed by a hash of the session token. Nothing that revokes waits for the TTL on
 * this instance: sign-out, password and two-factor changes (any POST to better-auth by the user),
 * disabling an account and changing a role forget that user's entries at once, and a password
 * reset forgets everyone's. Other instances forget the same at once when they share Redis (the
 * cluster's bus); otherwise a revocation reaches them within SESSION_CACHE_TTL_MS.
 * The user's record that GET /api/me answers is kept the same way, under the same rules.
 */
export function createSessionCache(resolve: Resolve, ttlMs = SESSION_CACHE_TTL_MS, sharing?: ForgetSharing) {
  /** A session read, and the user's record once GET /api/me has read it for that session. */
  type Entry = { user: SessionUser; record?: UserRecord };
  const cache = new LRUCache<string, Entry>({ max: 10_000, ttl: ttlMs });
  // One-shot hashing: about half the CPU of a Hash object, on every signed-in request.
  const keyOf = (token: string) => hash('sha256', token, 'base64url');
  const forgetHere = (forgotten: Forgotten) => {
    if ('all' in forgotten) cache.clear();
    else if ('key' in forgotten) cache.delete(forgotten.key);
    else for (const [key, entry] of cache.entries()) if (entry.user.id === forgotten.userId) cache.delete(key);
  };
  sharing?.subscribe(forgetHere);
  const forget = (forgotten: Forgotten) => {
    forgetHere(forgotten);
    sharing?.publish(forgotten);
  };
  /** Forgets every cached session of a user: their role, status or sessions changed. */
  const forgetUser = (userId: string) => forget({ userId });

  return {
    async resolveUser(request: { headers: IncomingHttpHeaders }): Promise<SessionUser | null> {
      const token = sessionToken(request.headers);
      if (!token) return null;
      const key = keyOf(token);
      const cached = cache.get(key);
      if (cached) return cached.user;
      const user = await resolve(request);
      // Only a valid session is kept: an unknown token costs the full read every time, as before.
      if (user) cache.set(key, { user });
      return user;
    },
    /**
     * The signed-in user's record, read with `load` unless it was read for this same session
     * within the time to live; it is forgotten with the session, by the rules above.
     */
    async userRecord(
      request: { headers: IncomingHttpHeaders },
      user: SessionUser,
      load: () => Promise<UserRecord | undefined>,
    ): Promise<UserRecord | undefined> {
      const token = sessionToken(request.headers);
      const entry = token ? cache.get(keyOf(token)) : undefined;
      if (entry?.user.id === user.id && entry.record) return entry.record;
      const record = await load();
      if (entry?.user.id === user.id && record) entry.record = record;
      return record;
    },
    /** Forgets the session behind these headers (its own sign-out) and every other of its user's. */
    forgetRequest(headers: IncomingHttpHeaders) {
      const token = sessionToken(headers);
      if (!token) return;
      const key = keyOf(token);
      const entry = cache.get(key);
      forget({ key });
      if (entry) forgetUser(entry.user.id);
    },
    /** A password reset by emailed link ends the sessions of a user we cannot name from the request. */
    forgetAll() {
      forget({ all: true });
    },
    forgetUser,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
