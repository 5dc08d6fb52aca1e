import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from './errors';

export interface ApiRateLimitOptions {
  /** Requests per client address per minute; 0 turns the limit off. */
  perMinute: number;
  /** Counts in Redis when instances share it, so the limit is for all of them together. */
  redis?: { client: Redis; nameSpace: string } | undefined;
}

/** What the limit covers: the API and the assistant's API, not pages, assets or health checks. */
const limited = (url: string) =>
  (url.startsWith('/api/') || url.startsWith('/taxgpt/api/')) &&
  !url.startsWith('/api/health') &&
  !url.startsWith('/api/ready');

/**
 * A ceiling on API requests per client address (@fastify/rate-limit), far above what a person's
 * screens ask for, so one client cannot take the server for itself. The address is the one
 * TRUST_PROXY lets us believe. Sign-in, sign-up and resets have their own, tighter limits
 * (features/auth). Over it: 429 RATE_LIMITED with Retry-After.
 */
async function apiRateLimit(app: FastifyInstance, options: ApiRateLimitOptions) {
  if (options.perMinute === 0) return;
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: 60_000,
    allowList: (request) => !limited(request.url),
    ...(options.redis ? { redis: options.redis.client, nameSpace: options.redis.nameSpace } : {}),
    // Redis unreachable for a moment: serve rather than refuse everyone.
    skipOnError: true,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
}

export default fp(apiRateLimit, { name: 'api-rate-limit' });
