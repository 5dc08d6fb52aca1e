import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, configureSessionHandling } from './base-api';
import { dynamicMiddleware, rootReducer } from '../store/root';

const probe = api.injectEndpoints({
  endpoints: (build) => ({ protectedThing: build.query<{ ok: boolean }, void>({ query: () => '/api/users' }) }),
});

/** The server is outside the web app: each test says what it answers, in order. */
function serverAnswers(...statuses: number[]) {
  const calls: string[] = [];
  // Node's Request, unlike a browser's, has no page address to resolve '/api/…' against.
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
      }
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      calls.push(new URL(request.url).pathname);
      const status = statuses.shift() ?? 500;
      const body =
        new URL(request.url).pathname === '/api/auth/get-session'
          ? status === 200
            ? '{"session":{}}'
            : 'null'
          : '{"ok":true}';
      return new Response(status === 200 ? body : '{}', { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function store() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
}

describe('the HTTP client on a 401', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes the session once and replays the request once', async () => {
    const onSessionExpired = vi.fn();
    configureSessionHandling({ isSignedIn: () => true, onSessionExpired });
    const calls = serverAnswers(401, 200, 200);
    const result = await store().dispatch(probe.endpoints.protectedThing.initiate());
    expect(result.data).toEqual({ ok: true });
    expect(calls).toEqual(['/api/users', '/api/auth/get-session', '/api/users']);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('signs the user out when the refresh finds no session', async () => {
    const onSessionExpired = vi.fn();
    configureSessionHandling({ isSignedIn: () => true, onSessionExpired });
    const calls = serverAnswers(401, 401);
    const result = await store().dispatch(probe.endpoints.protectedThing.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(calls).toEqual(['/api/users', '/api/auth/get-session']);
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it('signs the user out when the replay is refused again, without a second replay', async () => {
    const onSessionExpired = vi.fn();
    configureSessionHandling({ isSignedIn: () => true, onSessionExpired });
    const calls = serverAnswers(401, 200, 401);
    await store().dispatch(probe.endpoints.protectedThing.initiate());
    expect(calls).toEqual(['/api/users', '/api/auth/get-session', '/api/users']);
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it('leaves a 401 alone for someone who was not signed in', async () => {
    const onSessionExpired = vi.fn();
    configureSessionHandling({ isSignedIn: () => false, onSessionExpired });
    const calls = serverAnswers(401);
    await store().dispatch(probe.endpoints.protectedThing.initiate());
    expect(calls).toEqual(['/api/users']);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});
