import type { Business } from '@vatwise/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takePageUser } from '../../shared/api/page-user';
import { fakeServer } from '../../test/fake-server';
import { createTestStore } from '../../test/render-page';
import { userRecord } from '../../test/users';
import { hmrcApi } from './api';
import { seedPageBusinesses } from './page-businesses';

const acme: Business = {
  vrn: '123456789',
  name: 'Acme Ltd',
  userId: 'hmrc-user-1',
  authorisation: null,
  lastUsedAt: null,
  agentArn: null,
};

/** A page as the server writes it for a signed-in user, carrying `businesses` as its first read. */
function loadPageCarrying(businesses: unknown) {
  const doc = document.implementation.createHTMLDocument('VAT Wise');
  const script = doc.createElement('script');
  script.id = 'vatwise-me';
  script.type = 'application/json';
  script.textContent = JSON.stringify({ user: userRecord(), reads: { '/api/businesses': businesses } });
  doc.head.append(script);
  takePageUser(doc);
}

describe('the businesses a signed-in page carries', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answer the businesses’ query before any screen asks, without a request, and a refetch asks the server', async () => {
    loadPageCarrying({ businesses: [acme], current: acme.vrn });
    const requests = fakeServer({ '/api/businesses': { body: { businesses: [], current: null } } });
    const app = createTestStore();
    const seed = seedPageBusinesses();
    expect(seed).toBeDefined();
    if (seed) app.dispatch(seed);
    // Already fulfilled: the first screen draws the list at once, with no loading step.
    expect(hmrcApi.endpoints.businesses.select()(app.getState() as never)).toMatchObject({
      status: 'fulfilled',
      data: { businesses: [acme], current: acme.vrn },
    });
    const first = await app.dispatch(hmrcApi.endpoints.businesses.initiate());
    expect(first.data?.businesses.map((business) => business.name)).toEqual(['Acme Ltd']);
    expect(requests).toEqual([]);
    const again = await app.dispatch(hmrcApi.endpoints.businesses.initiate(undefined, { forceRefetch: true }));
    expect(again.data?.businesses).toEqual([]);
    expect(requests.map((url) => url.pathname)).toEqual(['/api/businesses']);
  });

  it('are used once: a second start (or a later read) asks the server', () => {
    loadPageCarrying({ businesses: [acme], current: null });
    expect(seedPageBusinesses()).toBeDefined();
    expect(seedPageBusinesses()).toBeUndefined();
  });

  it('are ignored when they are not a list of businesses, so the app asks the server', () => {
    loadPageCarrying({ businesses: [{ ...acme, vrn: 123456789 }], current: null });
    expect(seedPageBusinesses()).toBeUndefined();
    loadPageCarrying({ businesses: 'none', current: null });
    expect(seedPageBusinesses()).toBeUndefined();
    loadPageCarrying(null);
    expect(seedPageBusinesses()).toBeUndefined();
  });
});
