import { addDays, businessListSchema, obligationListSchema, ukToday } from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBusiness } from '../../test/hmrc-journey';
import { registerUser, type SessionClient } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';

/**
 * Adding a VRN by hand (a real business, an agent's client) against the simulator: HMRC is asked
 * first whether the chosen authority reaches the VRN, and a working connection is never moved to
 * another authority without the user saying so.
 */

let server: TestApp & { baseUrl: string };
beforeAll(async () => {
  server = await createListeningTestApp();
});
afterAll(async () => {
  await server.close();
});

const businessesOf = async (client: SessionClient) =>
  businessListSchema.parse((await client.get('/api/businesses')).json());
const openObligations = (client: SessionClient, vrn: string) =>
  client.get(`/api/vat/obligations?vrn=${vrn}&from=${addDays(ukToday(), -364)}&to=${ukToday()}&status=Open`);

describe('adding a VRN by hand', () => {
  it('never moves a working VRN to another authority without asking, nor to one that cannot reach it', async () => {
    const owner = await registerUser(server.app, 'owner@example.com');
    const first = await connectBusiness(owner);
    const second = await connectBusiness(owner);

    const asked = await owner.post('/api/businesses', { vrn: first.vrn, userId: second.userId });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().code).toBe('BUSINESS_ALREADY_CONNECTED');

    // Told to replace it, HMRC is asked first: the second user's authority does not reach it.
    const refused = await owner.post('/api/businesses', { vrn: first.vrn, userId: second.userId, replace: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('VRN_NOT_REACHED');

    // The first connection still works, through its own user.
    const listed = await businessesOf(owner);
    expect(listed.businesses.find((business) => business.vrn === first.vrn)?.userId).toBe(first.userId);
    const obligations = await openObligations(owner, first.vrn);
    expect(obligations.statusCode, obligations.body).toBe(200);
    expect(obligationListSchema.parse(obligations.json()).obligations.length).toBeGreaterThan(0);
  });

  it('adds a VRN only when HMRC says the authority reaches it', async () => {
    const owner = await registerUser(server.app, 'second-owner@example.com');
    const business = await connectBusiness(owner);
    // A VRN of someone else's: a real one, which this authority does not reach.
    const elsewhere = await connectBusiness(await registerUser(server.app, 'someone-else@example.com'));
    const stranger = await owner.post('/api/businesses', { vrn: elsewhere.vrn, userId: business.userId });
    expect(stranger.statusCode).toBe(422);
    expect((await businessesOf(owner)).businesses.map((listed) => listed.vrn)).toEqual([business.vrn]);

    // Its own VRN again, with a name: the same authority reaches it, so it is kept and renamed.
    const again = await owner.post('/api/businesses', { vrn: business.vrn, userId: business.userId, name: 'Acme' });
    expect(again.statusCode).toBe(201);
    expect((await businessesOf(owner)).businesses).toEqual([
      expect.objectContaining({ vrn: business.vrn, name: 'Acme', userId: business.userId }),
    ]);
  });
});
