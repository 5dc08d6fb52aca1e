import { type HmrcFeed, hmrcFeedSchema } from '@vatwise/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { type FeedServerMode, startFeedServer } from '../../test/feed-server';
import { freePort } from '../../test/test-app';
import { hmrcAtomFixture, hmrcFeedPath, hmrcFixtureTitles } from './fixture';
import { feedUnavailableMessage, HmrcFeedService } from './service';

/**
 * The feed's cache against a real HTTP server standing in for GOV.UK: the clock is the test's, so
 * 15 minutes pass in an instant; the server counts what reaches it.
 */

const minute = 60_000;
const start = Date.parse('2026-07-15T09:00:00Z');

type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;
const servers: FeedServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function feedServer(mode: FeedServerMode = { kind: 'ok', body: hmrcAtomFixture }) {
  const server = await startFeedServer(hmrcFeedPath, mode);
  servers.push(server);
  return server;
}

/** A service reading `url` on a clock the test moves, with the warnings it logs. */
function serviceFor(url: string, options: { timeoutMs?: number } = {}) {
  let now = start;
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  const service = new HmrcFeedService({
    url,
    log: { warn: (details, message) => warnings.push({ details, message }) },
    now: () => now,
    ...options,
  });
  return {
    service,
    warnings,
    /** Moves the clock on by `ms`. */
    advance(ms: number) {
      now += ms;
    },
    /** The answer, checked against the API's schema. */
    async current(): Promise<HmrcFeed> {
      return hmrcFeedSchema.parse(await service.current());
    },
  };
}

describe('HmrcFeedService', () => {
  it('fetches the feed once and serves the parsed copy for 15 minutes', async () => {
    const server = await feedServer();
    const feed = serviceFor(server.url);
    const first = await feed.current();
    expect(first).toMatchObject({
      status: 'ok',
      title: 'HM Revenue & Customs - Activity on GOV.UK',
      fetchedAt: '2026-07-15T09:00:00.000Z',
      stale: false,
      ageSeconds: 0,
    });
    if (first.status !== 'ok') throw new Error('expected a feed');
    expect(first.entries.map((entry) => entry.title)).toEqual(hmrcFixtureTitles);
    // The relative link is resolved against where the feed was fetched from.
    expect(first.entries[1]?.url).toBe(
      `${new URL(server.url).origin}/government/publications/rates-and-allowances-hmrc-interest-rates`,
    );
    expect(server.requests[0]?.accept).toMatch(/application\/atom\+xml/);

    feed.advance(14 * minute + 59_000);
    expect(await feed.current()).toMatchObject({ status: 'ok', stale: false, ageSeconds: 899 });
    expect(server.count).toBe(1);

    // At 15 minutes the copy is due again: fetched afresh.
    feed.advance(1_000);
    expect(await feed.current()).toMatchObject({ status: 'ok', stale: false, ageSeconds: 0 });
    expect(server.count).toBe(2);
    expect(feed.warnings).toEqual([]);
  });

  it('serves the last good copy, marked stale with its age, when GOV.UK answers 500', async () => {
    const server = await feedServer();
    const feed = serviceFor(server.url);
    await feed.current();
    server.answer({ kind: 'status', status: 500, body: '<html>internal details</html>' });
    feed.advance(16 * minute);
    const stale = await feed.current();
    expect(stale).toMatchObject({
      status: 'ok',
      title: 'HM Revenue & Customs - Activity on GOV.UK',
      fetchedAt: '2026-07-15T09:00:00.000Z',
      stale: true,
      ageSeconds: 16 * 60,
    });
    expect(stale.status === 'ok' && stale.entries).toHaveLength(hmrcFixtureTitles.length);
    expect(server.count).toBe(2);
    expect(feed.warnings).toHaveLength(1);
    expect(feed.warnings[0]?.details).toMatchObject({ url: server.url, hasCopy: true });
    expect(feed.warnings[0]?.details.reason).toContain('HTTP 500');
    // The error page is not logged.
    expect(JSON.stringify(feed.warnings)).not.toContain('internal details');
  });

  it('serves the last good copy when GOV.UK cannot be reached at all', async () => {
    const server = await feedServer();
    const feed = serviceFor(server.url);
    await feed.current();
    await server.stop();
    feed.advance(20 * minute);
    expect(await feed.current()).toMatchObject({ status: 'ok', stale: true, ageSeconds: 20 * 60 });
    expect(String(feed.warnings[0]?.details.reason)).toMatch(/fetch failed/);
  });

  it('keeps the last good copy when GOV.UK sends something that is not a feed', async () => {
    const server = await feedServer();
    const feed = serviceFor(server.url);
    await feed.current();
    server.answer({ kind: 'ok', body: '<html><body>Maintenance' });
    feed.advance(15 * minute);
    expect(await feed.current()).toMatchObject({ status: 'ok', stale: true, ageSeconds: 15 * 60 });
    expect(String(feed.warnings[0]?.details.reason)).toMatch(/not well-formed XML/);
  });

  it('answers unavailable, with a message, when the feed was never fetched', async () => {
    const port = await freePort();
    const feed = serviceFor(`http://127.0.0.1:${port}${hmrcFeedPath}`);
    expect(await feed.current()).toEqual({ status: 'unavailable', message: feedUnavailableMessage });
    expect(feed.warnings[0]?.details).toMatchObject({ hasCopy: false });
  });

  it('answers unavailable when the only answers were errors or not a feed', async () => {
    const server = await feedServer({ kind: 'status', status: 503 });
    const feed = serviceFor(server.url);
    expect(await feed.current()).toEqual({ status: 'unavailable', message: feedUnavailableMessage });
    server.answer({ kind: 'ok', body: '<?xml version="1.0"?><rss version="2.0"><channel/></rss>' });
    feed.advance(minute);
    expect(await feed.current()).toEqual({ status: 'unavailable', message: feedUnavailableMessage });
    expect(server.count).toBe(2);
  });

  it('gives up on a GOV.UK that does not answer within the time-out', async () => {
    const server = await feedServer({ kind: 'hang' });
    const feed = serviceFor(server.url, { timeoutMs: 200 });
    const startedAt = Date.now();
    expect(await feed.current()).toEqual({ status: 'unavailable', message: feedUnavailableMessage });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(String(feed.warnings[0]?.details.reason)).toMatch(/timeout|aborted/i);
  });

  it('retries a failed fetch at most once a minute, however many requests arrive', async () => {
    const server = await feedServer({ kind: 'status', status: 500 });
    const feed = serviceFor(server.url);
    await feed.current();
    expect(server.count).toBe(1);
    // Every 5 seconds for 55 seconds: still the one request.
    for (let calls = 0; calls < 11; calls++) {
      feed.advance(5_000);
      expect(await feed.current()).toMatchObject({ status: 'unavailable' });
    }
    expect(server.count).toBe(1);
    feed.advance(5_000);
    await feed.current();
    expect(server.count).toBe(2);

    // GOV.UK is back: the next attempt (a minute after the last failure) fills the cache.
    server.answer({ kind: 'ok', body: hmrcAtomFixture });
    feed.advance(30_000);
    expect(await feed.current()).toMatchObject({ status: 'unavailable' });
    expect(server.count).toBe(2);
    feed.advance(30_000);
    expect(await feed.current()).toMatchObject({ status: 'ok', stale: false, ageSeconds: 0 });
    expect(server.count).toBe(3);
  });

  it('while stale, also retries at most once a minute, and serves fresh again once GOV.UK is back', async () => {
    const server = await feedServer();
    const feed = serviceFor(server.url);
    await feed.current();
    server.answer({ kind: 'status', status: 502 });
    feed.advance(15 * minute);
    await feed.current();
    expect(server.count).toBe(2);
    feed.advance(59_000);
    expect(await feed.current()).toMatchObject({ stale: true, ageSeconds: 15 * 60 + 59 });
    expect(server.count).toBe(2);
    server.answer({ kind: 'ok', body: hmrcAtomFixture });
    feed.advance(1_000);
    expect(await feed.current()).toMatchObject({ stale: false, ageSeconds: 0 });
    expect(server.count).toBe(3);
  });

  it('makes one request for many callers arriving together', async () => {
    const server = await feedServer();
    const feed = serviceFor(server.url);
    const answers = await Promise.all(Array.from({ length: 10 }, () => feed.current()));
    expect(server.count).toBe(1);
    for (const answer of answers) expect(answer).toMatchObject({ status: 'ok', stale: false });
  });
});
