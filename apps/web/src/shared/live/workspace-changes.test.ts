import { agentSocket, type AgentSocketEvents } from '@vatwise/domain';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestStore } from '../../test/render-page';
import { fakeServer } from '../../test/fake-server';
import { api } from '../api/base-api';
import { focusReadEveryMs, followWorkspaceChanges } from './workspace-changes';

/** The socket as far as the follower uses it: handlers by event, and a way to fire them. */
function fakeSocket() {
  const handlers = new Map<string, Set<(payload?: unknown) => void>>();
  const socket = {
    on(event: string, handler: (payload?: unknown) => void) {
      handlers.set(event, (handlers.get(event) ?? new Set()).add(handler));
      return socket;
    },
    off(event: string, handler: (payload?: unknown) => void) {
      handlers.get(event)?.delete(handler);
      return socket;
    },
  };
  const fire = (event: string, payload?: unknown) => {
    for (const handler of handlers.get(event) ?? []) handler(payload);
  };
  return { socket: socket as unknown as Socket<AgentSocketEvents>, fire };
}

/** Reads tagged as the features' are (hmrc-connection, practice-dashboard and vat-returns api.ts). */
const screens = api.injectEndpoints({
  endpoints: (build) => ({
    businesses: build.query<unknown, void>({ query: () => '/api/businesses', providesTags: ['Businesses'] }),
    dashboard: build.query<unknown, void>({ query: () => '/api/dashboard', providesTags: ['Businesses', 'Dashboard'] }),
    returns: build.query<unknown, { vrn: string }>({
      query: ({ vrn }) => ({ url: '/api/vat_returns', params: { vrn } }),
      providesTags: ['VatReturns'],
    }),
    vatReturn: build.query<unknown, string>({
      query: (id) => `/api/vat_returns/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'VatReturns', id }],
    }),
  }),
});

/** The followers the tests started, stopped after each (they listen to the window). */
const followers: (() => void)[] = [];

const draft = (id: string) => ({ id, vrn: '123456782', review: { state: 'approved' } });

/** A page with the header's businesses, the dashboard, a list of returns and two returns open, each read once. */
async function openPage() {
  const requests = fakeServer({
    '/api/businesses': { body: { businesses: [], current: null } },
    '/api/dashboard': { body: { rows: [], reading: 0 } },
    '/api/vat_returns': { body: { returns: [draft('r1'), draft('r2')] } },
    '/api/vat_returns/r1': { body: draft('r1') },
    '/api/vat_returns/r2': { body: draft('r2') },
  });
  const store = createTestStore();
  await Promise.all([
    store.dispatch(screens.endpoints.businesses.initiate()),
    store.dispatch(screens.endpoints.dashboard.initiate()),
    store.dispatch(screens.endpoints.returns.initiate({ vrn: '123456782' })),
    store.dispatch(screens.endpoints.vatReturn.initiate('r1')),
    store.dispatch(screens.endpoints.vatReturn.initiate('r2')),
  ]);
  const { socket, fire } = fakeSocket();
  const stop = followWorkspaceChanges(socket, store.dispatch);
  followers.push(stop);
  /** The paths read since the page opened, sorted. */
  const readsSinceOpen = () =>
    requests
      .slice(5)
      .map((url) => url.pathname)
      .sort();
  return { fire, stop, readsSinceOpen };
}

describe('following the workspace on the live channel', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    for (const stop of followers.splice(0)) stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads the businesses and the dashboard again when the businesses change, and nothing else', async () => {
    const { fire, readsSinceOpen } = await openPage();
    fire(agentSocket.events.businessesChanged, { vrn: '123456782' });
    await vi.waitFor(() => expect(readsSinceOpen()).toEqual(['/api/businesses', '/api/dashboard']));
  });

  it('reads again only the return that changed, and the dashboard that shows its review', async () => {
    const { fire, readsSinceOpen } = await openPage();
    fire(agentSocket.events.returnChanged, { id: 'r2', vrn: '123456782' });
    await vi.waitFor(() => expect(readsSinceOpen()).toEqual(['/api/dashboard', '/api/vat_returns/r2']));
  });

  it('reads everything open again on each connection: what the socket missed meanwhile', async () => {
    const { fire, readsSinceOpen } = await openPage();
    fire('connect');
    await vi.waitFor(() =>
      expect(readsSinceOpen()).toEqual([
        '/api/businesses',
        '/api/dashboard',
        '/api/vat_returns/r1',
        '/api/vat_returns/r2',
      ]),
    );
  });

  it('reads again on coming back to the window, at most once in a while, and stops when told', async () => {
    const { stop, readsSinceOpen } = await openPage();
    window.dispatchEvent(new Event('focus'));
    await Promise.resolve();
    expect(readsSinceOpen()).toEqual([]);

    vi.setSystemTime(Date.now() + focusReadEveryMs);
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(readsSinceOpen()).toHaveLength(4));

    vi.setSystemTime(Date.now() + focusReadEveryMs);
    stop();
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readsSinceOpen()).toHaveLength(4);
  });
});
