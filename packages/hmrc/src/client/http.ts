import type { z } from 'zod';
import { HmrcError, normaliseHmrcError } from '../errors';

/**
 * One HTTP exchange with HMRC: a time-out on every attempt, retries with back-off for idempotent
 * GETs (network errors, 5xx, 429 honouring Retry-After), and every failure as an HmrcError.
 * A POST (a return submission) is tried again only after a 429: HMRC's throttle refused it before
 * reading it, so nothing was filed. After any other failure it may still have been filed
 * (docs/reference/hmrc-vat-api.md §6.2), so it is never sent again.
 */

/** docs/reference/product.md §9: API time-outs in milliseconds. */
export const hmrcTimeouts = {
  default: 30_000,
  long: 150_000,
  /** LONG in production. */
  longProduction: 180_000,
  short: 5_000,
} as const;

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Back-off before retry n is baseDelayMs × 2^(n−1), plus up to half again of jitter. */
  baseDelayMs: number;
  /** No single wait is longer, whatever Retry-After asks. */
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 3, baseDelayMs: 300, maxDelayMs: 5_000 };

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** A function is called for each attempt, after its wait for its turn (fraud headers collected just before sending). */
  headers: Record<string, string> | (() => Record<string, string>);
  body?: string;
  timeoutMs: number;
  /** For a GET, after network errors, 5xx and 429; for a POST, after 429 only. */
  retry?: RetryPolicy;
  /** Waits between attempts; tests pass one that keeps their own clock. */
  sleep?: (ms: number) => Promise<void>;
  /** Waits for this attempt's turn to be sent (the caller's pacing); the time-out starts after it. */
  pace?: (method: string, url: string) => Promise<void>;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const isRetryableStatus = (method: HttpRequest['method'], status: number) =>
  status === 429 || (method === 'GET' && status >= 500);

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

async function attempt(fetchImpl: FetchLike, request: HttpRequest): Promise<HttpAnswer> {
  await request.pace?.(request.method, request.url);
  try {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: typeof request.headers === 'function' ? request.headers() : request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: 'manual',
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new HmrcError({
      status: 0,
      kind: timedOut ? 'timeout' : 'network',
      message: timedOut
        ? `HMRC did not answer within ${request.timeoutMs / 1000} s`
        : `HMRC could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      details: [],
    });
  }
}

/** Sends the request, retrying as the policy allows; resolves with the final answer of any status. */
export async function send(fetchImpl: FetchLike, request: HttpRequest): Promise<HttpAnswer> {
  const policy = request.retry ?? { ...defaultRetryPolicy, attempts: 1 };
  const wait = request.sleep ?? sleep;
  for (let number = 1; ; number += 1) {
    const last = number >= policy.attempts;
    let answer: HttpAnswer;
    try {
      answer = await attempt(fetchImpl, request);
    } catch (error) {
      // A time-out is not retried: the caller has already waited its full patience. A POST lost on
      // the way may have been acted on.
      if (last || request.method !== 'GET' || !(error instanceof HmrcError) || error.kind !== 'network') throw error;
      await wait(backOff(policy, number));
      continue;
    }
    if (last || !isRetryableStatus(request.method, answer.status)) return answer;
    const asked = retryAfterMs(answer.headers.get('retry-after'));
    await wait(Math.min(policy.maxDelayMs, asked ?? backOff(policy, number)));
  }
}

function backOff(policy: RetryPolicy, retryNumber: number): number {
  const base = policy.baseDelayMs * 2 ** (retryNumber - 1);
  return Math.min(policy.maxDelayMs, base + Math.random() * base * 0.5);
}

/** The answer's JSON checked against HMRC's schema; an HmrcError for any status other than `expected`. */
export function readBody<Schema extends z.ZodType>(
  answer: HttpAnswer,
  expected: number,
  schema: Schema,
): z.infer<Schema> {
  if (answer.status !== expected) throw normaliseHmrcError(answer.status, answer.text);
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    throw new HmrcError({
      status: 502,
      kind: 'unknown',
      message: 'HMRC answered with a body that is not JSON',
      details: [],
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'body';
    throw new HmrcError({
      status: 502,
      kind: 'unknown',
      message: `HMRC answered in an unexpected shape (${where}: ${parsed.error.issues[0]?.message ?? 'invalid'})`,
      details: [],
    });
  }
  return parsed.data;
}
