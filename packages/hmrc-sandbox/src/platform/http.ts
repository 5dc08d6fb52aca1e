import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { flat, messages, type SandboxAnswer } from '../http/errors';
import type { GrantRecord } from '../store/store';
import type { FaultTarget } from './faults';
import { sha256 } from './secrets';

/** Sends an answer built by the pure modules; an undefined body is HMRC's empty 404 (shape D). */
export function send(reply: FastifyReply, answer: SandboxAnswer): FastifyReply {
  reply.code(answer.status);
  if (answer.body === undefined) {
    reply.removeHeader('content-type');
    return reply.send();
  }
  return reply.type('application/json').send(JSON.stringify(answer.body));
}

const acceptPattern = /^application\/vnd\.hmrc\.1\.0\+json$/i;

/** Every HMRC API call names version 1.0 in Accept, else 406 ACCEPT_HEADER_INVALID (docs/reference/hmrc-vat-api.md §3.2). */
export function checkAccept(request: FastifyRequest): SandboxAnswer | undefined {
  const accept = request.headers.accept?.trim();
  return accept && acceptPattern.test(accept)
    ? undefined
    : flat(406, 'ACCEPT_HEADER_INVALID', messages.ACCEPT_HEADER_INVALID);
}

export interface Caller {
  clientId: string;
  /** Present for a user-restricted token (the user granted authority through OAuth). */
  grant?: GrantRecord;
  scopes: string[];
}

/**
 * The bearer token's caller, or HMRC's platform error (docs/reference/hmrc-vat-api.md §1.5): 401 MISSING_CREDENTIALS
 * without a token, 401 INVALID_CREDENTIALS for an unknown, revoked or expired one, 401
 * INCORRECT_ACCESS_TOKEN_TYPE for an application token on a user-restricted endpoint, 403
 * INVALID_SCOPE when the grant lacks the scope.
 */
export async function authenticate(
  request: FastifyRequest,
  context: SandboxContext,
  need: { userRestricted: boolean; scope?: string },
): Promise<Caller | SandboxAnswer> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
  if (!match?.[1]) return flat(401, 'MISSING_CREDENTIALS', messages.MISSING_CREDENTIALS);
  const now = context.clock.iso();
  const token = await context.store.token(sha256(match[1]));
  if (!token || token.kind !== 'access' || token.revoked_at !== null || token.expires_at <= now) {
    return flat(401, 'INVALID_CREDENTIALS', messages.INVALID_CREDENTIALS);
  }
  let grant: GrantRecord | undefined;
  if (token.grant_id !== null) {
    grant = await context.store.grant(token.grant_id);
    if (!grant || grant.expires_at <= now) return flat(401, 'INVALID_CREDENTIALS', messages.INVALID_CREDENTIALS);
  }
  if (need.userRestricted && !grant) {
    return flat(401, 'INCORRECT_ACCESS_TOKEN_TYPE', messages.INCORRECT_ACCESS_TOKEN_TYPE);
  }
  const scopes = token.scope.split(' ').filter(Boolean);
  if (need.scope && !scopes.includes(need.scope)) return flat(403, 'INVALID_SCOPE', messages.INVALID_SCOPE);
  return { clientId: token.client_id, scopes, ...(grant ? { grant } : {}) };
}

export const isAnswer = (value: Caller | SandboxAnswer): value is SandboxAnswer => 'status' in value;

/** 429 MESSAGE_THROTTLED_OUT once an application goes over its calls per second (6.1). */
export function throttle(reply: FastifyReply, context: SandboxContext, clientId: string): SandboxAnswer | undefined {
  const wait = context.throttle.take(clientId);
  if (!wait) return undefined;
  reply.header('retry-after', String(wait.retryAfterSeconds));
  return flat(429, 'MESSAGE_THROTTLED_OUT', messages.MESSAGE_THROTTLED_OUT);
}

/** Drops the connection without an answer, as a failing network would. */
export function dropConnection(request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  request.raw.socket?.destroy();
}

/**
 * Applies an operator fault to this call (operator/routes.ts). True when the fault has answered
 * (or dropped) the call; false when the call goes on, after any delay.
 */
export async function applyFault(
  request: FastifyRequest,
  reply: FastifyReply,
  context: SandboxContext,
  target: FaultTarget,
): Promise<boolean> {
  const fault = context.faults.take(target);
  if (!fault) return false;
  request.log.info({ fault: fault.kind, endpoint: target }, 'HMRC sandbox: injected fault');
  switch (fault.kind) {
    case 'delay':
      await sleep(fault.delayMs);
      return false;
    case 'error500':
      send(reply, flat(500, 'INTERNAL_SERVER_ERROR', messages.INTERNAL_SERVER_ERROR));
      return true;
    case 'error503':
      send(reply, flat(503, 'SERVICE_UNAVAILABLE', messages.SERVICE_UNAVAILABLE));
      return true;
    case 'error429':
      // As the throttle answers: refused unread, with the wait before trying again.
      reply.header('retry-after', '1');
      send(reply, flat(429, 'MESSAGE_THROTTLED_OUT', messages.MESSAGE_THROTTLED_OUT));
      return true;
    case 'drop':
      dropConnection(request, reply);
      return true;
    case 'dropAfter':
      context.answersToDrop.add(request);
      return false;
    case 'timeout':
      // Hold the call until the caller gives up (or the hold ends), then drop it unanswered.
      await new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer);
          context.heldCalls.delete(release);
          resolve();
        };
        const timer = setTimeout(release, context.timeoutFaultHoldMs);
        context.heldCalls.add(release);
        // The caller hanging up closes its socket.
        request.raw.socket?.once('close', release);
      });
      dropConnection(request, reply);
      return true;
  }
}
