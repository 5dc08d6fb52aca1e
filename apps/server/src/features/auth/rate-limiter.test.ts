import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter';

describe('rate limiter', () => {
  it('allows up to the limit in a window, then says how long to wait', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 });
    expect(limiter.hit('a', 0).allowed).toBe(true);
    expect(limiter.hit('a', 1000).allowed).toBe(true);
    expect(limiter.hit('a', 15_000)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    // Another key has its own count.
    expect(limiter.hit('b', 15_000).allowed).toBe(true);
  });

  it('starts a fresh window once the old one has passed', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    expect(limiter.hit('a', 0).allowed).toBe(true);
    expect(limiter.hit('a', 999).allowed).toBe(false);
    expect(limiter.hit('a', 1000).allowed).toBe(true);
  });
});
