import { addDays, ukToday } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { connectBusiness, mostInAnySecond, useCluster, waitFor, withCluster } from './harness';

/**
 * HMRC as several instances reach it: a connection's tokens are refreshed once however
 * many requests ask at once through both instances, and the instances together keep to HMRC's 3
 * requests a second, queueing rather than failing.
 */
const cluster = useCluster();

describe('HMRC across instances', () => {
  it('refreshes once when 20 requests ask through both instances at once, and the authority holds', async () => {
    const { instances, signUp, hmrc } = cluster();
    const user = await signUp();
    const business = await connectBusiness(user);
    const since = Date.now();

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        user.on(instances[index % instances.length]?.url ?? '').post('/api/refresh_token', { userId: business.userId }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const refreshes = (await hmrc.requests(since)).filter((request) => request.grantType === 'refresh_token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.status).toBe(200);

    // The new tokens work through either instance: nobody was asked to grant authority again.
    for (const instance of instances) {
      const read = await user.on(instance.url).get(`/api/check_auth?userId=${business.userId}`);
      expect(read.json).toMatchObject({ authorisation: { needsReauthorisation: false } });
    }
  });

  it('keeps 200 reads through both instances within 3 requests a second at HMRC, and answers every one', async () => {
    await withCluster({ simulatorRateLimit: 3, hmrcRateLimit: 3 }, async ({ instances, signUp, hmrc }) => {
      const user = await signUp();
      const { vrn } = await connectBusiness(user);
      const since = Date.now();
      const today = ukToday();
      // Each read asks HMRC (its own date range); half go to each instance, all at once.
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          user
            .on(instances[index % instances.length]?.url ?? '')
            .get(`/api/vat/obligations?vrn=${vrn}&from=${addDays(today, -364 + index)}&to=${today}`),
        ),
      );
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.text)).toEqual([]);
      await waitFor(async () => (await hmrc.requests(since)).length >= 200, 'HMRC to have seen every read');
      const seen = await hmrc.requests(since);
      expect(seen.filter((request) => request.status === 429)).toEqual([]);
      expect(mostInAnySecond(seen)).toBeLessThanOrEqual(3);
    });
  }, 180_000);
});
