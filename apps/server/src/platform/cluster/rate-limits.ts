import type { SharedRedis } from './redis';

/** Counts in a fixed window, shared by every instance; the first hit sets the window's end. */
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

/**
 * The same fixed-window limit as a single instance keeps in memory (features/auth), counted in
 * Redis so ten wrong passwords are ten in all, whichever instances they reach.
 */
export function sharedRateLimiter(
  redis: SharedRedis,
  name: string,
  { limit, windowMs }: { limit: number; windowMs: number },
) {
  return {
    async hit(key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      const [count, ttlMs] = (await redis.commands.eval(
        hitScript,
        1,
        redis.key(`limits:${name}:${key}`),
        String(windowMs),
      )) as [number, number];
      const allowed = count <= limit;
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(ttlMs / 1000)) };
    },
  };
}
