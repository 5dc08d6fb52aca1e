import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { readCookies, setCookie } from '../platform/cookies';
import { randomToken, sha256 } from '../platform/secrets';

/**
 * A browser signed in on the sign-in page for something other than an OAuth grant: the client
 * following an agent's link. Kept as a hash, like tokens; lasts as long as a sign-in may.
 */
const sessionCookie = 'hmrc_sandbox_session';
const sessionLifetimeMs = 30 * 60_000;

/** Pages that may be the sign-in page's `continue` target with a session (agents/routes.ts). */
export const clientPagesPath = '/agent-client-relationships/';

export async function startBrowserSession(
  context: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  cookiePath: string,
  userId: string,
): Promise<void> {
  const session = randomToken();
  await context.store.insertBrowserSession({
    session_sha256: sha256(session),
    user_id: userId,
    expires_at: context.clock.iso(sessionLifetimeMs),
  });
  setCookie(reply, sessionCookie, session, cookiePath, request.protocol === 'https');
}

/** A form token bound to the session: a page of another site cannot know it. */
export function browserSessionCsrf(request: FastifyRequest): string | undefined {
  const session = readCookies(request).get(sessionCookie);
  return session ? sha256(`csrf:${session}`) : undefined;
}

/** The test user this browser signed in as, while the session lasts. */
export async function browserSessionUser(
  context: SandboxContext,
  request: FastifyRequest,
): Promise<string | undefined> {
  const session = readCookies(request).get(sessionCookie);
  if (!session) return undefined;
  const record = await context.store.browserSession(sha256(session));
  return record && record.expires_at > context.clock.iso() ? record.user_id : undefined;
}
