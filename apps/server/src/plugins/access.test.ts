import { Role } from '@vatwise/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, SessionClient } from '../test/session-client';
import { type TestApp, createTestApp } from '../test/test-app';
import accessControl from './access';

type Persona = 'admin' | 'editor' | 'guest' | 'anonymous';
const personas: readonly Persona[] = ['admin', 'editor', 'guest', 'anonymous'];

/** Served: neither refused (401, 403) nor failed (5xx); the route itself answered. */
const ok = 'ok';
type Outcome = typeof ok | 401 | 403;

interface Row {
  /** Method and path as the route declares it. */
  route: string;
  /** Parameters point at nothing, so a served call changes no data (it answers 404 or 400). */
  call?: string;
  expect: Record<Persona, Outcome>;
}

/**
 * Who may use each route, written by hand from docs/reference/product.md (sections 2, 5, 6 and 7) and the
 * README's account and agent notes, not from the routes' own declarations:
 *  - Admin, Editor and Guest use the main area (docs/reference/product.md §6); a Guest account counts as a guest;
 *  - guests (no account, or a Guest account) are asked to sign in to create sandbox users, to see
 *    the agent dialogue (docs/reference/product.md §6) and for conversations (docs/reference/product.md §5): 401;
 *  - VAT data, returns, businesses and the sandbox flow belong to an account (Admin, Editor);
 *  - changing roles (User Management), agent statuses and agent runs are for Admins: 403 for an Editor;
 *  - health, sign-in, the current user, the news feed, agent statuses and the model list are public.
 */
const everyone = (route: string, call?: string): Row => ({
  route,
  ...(call ? { call } : {}),
  expect: { admin: ok, editor: ok, guest: ok, anonymous: ok },
});
const table: Row[] = [
  everyone('GET /api/health'),
  everyone('GET /api/ready'),
  everyone('GET /api/auth/*', '/api/auth/get-session'),
  everyone('POST /api/auth/*', '/api/auth/get-session'),
  everyone('GET /api/me'),
  everyone('GET /api/hmrc-feed'),
  everyone('GET /api/agents/statuses'),
  everyone('GET /taxgpt/api/models'),

  // User Management: Admins only.
  { route: 'GET /api/users', expect: { admin: ok, editor: 403, guest: 401, anonymous: 401 } },
  {
    route: 'PUT /api/users/:id/role',
    call: '/api/users/no-such-user/role',
    expect: { admin: ok, editor: 403, guest: 401, anonymous: 401 },
  },
  {
    route: 'PUT /api/users/:id/disabled',
    call: '/api/users/no-such-user/disabled',
    expect: { admin: ok, editor: 403, guest: 401, anonymous: 401 },
  },
  { route: 'GET /api/users/audit-log', expect: { admin: ok, editor: 403, guest: 401, anonymous: 401 } },

  // Sandbox users and HMRC authority (docs/reference/product.md §7): an account's own.
  { route: 'POST /api/create_sandbox_user', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/sandbox_users', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  {
    route: 'DELETE /api/sandbox_users/:userId',
    call: '/api/sandbox_users/000000000000',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  { route: 'GET /api/get_auth_url', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'POST /api/exchange_code', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/check_auth', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'POST /api/refresh_token', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/businesses', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'POST /api/businesses', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'PUT /api/businesses/current', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  // The daily e-mail digest of an account's deadline and payment warnings.
  { route: 'GET /api/reminders', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'PUT /api/reminders', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  // A person's own notifications and their choices (docs/practice.md, "Notifications").
  { route: 'GET /api/notifications', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'POST /api/notifications/read', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/notifications/preferences', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'PUT /api/notifications/preferences', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  // The practice dashboard reads the account's businesses.
  { route: 'GET /api/dashboard', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  // A tax agent's requests to clients belong to an account, as businesses do.
  { route: 'GET /api/client_requests', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'POST /api/client_requests', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  {
    route: 'POST /api/client_requests/:id/cancel',
    call: '/api/client_requests/00000000-0000-4000-8000-000000000000/cancel',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'POST /api/client_requests/:id/sandbox_answer',
    call: '/api/client_requests/00000000-0000-4000-8000-000000000000/sandbox_answer',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  // Re-checking, asking again and ending a client's authority (docs/practice.md, "Clients' authority").
  { route: 'POST /api/client_requests/recheck', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  {
    route: 'POST /api/client_requests/:id/ask_again',
    call: '/api/client_requests/00000000-0000-4000-8000-000000000000/ask_again',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'POST /api/client_requests/:id/end_authority',
    call: '/api/client_requests/00000000-0000-4000-8000-000000000000/end_authority',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  // Practices: a practice's policy, invitations to me, a business's activity.
  { route: 'GET /api/practice/policy', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'PUT /api/practice/policy', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/practice/invitations', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  // Bringing one's own work into the practice (the move itself refuses who may not: workspace-move.test.ts).
  { route: 'GET /api/practice/own-work', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'POST /api/practice/own-work/move', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/practice/clients', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  {
    route: 'PUT /api/practice/clients/:vrn/assignee',
    call: '/api/practice/clients/123456782/assignee',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  { route: 'GET /api/practice/audit', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'POST /api/client_requests/bulk', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  {
    route: 'GET /api/practice/invitations/:id/link',
    call: '/api/practice/invitations/no-such-invitation/link',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'GET /api/businesses/:vrn/activity',
    call: '/api/businesses/123456789/activity',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'POST /api/vat_returns/:id/ready',
    call: '/api/vat_returns/00000000-0000-4000-8000-000000000000/ready',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'POST /api/vat_returns/:id/approve',
    call: '/api/vat_returns/00000000-0000-4000-8000-000000000000/approve',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'POST /api/vat_returns/:id/reopen',
    call: '/api/vat_returns/00000000-0000-4000-8000-000000000000/reopen',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'POST /api/vat_returns/:id/client_approval',
    call: '/api/vat_returns/00000000-0000-4000-8000-000000000000/client_approval',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  // The client's approval link needs no account: the token is the key (docs/practice.md).
  everyone('GET /api/client_approval/:token', '/api/client_approval/no-such-token'),
  everyone('POST /api/client_approval/:token/approve', '/api/client_approval/no-such-token/approve'),
  everyone('POST /api/client_approval/:token/query', '/api/client_approval/no-such-token/query'),
  {
    route: 'GET /api/vat_returns/:id/notes',
    call: '/api/vat_returns/00000000-0000-4000-8000-000000000000/notes',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'POST /api/vat_returns/:id/notes',
    call: '/api/vat_returns/00000000-0000-4000-8000-000000000000/notes',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'DELETE /api/businesses/:vrn',
    call: '/api/businesses/no-such-vrn',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },

  // VAT data (docs/reference/product.md §7).
  { route: 'GET /api/vat/obligations', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/vat/liabilities', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/vat/payments', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/vat/penalties', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/vat/financials', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/vat/returnview', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },

  // Paying HMRC (docs/paying-hmrc.md): an account's, like its VAT data.
  { route: 'POST /api/payments', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/payments', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  {
    route: 'GET /api/payments/:id',
    call: '/api/payments/00000000-0000-4000-8000-000000000000',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },

  // VAT returns and their records.
  { route: 'GET /api/vat_records', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'POST /api/vat_records', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  {
    route: 'PUT /api/vat_records/:id',
    call: '/api/vat_records/no-such-record',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'DELETE /api/vat_records/:id',
    call: '/api/vat_records/no-such-record',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'POST /api/vat_records/:id/restore',
    call: '/api/vat_records/no-such-record/restore',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  { route: 'POST /api/initiate_vat_return', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  // A business's VAT schemes (cash accounting and the others), as its records.
  { route: 'GET /api/vat_schemes', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'PUT /api/vat_schemes', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  // The margin scheme stock book (VAT Notice 718), the business's as its records are.
  { route: 'GET /api/margin_stock_items', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'POST /api/margin_stock_items', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  {
    route: 'PUT /api/margin_stock_items/:id',
    call: '/api/margin_stock_items/no-such-item',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'DELETE /api/margin_stock_items/:id',
    call: '/api/margin_stock_items/no-such-item',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'POST /api/margin_stock_items/:id/restore',
    call: '/api/margin_stock_items/no-such-item/restore',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  { route: 'GET /api/vat_returns', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  {
    route: 'GET /api/vat_returns/:id',
    call: '/api/vat_returns/no-such-return',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  // HMRC Assist's feedback on a return: whoever may read the return (docs/hmrc-assist-flow.md).
  {
    route: 'POST /api/vat_returns/:id/assist',
    call: '/api/vat_returns/no-such-return/assist',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'GET /api/vat_returns/:id/assist',
    call: '/api/vat_returns/no-such-return/assist',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'POST /api/vat_returns/:id/assist/:reportId/acknowledgement',
    call: '/api/vat_returns/no-such-return/assist/00000000-0000-4000-8000-000000000000/acknowledgement',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'GET /api/vat_returns/:id/records',
    call: '/api/vat_returns/no-such-return/records',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'PUT /api/vat_returns/:id',
    call: '/api/vat_returns/no-such-return',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'DELETE /api/vat_returns/:id',
    call: '/api/vat_returns/no-such-return',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'POST /api/vat_returns/:id/submit',
    call: '/api/vat_returns/no-such-return/submit',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'POST /api/vat_returns/:id/settle',
    call: '/api/vat_returns/no-such-return/settle',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'GET /api/vat_returns/:id/receipt.pdf',
    call: '/api/vat_returns/no-such-return/receipt.pdf',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  // Checks before filing and the VAT audit report: as the return's other routes.
  {
    route: 'GET /api/vat_returns/:id/comparison',
    call: '/api/vat_returns/no-such-return/comparison',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'GET /api/vat_returns/:id/audit.csv',
    call: '/api/vat_returns/no-such-return/audit.csv',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'GET /api/vat_returns/:id/audit.pdf',
    call: '/api/vat_returns/no-such-return/audit.pdf',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'GET /api/vat_returns/:id/error_corrections',
    call: '/api/vat_returns/no-such-return/error_corrections',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'POST /api/vat_returns/:id/error_corrections',
    call: '/api/vat_returns/no-such-return/error_corrections',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'DELETE /api/vat_returns/:id/error_corrections/:correctionId',
    call: '/api/vat_returns/no-such-return/error_corrections/no-such-error',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'GET /api/vat_returns/:id/error-notification.pdf',
    call: '/api/vat_returns/no-such-return/error-notification.pdf',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  { route: 'POST /api/vat_imports/preview', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'POST /api/vat_imports', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/vat_imports', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/deadlines', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/deadlines/calendar.ics', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },

  // The assistant's conversations need a signed-in user (docs/reference/product.md §5).
  { route: 'GET /taxgpt/api/conversations', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'POST /taxgpt/api/conversations', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  {
    route: 'GET /taxgpt/api/conversations/:id',
    call: '/taxgpt/api/conversations/no-such-conversation',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'DELETE /taxgpt/api/conversations/:id',
    call: '/taxgpt/api/conversations/no-such-conversation',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },
  {
    route: 'POST /taxgpt/api/conversations/:id/messages',
    call: '/taxgpt/api/conversations/no-such-conversation/messages',
    expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 },
  },

  // Agents: statuses are changed and rounds run by Admins; the dialogue is asked to sign in for (docs/reference/product.md §6).
  {
    route: 'PUT /api/agents/statuses/:id',
    call: '/api/agents/statuses/no-such-agent',
    expect: { admin: ok, editor: 403, guest: 401, anonymous: 401 },
  },
  {
    route: 'POST /api/agents/:id/run',
    call: '/api/agents/no-such-agent/run',
    expect: { admin: ok, editor: 403, guest: 401, anonymous: 401 },
  },
  { route: 'GET /api/agents/logs', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/log', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/logs/user', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'DELETE /api/logs/clear', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'DELETE /api/logs/vat/clear', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'GET /api/authorize_user/browsers', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'POST /api/authorize_user', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
  { route: 'DELETE /api/authorize_user', expect: { admin: ok, editor: ok, guest: 401, anonymous: 401 } },
];

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
    expect((await clients.guest.get('/api/me')).json().user.role).toBe(Role.Guest);
    expect((await clients.editor.get('/api/me')).json().user.role).toBe(Role.Editor);
  });
  afterAll(async () => {
    await server.close();
  });

  it('has a row in the table for every API route, and a route for every row', () => {
    const declared = server.app.declaredRoutes.map((route) => `${route.method} ${route.url}`).sort();
    expect(declared).toEqual(table.map((row) => row.route).sort());
  });

  it('serves or refuses each route for Admin, Editor, Guest and anonymous as the table says', async () => {
    const mismatches: string[] = [];
    for (const row of table) {
      const [method = '', path = ''] = row.route.split(' ');
      const url = row.call ?? path;
      for (const persona of personas) {
        const response = await clients[persona].request({
          method: method as 'GET',
          url,
          body: method === 'GET' ? undefined : {},
        });
        const status = response.statusCode;
        const expected = row.expect[persona];
        const served =
          status !== 401 && status !== 403 && status < 500 && !response.body.includes('There is no API endpoint');
        if (expected === ok ? !served : status !== expected) {
          mismatches.push(`${method} ${url} as ${persona}: got ${status}, expected ${expected}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
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
