import { addDays, type Dashboard, dashboardSchema, obligationListSchema, ukToday } from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectBusiness } from '../../test/hmrc-journey';
import { registerUser, type SessionClient } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';
import { readsPerSecond } from './service';

/**
 * The practice dashboard against the simulator: it answers at once with what it last read, reads
 * stale businesses in the background at HMRC's pace, and each row's standing is what HMRC's own
 * obligations say.
 */

let server: TestApp & { baseUrl: string };
beforeAll(async () => {
  server = await createListeningTestApp();
});
afterAll(async () => {
  await server.close();
});

const dashboardOf = async (client: SessionClient, refresh = false): Promise<Dashboard> =>
  dashboardSchema.parse((await client.get(`/api/dashboard${refresh ? '?refresh=true' : ''}`)).json());

/** The dashboard once nothing is being read any more. */
const settled = (client: SessionClient) =>
  vi.waitFor(
    async () => {
      const dashboard = await dashboardOf(client);
      if (dashboard.reading > 0) throw new Error('still reading');
      return dashboard;
    },
    { timeout: 30_000, interval: 200 },
  );

const vatCalls = async () =>
  Object.values(
    ((await (await fetch(`${server.baseUrl}/hmrc-sandbox/operator/calls`)).json()) as { calls: Record<string, number> })
      .calls,
  ).reduce((sum, count) => sum + count, 0);

describe('the practice dashboard', () => {
  it('shows each business as HMRC stands for it, read in the background and kept', async () => {
    const practice = await registerUser(server.app, 'practice@example.com');
    const first = await connectBusiness(practice);
    const second = await connectBusiness(practice);

    const opened = await dashboardOf(practice);
    expect(opened.rows.map((row) => row.vrn).sort()).toEqual([first.vrn, second.vrn].sort());
    expect(opened.rows.every((row) => row.reading && row.standing === null && row.readAt === null)).toBe(true);

    const dashboard = await settled(practice);
    const today = ukToday();
    for (const row of dashboard.rows) {
      const open = obligationListSchema
        .parse(
          (
            await practice.get(
              `/api/vat/obligations?vrn=${row.vrn}&from=${addDays(today, -364)}&to=${today}&status=Open`,
            )
          ).json(),
        )
        .obligations.sort((a, b) => a.due.localeCompare(b.due));
      expect(row.problem).toBeNull();
      expect(row.readAt).not.toBeNull();
      expect(row.standing?.nextDue?.due).toBe(open[0]?.due);
      expect(row.standing?.overdueReturns).toBe(open.filter((obligation) => obligation.due < today).length);
      // The simulated history always has an overdue return and returns filed before it.
      expect(row.standing?.overdueReturns).toBeGreaterThan(0);
      expect(row.standing?.lastFiled).not.toBeNull();
      expect(row.authorisation?.needsReauthorisation).toBe(false);
    }

    // Read within the last 15 minutes: opening it again asks HMRC nothing.
    const before = await vatCalls();
    const again = await dashboardOf(practice);
    expect(again.reading).toBe(0);
    expect(again.rows.map((row) => row.readAt)).toEqual(dashboard.rows.map((row) => row.readAt));
    expect(await vatCalls()).toBe(before);

    // Nobody else sees these businesses.
    const stranger = await registerUser(server.app, 'stranger@example.com');
    expect((await dashboardOf(stranger)).rows).toEqual([]);
  });

  it('reads again when asked, never faster than its share of HMRC’s three requests a second', async () => {
    const practice = await registerUser(server.app, 'busy-practice@example.com');
    await connectBusiness(practice);
    await connectBusiness(practice);
    await settled(practice);

    const started = Date.now();
    const before = await vatCalls();
    expect((await dashboardOf(practice, true)).reading).toBe(2);
    await vi.waitFor(
      async () => {
        if ((await vatCalls()) - before < 8) throw new Error('still reading');
      },
      { timeout: 30_000, interval: 50 },
    );
    // Two businesses, four calls each, two a second: the eighth cannot start before 3 s have passed.
    expect(Date.now() - started).toBeGreaterThanOrEqual(((8 - readsPerSecond) / readsPerSecond) * 1000 - 100);
    await settled(practice);
  });
});
