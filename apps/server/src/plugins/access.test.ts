import { Role } from '@vatwise/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, SessionClient } from '../test/session-client';
import { type TestApp, createTestApp } from '../test/test-app';
import accessControl, { type Access } from './access';

type Persona = 'anonymous' | 'guest' | 'editor' | 'admin';

/** What each caller should get from a route with the given access. */
function expectedOutcome(access: Access, persona: Persona): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (persona === 'anonymous') return 401;
  if (access === 'signedIn') return 'allowed';
  if (persona === 'guest') return 401;
  const role = persona === 'admin' ? Role.Admin : Role.Editor;
  return access.includes(role) ? 'allowed' : 403;
}

describe('server-side access control', () => {
  let server: TestApp;
  const clients = {} as Record<Persona, SessionClient>;

  beforeAll(async () => {
    server = await createTestApp();
    clients.admin = await registerUser(server.app, 'admin@example.com');
    clients.editor = await registerUser(server.app, 'editor@example.com');
    clients.guest = await registerUser(server.app, 'guest@example.com');
    clients.anonymous = new SessionClient(server.app);
    const guestId = (await clients.guest.get('/api/me')).json().user.id;
    expect((await clients.admin.put(`/api/users/${guestId}/role`, { role: Role.Guest })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await server.close();
  });

  it('gives every API route a declared access, and checks each with Admin, Editor, Guest and anonymous', async () => {
    const routes = server.app.declaredRoutes;
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const mismatches: string[] = [];
    for (const route of routes) {
      // Parameters point at nothing, so an allowed call changes no data (it answers 404 or 400).
      const url = route.url.replace(':id', 'no-such-user').replace('/auth/*', '/auth/get-session');
      for (const persona of Object.keys(clients) as Persona[]) {
        const response = await clients[persona].request({
          method: route.method as 'GET',
          url,
          body: route.method === 'GET' ? undefined : {},
        });
        const expected = expectedOutcome(route.access, persona);
        const ok =
          expected === 'allowed'
            ? response.statusCode !== 401 && response.statusCode !== 403
            : response.statusCode === expected;
        if (!ok)
          mismatches.push(`${route.method} ${url} as ${persona}: got ${response.statusCode}, expected ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('keeps User Management to Admins', () => {
    const userRoutes = server.app.declaredRoutes.filter((route) => route.url.startsWith('/api/users'));
    expect(userRoutes.length).toBe(4);
    for (const route of userRoutes) expect(route.access).toEqual([Role.Admin]);
  });

  it('refuses to start with an API route that declares no access', async () => {
    const app = Fastify();
    await app.register(accessControl, { resolveUser: async () => null });
    expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(
      'Route GET /api/forgotten does not declare its access',
    );
    // A declared one is accepted.
    expect(() => app.get('/api/declared', { config: { access: 'public' } }, async () => 'fine')).not.toThrow();
    await app.close();
  });

  it('refuses a state-changing request sent from another site', async () => {
    const fromElsewhere = await clients.admin.request({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'https://evil.example' },
      body: {},
    });
    expect(fromElsewhere.statusCode).toBe(403);
    expect(fromElsewhere.json().code).toBe('CROSS_SITE_REQUEST');
    const crossSiteFetch = await server.app.inject({
      method: 'PUT',
      url: '/api/users/x/role',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expect(crossSiteFetch.statusCode).toBe(403);
    expect((await clients.admin.get('/api/me')).json().user).not.toBeNull();
  });
});
