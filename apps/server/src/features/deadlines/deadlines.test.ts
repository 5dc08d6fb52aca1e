import {
  deadlineLevelFor,
  deadlinesResponseSchema,
  icsFileName,
  obligationListSchema,
  Role,
  addDays,
  ukToday,
} from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBusiness } from '../../test/hmrc-journey';
import { registerUser, SessionClient } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';

/**
 * The deadlines routes against the embedded simulator over real HTTP: a user connects a business
 * (the simulator gives it an overdue return and the current period open) and reads its deadlines.
 */

let server: TestApp & { baseUrl: string };
let alice: SessionClient;
let bob: SessionClient;
let guest: SessionClient;
let vrn: string;
let businessName: string;

const operator = (method: 'POST' | 'DELETE', path: string, body?: unknown) =>
  fetch(`${server.baseUrl}/hmrc-sandbox/operator${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

/** Content lines of an .ics file: physical lines unfolded. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

beforeAll(async () => {
  server = await createListeningTestApp();
  // The first account is the Admin.
  alice = await registerUser(server.app, 'alice@example.com', 'Alice');
  bob = await registerUser(server.app, 'bob@example.com', 'Bob');
  guest = await registerUser(server.app, 'guest@example.com', 'Guest');
  const guestId = (await guest.get('/api/me')).json().user.id;
  expect((await alice.put(`/api/users/${guestId}/role`, { role: Role.Guest })).statusCode).toBe(200);
  const user = await connectBusiness(alice);
  vrn = user.vrn;
  businessName = user.organisationName ?? user.userFullName;
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/deadlines', () => {
  it('summarises the business’s open obligations with days left and levels', async () => {
    const response = await alice.get(`/api/deadlines?vrn=${vrn}`);
    expect(response.statusCode, response.body).toBe(200);
    const summary = deadlinesResponseSchema.parse(response.json());
    const today = ukToday();
    expect(summary).toMatchObject({ vrn, businessName, today });

    // The same open obligations the VAT Operations screen lists for the last year.
    const { obligations } = obligationListSchema.parse(
      (await alice.get(`/api/vat/obligations?vrn=${vrn}&from=${addDays(today, -364)}&to=${today}&status=Open`)).json(),
    );
    expect(obligations.length).toBeGreaterThanOrEqual(2);
    expect(summary.items.map((item) => item.periodKey).sort()).toEqual(obligations.map((o) => o.periodKey).sort());

    // Earliest due first; each with its days left and the level they give.
    expect(summary.items.map((item) => item.due)).toEqual(summary.items.map((item) => item.due).sort());
    for (const item of summary.items) {
      expect(item.daysLeft).toBe(
        Math.round((Date.parse(`${item.due}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000),
      );
      expect(item.level).toBe(deadlineLevelFor(item.daysLeft));
    }
    // The simulator leaves the latest ended period's return overdue; the current period is still to come.
    expect(summary.items[0]?.level).toBe('overdue');
    expect(summary.overdueCount).toBe(summary.items.filter((item) => item.daysLeft < 0).length);
    expect(summary.overdueCount).toBeGreaterThanOrEqual(1);
    expect(summary.next).toEqual(summary.items.find((item) => item.daysLeft >= 0) ?? null);
    expect(summary.next).not.toBeNull();
  });

  it('takes the VRN as written on letters, and refuses one that is not a VRN', async () => {
    const spaced = await alice.get(`/api/deadlines?vrn=${encodeURIComponent(`GB ${vrn.slice(0, 3)} ${vrn.slice(3)}`)}`);
    expect(spaced.statusCode).toBe(200);
    const wrong = await alice.get('/api/deadlines?vrn=123456789');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('VALIDATION_FAILED');
    expect((await alice.get('/api/deadlines')).statusCode).toBe(400);
  });

  it('passes HMRC’s failure on with the VAT routes’ message for obligations', async () => {
    expect((await operator('POST', '/faults', { endpoint: 'obligations', kind: 'error500', count: 5 })).status).toBe(
      201,
    );
    try {
      const response = await alice.get(`/api/deadlines?vrn=${vrn}`);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        code: 'HMRC_UNAVAILABLE',
        message: 'Server error (500)',
        hmrc: { kind: 'obligations', status: 500 },
      });
    } finally {
      await operator('DELETE', '/faults');
    }
  });
});

describe('GET /api/deadlines/calendar.ics', () => {
  it('downloads a calendar with one all-day event per open obligation on its due date', async () => {
    const summary = deadlinesResponseSchema.parse((await alice.get(`/api/deadlines?vrn=${vrn}`)).json());
    const response = await alice.get(`/api/deadlines/calendar.ics?vrn=${vrn}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${icsFileName(vrn)}"`);
    expect(icsFileName(vrn)).toBe(`vat-deadlines-${vrn}.ics`);
    const lines = unfold(response.body);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('END:VCALENDAR');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(summary.items.length);
    const starts = lines.filter((line) => line.startsWith('DTSTART;VALUE=DATE:'));
    expect(starts).toEqual(summary.items.map((item) => `DTSTART;VALUE=DATE:${item.due.replaceAll('-', '')}`));
    expect(lines.filter((line) => line.startsWith('SUMMARY:'))[0]).toContain(`VAT return due – ${businessName}`);
    expect(lines.some((line) => line.startsWith('DESCRIPTION:') && line.includes(vrn))).toBe(true);
  });
});

describe('who may read deadlines', () => {
  it('refuses another user’s VRN with the VAT routes’ 403, and no data', async () => {
    for (const path of [`/api/deadlines?vrn=${vrn}`, `/api/deadlines/calendar.ics?vrn=${vrn}`]) {
      const response = await bob.get(path);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('BUSINESS_NOT_YOURS');
      expect(response.body).not.toContain(businessName);
    }
    const vatRoute = await bob.get(`/api/vat/penalties?vrn=${vrn}`);
    expect(vatRoute.statusCode).toBe(403);
    expect(vatRoute.json().code).toBe('BUSINESS_NOT_YOURS');
  });

  it('asks a Guest and a visitor to sign in (401)', async () => {
    const visitor = new SessionClient(server.app);
    for (const client of [guest, visitor]) {
      for (const path of [`/api/deadlines?vrn=${vrn}`, `/api/deadlines/calendar.ics?vrn=${vrn}`]) {
        const response = await client.get(path);
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('UNAUTHENTICATED');
      }
    }
  });

  it('declares the routes for account holders, as the VAT routes are', () => {
    const declared = server.app.declaredRoutes.filter((route) => route.url.startsWith('/api/deadlines'));
    const obligations = server.app.declaredRoutes.find((route) => route.url === '/api/vat/obligations');
    expect(declared.map((route) => route.url).sort()).toEqual(['/api/deadlines', '/api/deadlines/calendar.ics']);
    for (const route of declared) expect(route.access).toEqual(obligations?.access);
  });
});
