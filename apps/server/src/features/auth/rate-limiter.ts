/**
 * A fixed-window counter: at most `limit` hits per key in each window. Kept in memory, which
 * is right for one server process; a scale-out deployment shares it through Redis (later).
 */
export interface RateLimiter {
  /** Counts a hit; says whether it is allowed and, if not, how many seconds until it would be. */
  hit(key: string, now?: number): { allowed: boolean; retryAfterSeconds: number };
}

export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }): RateLimiter {
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
