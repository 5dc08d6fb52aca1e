import { hmrcFeedSchema } from '@vatwise/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFeedServer } from '../../test/feed-server';
import { registerUser } from '../../test/session-client';
import { createTestApp, freePort, type TestApp } from '../../test/test-app';
import { hmrcAtomFixture, hmrcFeedPath, hmrcFixtureTitles } from './fixture';
import { feedUnavailableMessage } from './service';

/**
 * GET /api/hmrc-feed on the whole server, reading a real HTTP server that stands in for GOV.UK
 * (HMRC_FEED_URL points at it). Time is moved with a fake Date, which the feed's cache reads.
 */

const minute = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

async function getFeed(server: TestApp, cookie?: string) {
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/hmrc-feed',
    headers: cookie ? { cookie } : {},
  });
  return { response, body: hmrcFeedSchema.parse(response.json()) };
}

describe('GET /api/hmrc-feed with GOV.UK reachable, then not', () => {
  let feed: Awaited<ReturnType<typeof startFeedServer>>;
  let server: TestApp;

  // Each test has a cache and a GOV.UK of its own, so none depends on what another fetched.
  beforeEach(async () => {
    feed = await startFeedServer(hmrcFeedPath, { kind: 'ok', body: hmrcAtomFixture });
    server = await createTestApp({ HMRC_FEED_URL: feed.url });
  });
  afterEach(async () => {
    await server.close();
    await feed.stop();
  });

  it('serves the parsed feed to a visitor, with links made absolute against the feed’s address', async () => {
    const { response, body } = await getFeed(server);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(body).toMatchObject({
      status: 'ok',
      title: 'HM Revenue & Customs - Activity on GOV.UK',
      stale: false,
      ageSeconds: 0,
    });
    if (body.status !== 'ok') throw new Error('expected a feed');
    expect(body.entries.map((entry) => entry.title)).toEqual(hmrcFixtureTitles);
    expect(body.entries[1]?.url).toBe(
      `${new URL(feed.url).origin}/government/publications/rates-and-allowances-hmrc-interest-rates`,
    );
    expect(body.entries[0]?.summary).toContain('£200 — don’t miss the deadline');
    expect(feed.count).toBe(1);
  });

  it('serves a signed-in user the same cached copy, without asking GOV.UK again', async () => {
    expect((await getFeed(server)).body).toMatchObject({ status: 'ok' });
    const alice = await registerUser(server.app, 'alice@example.com');
    const { response, body } = await getFeed(server, [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ status: 'ok', stale: false });
    expect(feed.count).toBe(1);
  });

  it('serves the last good copy, stale with its age, once GOV.UK fails after 15 minutes', async () => {
    const { body: before } = await getFeed(server);
    feed.answer({ kind: 'status', status: 500 });
    if (before.status !== 'ok') throw new Error('expected a feed');
    const fetchedAt = Date.parse(before.fetchedAt);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(fetchedAt + 16 * minute);
    const { response, body } = await getFeed(server);
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ status: 'ok', stale: true, fetchedAt: before.fetchedAt });
    expect(body.status === 'ok' && body.ageSeconds).toBeGreaterThanOrEqual(16 * 60);
    expect(body.status === 'ok' && body.entries.map((entry) => entry.title)).toEqual(hmrcFixtureTitles);
    expect(feed.count).toBe(2);

    // Within the minute after that failure GOV.UK is not asked again, however many page views.
    for (let view = 0; view < 5; view++) {
      vi.setSystemTime(fetchedAt + 16 * minute + view * 10_000);
      expect((await getFeed(server)).body).toMatchObject({ status: 'ok', stale: true });
    }
    expect(feed.count).toBe(2);

    // A minute on, once more: GOV.UK is unreachable now, and the copy is still served.
    await feed.stop();
    vi.setSystemTime(fetchedAt + 17 * minute);
    const { body: later } = await getFeed(server);
    expect(later).toMatchObject({ status: 'ok', stale: true });
    expect(later.status === 'ok' && later.ageSeconds).toBeGreaterThanOrEqual(17 * 60);
    expect(server.logText()).toContain('the HMRC news feed could not be fetched');
  });
});

describe('GET /api/hmrc-feed with GOV.UK never reachable', () => {
  let server: TestApp;

  beforeAll(async () => {
    const port = await freePort();
    server = await createTestApp({ HMRC_FEED_URL: `http://127.0.0.1:${port}${hmrcFeedPath}` });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 200 with status unavailable and a message, never an error', async () => {
    const first = await getFeed(server);
    expect(first.response.statusCode).toBe(200);
    expect(first.body).toEqual({ status: 'unavailable', message: feedUnavailableMessage });
    // Asked again at once (no retry yet) and a minute later (a retry that fails too): the same answer.
    expect((await getFeed(server)).body).toEqual({ status: 'unavailable', message: feedUnavailableMessage });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const retried = await getFeed(server);
    expect(retried.response.statusCode).toBe(200);
    expect(retried.body).toEqual({ status: 'unavailable', message: feedUnavailableMessage });
    expect(server.logText().match(/the HMRC news feed could not be fetched/g)).toHaveLength(2);
  });
});

describe('GET /api/hmrc-feed when GOV.UK answers with something that is not a feed', () => {
  it('answers 200 with status unavailable', async () => {
    const feed = await startFeedServer(hmrcFeedPath, { kind: 'ok', body: '<!DOCTYPE html><html><body>Sorry' });
    const server = await createTestApp({ HMRC_FEED_URL: feed.url });
    try {
      const { response, body } = await getFeed(server);
      expect(response.statusCode).toBe(200);
      expect(body).toEqual({ status: 'unavailable', message: feedUnavailableMessage });
      expect(feed.count).toBe(1);
    } finally {
      await server.close();
      await feed.stop();
    }
  });
});
