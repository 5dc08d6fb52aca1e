import type { AgentId } from '@vatwise/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../logger';
import { redisForTest } from '../../test/test-app';
import { openSharedRedis, type SharedRedis } from '../../platform/cluster';
import { RoundQueue } from './round-queue';

/**
 * Scheduled rounds through BullMQ: with two instances taking jobs, each round runs
 * once, not once per instance; a round that fell due while no instance ran runs when one is back.
 */

const log = createLogger('silent');
const opened: { redis: SharedRedis; queue: RoundQueue }[] = [];
let testRedis = redisForTest();
afterEach(async () => {
  for (const { queue, redis } of opened.splice(0)) {
    await queue.close();
    await redis.close();
  }
  await testRedis.clear();
  testRedis = redisForTest();
});

/** An instance's round queue on the test's Redis prefix. */
async function instance() {
  const redis = await openSharedRedis({ redisUrl: testRedis.url, keyPrefix: testRedis.prefix }, log);
  if (!redis) throw new Error('no Redis');
  const queue = new RoundQueue(redis, log);
  opened.push({ redis, queue });
  return queue;
}

const agent = (everyMs: number, firstRunAfterMs: number) => ({
  id: 'token-keeper' as AgentId,
  everyMs,
  firstRunAfterMs,
});

describe('scheduled rounds across instances', () => {
  it('runs each round on one instance only', async () => {
    const runs: string[] = [];
    const started = Date.now();
    await (await instance()).schedule([agent(300, 0)], async () => void runs.push('a'));
    await (await instance()).schedule([agent(300, 0)], async () => void runs.push('b'));
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(4), { timeout: 5_000, interval: 20 });
    const elapsed = Date.now() - started;
    // One round per 300 ms at most (plus the first, at once), however many instances take jobs.
    expect(runs.length).toBeLessThanOrEqual(Math.floor(elapsed / 300) + 1);
  });

  it('runs a round that fell due while no instance was up as soon as one comes back', async () => {
    const first = await instance();
    const runs: number[] = [];
    await first.schedule([agent(60_000, 200)], async () => void runs.push(Date.now()));
    await first.close(); // every instance stops before the round is due
    await opened.splice(0, 1)[0]?.redis.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(runs).toEqual([]);

    const back = Date.now();
    // The returning instance would start it 10 s on: it keeps the round already due instead.
    await (await instance()).schedule([agent(60_000, 10_000)], async () => void runs.push(Date.now()));
    await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 3_000, interval: 20 });
    // Run on its return, not a full interval (a minute) later, nor moved by the second start.
    expect((runs[0] as number) - back).toBeLessThan(2_000);
  });
});
