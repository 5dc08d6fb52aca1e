/**
 * HMRC's rate limit: 3 requests per second per application, then 429 MESSAGE_THROTTLED_OUT
 * (docs/reference/hmrc-vat-api.md §6.1). A sliding one-second window per client id. HMRC documents no Retry-After;
 * the simulator sends one (the wait until the window has room) because honouring it is what a
 * careful client does anyway.
 */
export class Throttle {
  private readonly calls = new Map<string, number[]>();

  constructor(
    /** Requests allowed per second; 0 turns the limit off. */
    private readonly perSecond: number,
    private readonly now: () => number,
  ) {}

  /** Counts a call; undefined when it may go ahead, else the seconds to wait. */
  take(clientId: string): { retryAfterSeconds: number } | undefined {
    if (this.perSecond <= 0) return undefined;
    const now = this.now();
    const recent = (this.calls.get(clientId) ?? []).filter((at) => at > now - 1000);
    if (recent.length >= this.perSecond) {
      this.calls.set(clientId, recent);
      const oldest = recent[0] ?? now;
      return { retryAfterSeconds: Math.max(1, Math.ceil((oldest + 1000 - now) / 1000)) };
    }
    recent.push(now);
    this.calls.set(clientId, recent);
    return undefined;
  }

  reset(): void {
    this.calls.clear();
  }
}
