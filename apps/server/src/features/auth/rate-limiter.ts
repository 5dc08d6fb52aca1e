export interface RateVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter: at most `limit` hits per key in each window. This one is kept in
 * memory, which is right for one instance; several instances count in Redis (features/cluster).
 */
export interface RateLimiter {
  /** Counts a hit; says whether it is allowed and, if not, how many seconds until it would be. */
  hit(key: string, now?: number): RateVerdict | Promise<RateVerdict>;
}

/** Makes the limiter for one kind of attempt (per address, per e-mail). */
export type RateLimiterFactory = (name: string, options: { limit: number; windowMs: number }) => RateLimiter;

export const memoryRateLimiters: RateLimiterFactory = (_name, options) => createRateLimiter(options);

export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }): {
  hit(key: string, now?: number): RateVerdict;
} {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key, now = Date.now()) {
      let window = windows.get(key);
      if (!window || now - window.start >= windowMs) {
        window = { start: now, count: 0 };
        windows.set(key, window);
        // Forget windows that ended, so the map cannot grow without bound.
        if (windows.size > 10_000) {
          for (const [oldKey, old] of windows) if (now - old.start >= windowMs) windows.delete(oldKey);
        }
      }
      window.count += 1;
      const allowed = window.count <= limit;
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.ceil((window.start + windowMs - now) / 1000) };
    },
  };
}
