import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { redisForTest } from '../../test/test-app';
import { localSlots, openSharedRedis, redisSlots, type SharedRedis, type SlotSource } from '../../platform/cluster';
import { HmrcPacer, withCallPriority } from './pacing';

/**
 * Pacing HMRC calls to HMRC's 3 requests a second per application (docs/reference/hmrc-vat-api.md §6.1): never
 * more in any second, across instances sharing Redis; queued, not failed; submissions first and
 * the agents' background reads last; people taking turns.
 */

const api = 'http://hmrc.test/organisations/vat/123456789';

/** A pacer whose HMRC answers at once and notes when each call arrived, and whose. */
function pacer(slots: SlotSource, perSecond = 3) {
  const arrivals: { at: number; url: string; owner: string }[] = [];
  let owner = '';
  const paced = new HmrcPacer({ slots, perSecond, applicationId: 'test-application', ownerOf: () => owner });
  return {
    arrivals,
    /** Waits for the request's turn as the HMRC client does, then "sends" it. */
    call: async (path: string, as = 'ada', method = 'GET') => {
      owner = as;
      const url = `${api}${path}`;
      await paced.turn(method, url);
      arrivals.push({ at: Date.now(), url, owner: as });
    },
  };
}

/** The most arrivals in any one second. */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i] as number;
    most = Math.max(most, sorted.filter((at) => at >= start && at < start + 1000).length);
  }
  return most;
}

let redis: SharedRedis | null = null;
const testRedis = redisForTest();
afterAll(async () => {
  await redis?.close();
  await testRedis.clear();
});

describe('pacing HMRC calls', () => {
  it('sends at most 3 in any second, and every call in turn', async () => {
    const { call, arrivals } = pacer(localSlots());
    await Promise.all(Array.from({ length: 7 }, (_, i) => call(`/obligations?n=${i}`)));
    expect(arrivals).toHaveLength(7);
    expect(busiestSecond(arrivals.map((arrival) => arrival.at))).toBe(3);
  });

  it('sends submissions first, then what people wait for, then background rounds', async () => {
    const { call, arrivals } = pacer(localSlots());
    await Promise.all([
      withCallPriority('background', () => call('/liabilities?background=1')),
      withCallPriority('background', () => call('/payments?background=2')),
      call('/obligations?person=1'),
      call('/obligations?person=2'),
      call('/returns', 'ada', 'POST'),
    ]);
    const sent = arrivals.map(
      (arrival) => new URL(arrival.url).pathname.split('/').pop() + new URL(arrival.url).search,
    );
    expect(sent).toEqual([
      'returns',
      'obligations?person=1',
      'obligations?person=2',
      'liabilities?background=1',
      'payments?background=2',
    ]);
  });

  it('lets people take turns: one with many calls waiting does not hold up another', async () => {
    const { call, arrivals } = pacer(localSlots(), 10);
    const calls = [1, 2, 3, 4].map((n) => call(`/obligations?n=${n}`, 'busy-practice'));
    calls.push(call('/obligations?n=5', 'sole-trader'));
    await Promise.all(calls);
    expect(arrivals.map((arrival) => arrival.owner)).toEqual([
      'busy-practice',
      'sole-trader',
      'busy-practice',
      'busy-practice',
      'busy-practice',
    ]);
  });

  it('shares the allowance between instances through Redis: together they still send 3 a second at most', async () => {
    redis = await openSharedRedis({ redisUrl: testRedis.url, keyPrefix: testRedis.prefix }, createLogger('silent'));
    if (!redis) throw new Error('no Redis');
    const a = pacer(redisSlots(redis));
    const b = pacer(redisSlots(redis));
    await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).call(`/obligations?n=${i}`)));
    const times = [...a.arrivals, ...b.arrivals].map((arrival) => arrival.at);
    expect(times).toHaveLength(8);
    expect(busiestSecond(times)).toBe(3);
  });
});
