import type { SessionLimits } from '../../config/auth';

/**
 * Ending sessions by time (ASVS 3.3.2): a session without "Remember me" ends after a spell without
 * requests and some hours after sign-in; a remembered one some days after sign-in. better-auth
 * knows only one sliding expiry, so these limits are kept beside it: each session row carries
 * `rememberMe` and `lastSeenAt` (see auth.ts), and every session read passes through here.
 */

export interface SessionTimes {
  createdAt: Date;
  rememberMe: boolean;
  /** The last request seen with this session; its sign-in before the first. */
  lastSeenAt: Date;
}

/** How often a session's lastSeenAt is written: the idle limit is counted to about this precision. */
export const lastSeenPrecisionMs = 60_000;

export type SessionVerdict = 'ended' | 'active' | 'seen';

/** 'ended': past a limit; 'seen': still valid, and lastSeenAt is due to be written; else 'active'. */
export function sessionVerdict(session: SessionTimes, now: number, limits: SessionLimits): SessionVerdict {
  const age = now - session.createdAt.getTime();
  if (session.rememberMe) return age > limits.rememberMs ? 'ended' : 'active';
  const idle = now - session.lastSeenAt.getTime();
  if (age > limits.maxMs || idle > limits.idleMs) return 'ended';
  return idle >= lastSeenPrecisionMs ? 'seen' : 'active';
}

/**
 * better-auth's sliding term for a remembered session: never near the one day it gives a session
 * without "Remember me", so the two can be told apart (askedToBeRemembered). Our own limit,
 * `rememberMs`, ends a remembered session first whenever it is shorter.
 */
export const rememberedTermSeconds = (limits: SessionLimits) => Math.max(limits.rememberMs, 7 * 86_400_000) / 1000;

/**
 * Whether a new session was asked to be remembered, from the term better-auth gave it: one day
 * for "Remember me" unticked (also after a second factor), `rememberedTermSeconds` otherwise.
 * Sign-in's own flag does not reach every path (two-factor, social); the term does.
 * session-limits.test.ts fails if better-auth changes it.
 */
export function askedToBeRemembered(expiresAt: Date, now: number): boolean {
  return expiresAt.getTime() - now > 1.5 * 86_400_000;
}

/** A session as better-auth's getSession gives it, with our two fields. */
interface SessionRead {
  session: {
    token: string;
    createdAt: Date;
    rememberMe?: unknown;
    lastSeenAt?: unknown;
    activeOrganizationId?: unknown;
  };
  user: Record<string, unknown>;
}

export interface SessionStore {
  end(token: string): Promise<void>;
  markSeen(token: string, at: Date): Promise<void>;
}

/** `getSession` that answers null for a session past its limits, and ends it for good. */
export function withSessionLimits<Input>(
  getSession: (input: Input) => Promise<SessionRead | null>,
  store: SessionStore,
  limits: SessionLimits,
  now: () => number = Date.now,
) {
  return async (input: Input): Promise<SessionRead | null> => {
    const read = await getSession(input);
    if (!read) return null;
    const { session } = read;
    const at = now();
    const lastSeen = session.lastSeenAt ? new Date(session.lastSeenAt as string | Date) : session.createdAt;
    const verdict = sessionVerdict(
      {
        createdAt: new Date(session.createdAt),
        // Sessions from before these fields existed are treated as remembered (their old terms).
        rememberMe: session.rememberMe !== false && session.rememberMe !== 0,
        lastSeenAt: Number.isNaN(lastSeen.getTime()) ? new Date(session.createdAt) : lastSeen,
      },
      at,
      limits,
    );
    if (verdict === 'ended') {
      await store.end(session.token);
      return null;
    }
    if (verdict === 'seen') await store.markSeen(session.token, new Date(at));
    return read;
  };
}
