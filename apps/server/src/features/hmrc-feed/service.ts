import type { HmrcFeed } from '@vatwise/domain';
import { type ParsedFeed, parseAtomFeed } from './feed';

export const feedUnavailableMessage = 'The HMRC news feed cannot be reached at the moment.';

/** The slice of a logger the service writes to (pino's and Fastify's loggers both fit). */
export interface FeedLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface HmrcFeedServiceOptions {
  url: string;
  log: FeedLog;
  /** Injectable for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; injectable so tests can move time on. */
  now?: () => number;
  /** How long a copy is served without asking GOV.UK again. */
  freshForMs?: number;
  /** After a failed fetch, how long to wait before trying again (stale or unavailable meanwhile). */
  retryAfterMs?: number;
  timeoutMs?: number;
}

interface Copy {
  feed: ParsedFeed;
  fetchedAt: number;
}

/** A body larger than this is not the HMRC news feed (it is a few tens of KB). */
const maxBodyChars = 5_000_000;

/** Why a fetch failed, in one line: the cause of undici's bare "fetch failed" included. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/**
 * GOV.UK's HMRC news, cached: a copy is served for 15 minutes, then fetched again. When GOV.UK
 * cannot be reached the last good copy is served, marked stale with its age; with no copy at all
 * the answer is 'unavailable'. Failed fetches are retried at most once a minute, so a GOV.UK
 * outage is not met with one request per page view.
 */
export class HmrcFeedService {
  private readonly url: string;
  private readonly log: FeedLog;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly freshForMs: number;
  private readonly retryAfterMs: number;
  private readonly timeoutMs: number;
  private copy: Copy | undefined;
  private lastFailureAt: number | undefined;
  /** The fetch under way, which every request arriving meanwhile waits on rather than starting its own. */
  private inFlight: Promise<void> | undefined;

  constructor(options: HmrcFeedServiceOptions) {
    this.url = options.url;
    this.log = options.log;
    // Called through a wrapper so the global fetch never runs with this service as its `this`.
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    // Read at each call, not captured: a clock replaced later (a test's fake Date) is the one used.
    this.now = options.now ?? (() => Date.now());
    this.freshForMs = options.freshForMs ?? 15 * 60_000;
    this.retryAfterMs = options.retryAfterMs ?? 60_000;
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  /** The feed as the dashboard shows it; never throws. */
  async current(): Promise<HmrcFeed> {
    if (this.shouldFetch(this.now())) {
      this.inFlight ??= this.refresh().finally(() => {
        this.inFlight = undefined;
      });
      await this.inFlight;
    }
    return this.answer(this.now());
  }

  private shouldFetch(now: number): boolean {
    if (this.copy && now - this.copy.fetchedAt < this.freshForMs) return false;
    return this.lastFailureAt === undefined || now - this.lastFailureAt >= this.retryAfterMs;
  }

  private async refresh(): Promise<void> {
    try {
      const response = await this.fetch(this.url, {
        headers: { accept: 'application/atom+xml, application/xml;q=0.9, */*;q=0.1' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) {
        // Frees the connection; the error page itself is of no interest.
        await response.body?.cancel().catch(() => undefined);
        throw new Error(`GOV.UK answered HTTP ${response.status}`);
      }
      const body = await response.text();
      if (body.length > maxBodyChars) throw new Error(`the feed is too large (${body.length} characters)`);
      this.copy = { feed: parseAtomFeed(body, this.url), fetchedAt: this.now() };
      this.lastFailureAt = undefined;
    } catch (error) {
      this.lastFailureAt = this.now();
      this.log.warn(
        { url: this.url, reason: reasonOf(error), hasCopy: this.copy !== undefined },
        'the HMRC news feed could not be fetched',
      );
    }
  }

  private answer(now: number): HmrcFeed {
    if (!this.copy) return { status: 'unavailable', message: feedUnavailableMessage };
    const ageMs = Math.max(0, now - this.copy.fetchedAt);
    return {
      status: 'ok',
      title: this.copy.feed.title,
      entries: this.copy.feed.entries,
      fetchedAt: new Date(this.copy.fetchedAt).toISOString(),
      stale: ageMs >= this.freshForMs,
      ageSeconds: Math.floor(ageMs / 1000),
    };
  }
}
