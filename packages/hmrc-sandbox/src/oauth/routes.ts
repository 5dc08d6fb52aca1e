import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { readCookies, setCookie } from '../platform/cookies';
import { applyFault } from '../platform/http';
import { randomToken, sha256 } from '../platform/secrets';
import type { AuthRequestRecord } from '../store/store';
import { addMonthsToInstant } from '@vatwise/domain';
import { errorPage, grantPage, signInPage, startPage, whatYouWillNeedPage } from './pages';
import { parseScopes, scopeDescriptions } from './scopes';
import { clientPagesPath, startBrowserSession } from './session';
import { answerTokenRequest, type Form } from './token-grants';

/**
 * HMRC's OAuth 2.0 (docs/reference/hmrc-vat-api.md §1 and 2.4): the browser goes to /oauth/authorize, signs in as
 * a test user on /api-test-login/sign-in, gives permission on /oauth/grantscope and returns to the
 * application's redirect URI with a code, which the application's server exchanges at /oauth/token.
 */

const codeLifetimeMs = 10 * 60_000; // an authorisation code lasts 10 minutes (1.3)
const signInLifetimeMs = 30 * 60_000; // time allowed between authorise and grant
const grantLifetimeMonths = 18; // authority lasts 18 months (1.4)

const csrfCookie = 'hmrc_sandbox_csrf';
const browserCookie = 'hmrc_sandbox_browser';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function htmlError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).type('text/html; charset=utf-8').send(errorPage(error, description));
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json')
    .send({ error, error_description: description });
}

function withQuery(uri: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) url.searchParams.set(name, value);
  }
  return url.toString();
}

export function oauthRoutes(context: SandboxContext, basePath: string) {
  const { store, clock } = context;
  const grantScopePath = `${basePath}/oauth/grantscope`;
  const signInPath = `${basePath}/api-test-login/sign-in`;
  const startPath = `${basePath}/oauth/start`;
  const whatYouWillNeedPath = `${basePath}/oauth/whatYouWillNeed`;
  const signInFor = (authId: string) =>
    `${signInPath}?continue=${encodeURIComponent(`${grantScopePath}?auth_id=${authId}`)}`;
  const cookiePath = basePath || '/';
  const isSecure = (request: FastifyRequest) => request.protocol === 'https';

  /** A fresh CSRF token, set as a cookie and returned for the form's hidden field. */
  const issueCsrf = (request: FastifyRequest, reply: FastifyReply): string => {
    const token = randomToken();
    setCookie(reply, csrfCookie, token, cookiePath, isSecure(request));
    return token;
  };
  const csrfMatches = (request: FastifyRequest, form: Form): boolean => {
    const cookie = readCookies(request).get(csrfCookie);
    return cookie !== undefined && cookie === form.csrfToken;
  };

  /** The sign-in this browser completed for `authId`, if it is still current. */
  async function signedInRequest(request: FastifyRequest, authId: string | undefined) {
    if (!authId) return { problem: 'missing' as const };
    const pending = await store.authRequest(authId);
    if (!pending || pending.expires_at <= clock.iso()) return { problem: 'expired' as const };
    const browser = readCookies(request).get(browserCookie);
    if (!pending.user_id || !browser || sha256(browser) !== pending.browser_sha256) {
      return { problem: 'not-signed-in' as const, pending };
    }
    return { pending, userId: pending.user_id };
  }

  const expired = (reply: FastifyReply) =>
    htmlError(
      reply,
      400,
      'invalid_request',
      'This sign-in has expired or was already used. Start again from the software you came from.',
    );

  return async function register(app: FastifyInstance) {
    // --- 1.2 authorise: check the request, then send the browser to sign in -----------------
    app.get('/oauth/authorize', async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const clientId = text(query.client_id);
      const redirectUri = text(query.redirect_uri);
      const responseType = text(query.response_type);
      const scope = text(query.scope);
      const challenge = text(query.code_challenge);
      const challengeMethod = text(query.code_challenge_method);

      const application = clientId ? await store.application(clientId) : undefined;
      if (!application) return htmlError(reply, 400, 'invalid_request', 'client_id is missing or not recognised.');
      if (!redirectUri || !application.redirectUris.includes(redirectUri)) {
        return htmlError(
          reply,
          400,
          'invalid_request',
          'redirect_uri is missing or is not one of the application’s redirect URIs.',
        );
      }
      if (!responseType) return htmlError(reply, 400, 'invalid_request', 'response_type is missing.');
      if (responseType !== 'code') {
        return htmlError(reply, 400, 'unsupported_response_type', 'Only response_type=code is supported.');
      }
      if (!scope) return htmlError(reply, 400, 'invalid_request', 'scope is missing.');
      const scopes = parseScopes(scope);
      if (!scopes) return htmlError(reply, 400, 'invalid_scope', `The scope "${scope}" is not recognised.`);
      if (query.client_secret !== undefined) {
        return htmlError(reply, 400, 'invalid_request', 'Never send client_secret to the authorise URL.');
      }
      if (challenge !== undefined || challengeMethod !== undefined) {
        if (!challenge || challengeMethod !== 'S256') {
          return htmlError(
            reply,
            400,
            'invalid_request',
            'PKCE needs a non-empty code_challenge with code_challenge_method=S256.',
          );
        }
      }

      const authId = randomToken();
      await store.insertAuthRequest({
        auth_id: authId,
        client_id: application.clientId,
        redirect_uri: redirectUri,
        scope: scopes.join(' '),
        state: text(query.state) ?? null,
        code_challenge: challenge ?? null,
        user_id: null,
        browser_sha256: null,
        expires_at: clock.iso(signInLifetimeMs),
      });
      // HMRC's sandbox shows start pages before its sign-in form (2.4); so does the simulator.
      return reply.redirect(`${startPath}?auth_id=${authId}`, 303);
    });

    // --- 2.4 the start pages: "Continue", then "Sign in to the HMRC online service" ----------
    app.get('/oauth/start', async (request, reply) => {
      const authId = text((request.query as Record<string, unknown>).auth_id) ?? '';
      const pending = await store.authRequest(authId);
      if (!pending || pending.expires_at <= clock.iso()) return expired(reply);
      const application = await store.application(pending.client_id);
      return reply
        .type('text/html; charset=utf-8')
        .send(
          startPage(
            application?.name ?? pending.client_id,
            `${whatYouWillNeedPath}?auth_id=${encodeURIComponent(authId)}`,
          ),
        );
    });

    app.get('/oauth/whatYouWillNeed', async (request, reply) => {
      const authId = text((request.query as Record<string, unknown>).auth_id) ?? '';
      const pending = await store.authRequest(authId);
      if (!pending || pending.expires_at <= clock.iso()) return expired(reply);
      return reply.type('text/html; charset=utf-8').send(whatYouWillNeedPage(signInFor(authId)));
    });

    // --- 2.4 the sign-in page ---------------------------------------------------------------
    app.get('/api-test-login/sign-in', async (request, reply) => {
      const continueUrl = text((request.query as Record<string, unknown>).continue) ?? '';
      const csrfToken = issueCsrf(request, reply);
      return reply.type('text/html; charset=utf-8').send(signInPage({ continueUrl, csrfToken }));
    });

    app.post('/api-test-login/sign-in', async (request, reply) => {
      const form = (request.body ?? {}) as Form;
      if (!csrfMatches(request, form)) {
        return htmlError(reply, 403, 'invalid_request', 'The form has expired. Go back and sign in again.');
      }
      const continueUrl = form.continue ?? '';
      // The continue URL must be our grant page (its query string aside), as on HMRC (2.4), or a
      // client's page for answering an agent.
      const continueTarget = new URL(continueUrl, 'http://sandbox.invalid');
      const toClientPage = continueTarget.pathname.startsWith(`${basePath}${clientPagesPath}`);
      if ((continueTarget.pathname !== grantScopePath && !toClientPage) || !continueUrl.startsWith('/')) {
        return htmlError(reply, 400, 'invalid_request', 'Invalid Parameters');
      }
      const userId = form.userId?.trim() ?? '';
      const password = form.password ?? '';
      const user = userId && password ? await store.testUser(userId) : undefined;
      if (!user || user.passwordSha256 !== sha256(`${userId}:${password}`)) {
        const csrfToken = issueCsrf(request, reply);
        return reply
          .code(userId && password ? 401 : 400)
          .type('text/html; charset=utf-8')
          .send(signInPage({ continueUrl, csrfToken, userId, failed: true }));
      }
      if (toClientPage) {
        await startBrowserSession(context, request, reply, cookiePath, user.userId);
        return reply.redirect(continueTarget.pathname, 303);
      }
      const authId = continueTarget.searchParams.get('auth_id') ?? '';
      const pending = await store.authRequest(authId);
      if (!pending || pending.expires_at <= clock.iso()) return expired(reply);

      const browser = randomToken();
      await store.signInToAuthRequest(authId, user.userId, sha256(browser));
      setCookie(reply, browserCookie, browser, cookiePath, isSecure(request));
      return reply.redirect(continueUrl, 303);
    });

    // --- 2.4 the grant page -----------------------------------------------------------------
    app.get('/oauth/grantscope', async (request, reply) => {
      const authId = text((request.query as Record<string, unknown>).auth_id);
      const current = await signedInRequest(request, authId);
      if (current.problem === 'not-signed-in') {
        const continueUrl = `${grantScopePath}?auth_id=${authId ?? ''}`;
        return reply.redirect(`${signInPath}?continue=${encodeURIComponent(continueUrl)}`, 303);
      }
      if (current.problem) return expired(reply);
      const { pending, userId } = current;
      const application = await store.application(pending.client_id);
      const csrfToken = issueCsrf(request, reply);
      return reply.type('text/html; charset=utf-8').send(
        grantPage({
          applicationName: application?.name ?? pending.client_id,
          scopes: pending.scope.split(' ').map((name) => ({ name, description: scopeDescriptions[name] ?? name })),
          authId: pending.auth_id,
          state: pending.state ?? '',
          csrfToken,
          denyUrl: `${grantScopePath}/deny?auth_id=${pending.auth_id}`,
          userId,
        }),
      );
    });

    app.post('/oauth/grantscope', async (request, reply) => {
      const form = (request.body ?? {}) as Form;
      const authId = form.auth_id ?? text((request.query as Record<string, unknown>).auth_id);
      if (!csrfMatches(request, form)) {
        return htmlError(reply, 403, 'invalid_request', 'The form has expired. Go back and try again.');
      }
      const current = await signedInRequest(request, authId);
      if (current.problem || !(await store.takeAuthRequest(current.pending.auth_id))) return expired(reply);
      const { pending, userId } = current;

      const now = clock.now();
      const grantId = randomToken();
      await store.insertGrant({
        grant_id: grantId,
        client_id: pending.client_id,
        user_id: userId,
        scope: pending.scope,
        created_at: now.toISOString(),
        expires_at: addMonthsToInstant(now.toISOString(), grantLifetimeMonths),
      });
      const code = randomToken();
      await store.insertAuthCode({
        code_sha256: sha256(code),
        grant_id: grantId,
        redirect_uri: pending.redirect_uri,
        code_challenge: pending.code_challenge,
        expires_at: clock.iso(codeLifetimeMs),
        used_at: null,
      });
      return reply.redirect(withQuery(pending.redirect_uri, { code, state: pending.state }), 303);
    });

    app.get('/oauth/grantscope/deny', async (request, reply) => {
      const current = await signedInRequest(request, text((request.query as Record<string, unknown>).auth_id));
      if (current.problem || !(await store.takeAuthRequest(current.pending.auth_id))) return expired(reply);
      const pending: AuthRequestRecord = current.pending;
      // Refusals go back to the application (1.3): error is always access_denied.
      return reply.redirect(
        withQuery(pending.redirect_uri, {
          error: 'access_denied',
          error_description: 'The user did not give permission',
          error_code: 'USER_DENIED_AUTHORIZATION',
          state: pending.state,
        }),
        303,
      );
    });

    // --- 1.4 the token endpoint: the client is checked here, each grant in token-grants.ts ---
    app.post('/oauth/token', async (request, reply) => {
      if (await applyFault(request, reply, context, 'token')) return reply;
      const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Form;
      if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return oauthError(reply, 400, 'invalid_request', 'Send the parameters form-encoded in the body.');
      }
      if (!form.client_id) return oauthError(reply, 400, 'invalid_request', 'client_id is required');
      if (!form.client_secret) return oauthError(reply, 400, 'invalid_request', 'client_secret is required');
      const application = await store.application(form.client_id);
      if (!application || application.clientSecretSha256 !== sha256(form.client_secret)) {
        return oauthError(reply, 401, 'invalid_client', 'invalid client id or secret');
      }
      const answer = await answerTokenRequest(form, application, context);
      if (!answer.ok) return oauthError(reply, answer.status, answer.error, answer.description);
      return reply.header('cache-control', 'no-store').send(answer.body);
    });
  };
}
