import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { readCookies, setCookie } from '../platform/cookies';
import { applyFault } from '../platform/http';
import { randomToken, sha256 } from '../platform/secrets';
import type { AuthRequestRecord } from '../store/store';
import { addMonthsToInstant } from '@vatwise/domain';
import { errorPage, grantPage, signInPage } from './pages';
import { parseScopes, scopeDescriptions } from './scopes';

/**
 * HMRC's OAuth 2.0 (hmrc-mtd-vat.md 1 and 2.4): the browser goes to /oauth/authorize, signs in as
 * a test user on /api-test-login/sign-in, gives permission on /oauth/grantscope and returns to the
 * application's redirect URI with a code, which the application's server exchanges at /oauth/token.
 */

const accessTokenSeconds = 14_400; // 4 hours (1.4)
const codeLifetimeMs = 10 * 60_000; // an authorisation code lasts 10 minutes (1.3)
const signInLifetimeMs = 30 * 60_000; // time allowed between authorise and grant
const grantLifetimeMonths = 18; // authority lasts 18 months (1.4)

const csrfCookie = 'hmrc_sandbox_csrf';
const browserCookie = 'hmrc_sandbox_browser';

type Form = Record<string, string | undefined>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** PKCE verifier: 43–128 unreserved characters (RFC 7636 4.1). */
const verifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/;
const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

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
      const continueUrl = `${grantScopePath}?auth_id=${authId}`;
      return reply.redirect(`${signInPath}?continue=${encodeURIComponent(continueUrl)}`, 303);
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
      // The continue URL must be our grant page (its query string aside), as on HMRC (2.4).
      const continueTarget = new URL(continueUrl, 'http://sandbox.invalid');
      if (continueTarget.pathname !== grantScopePath || !continueUrl.startsWith('/')) {
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

    // --- 1.4 the token endpoint -------------------------------------------------------------
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
      const grantType = form.grant_type;
      if (!grantType) return oauthError(reply, 400, 'invalid_request', 'grant_type is required');

      const issueAccessToken = async (grantId: string | null, scope: string) => {
        const accessToken = randomToken();
        await store.insertToken({
          token_sha256: sha256(accessToken),
          kind: 'access',
          client_id: application.clientId,
          grant_id: grantId,
          scope,
          expires_at: clock.iso(accessTokenSeconds * 1000),
          revoked_at: null,
        });
        return accessToken;
      };
      const issueUserTokens = async (grantId: string, scope: string, grantExpiresAt: string) => {
        const accessToken = await issueAccessToken(grantId, scope);
        const refreshToken = randomToken();
        await store.insertToken({
          token_sha256: sha256(refreshToken),
          kind: 'refresh',
          client_id: application.clientId,
          grant_id: grantId,
          scope,
          expires_at: grantExpiresAt,
          revoked_at: null,
        });
        return reply.header('cache-control', 'no-store').send({
          access_token: accessToken,
          refresh_token: refreshToken,
          expires_in: accessTokenSeconds,
          scope,
          token_type: 'bearer',
        });
      };

      if (grantType === 'authorization_code') {
        if (!form.redirect_uri) return oauthError(reply, 400, 'invalid_request', 'redirect_uri is required');
        if (!form.code) return oauthError(reply, 400, 'invalid_request', 'code is required');
        const code = await store.authCode(sha256(form.code));
        const grant = code ? await store.grant(code.grant_id) : undefined;
        const now = clock.iso();
        if (!code || !grant || grant.client_id !== application.clientId || code.expires_at <= now || code.used_at) {
          return oauthError(reply, 400, 'invalid_request', 'code is invalid, expired or already used');
        }
        if (code.redirect_uri !== form.redirect_uri) {
          return oauthError(reply, 400, 'invalid_request', 'redirect_uri does not match the authorise request');
        }
        const verifier = form.code_verifier;
        if (code.code_challenge === null && verifier !== undefined) {
          return oauthError(reply, 400, 'invalid_request', 'code_verifier sent, but no code_challenge was');
        }
        if (code.code_challenge !== null) {
          if (verifier === undefined) return oauthError(reply, 400, 'invalid_request', 'code_verifier is required');
          if (!verifierPattern.test(verifier)) {
            return oauthError(reply, 400, 'invalid_request', 'code_verifier must be 43 to 128 characters');
          }
          if (s256(verifier) !== code.code_challenge) {
            return oauthError(reply, 400, 'invalid_grant', 'code_verifier does not match the code_challenge');
          }
        }
        if (!(await store.useAuthCode(code.code_sha256, now))) {
          return oauthError(reply, 400, 'invalid_request', 'code is invalid, expired or already used');
        }
        return issueUserTokens(grant.grant_id, grant.scope, grant.expires_at);
      }

      if (grantType === 'refresh_token') {
        if (!form.refresh_token) return oauthError(reply, 400, 'invalid_request', 'refresh_token is required');
        const tokenHash = sha256(form.refresh_token);
        if (context.refreshesInProgress.has(tokenHash)) {
          return oauthError(reply, 400, 'invalid_request', 'refresh operation already in progress');
        }
        context.refreshesInProgress.add(tokenHash);
        try {
          const now = clock.iso();
          const token = await store.token(tokenHash);
          const grant = token?.grant_id ? await store.grant(token.grant_id) : undefined;
          const usable =
            token?.kind === 'refresh' &&
            token.client_id === application.clientId &&
            token.revoked_at === null &&
            grant !== undefined &&
            grant.expires_at > now;
          // Single use: whoever revokes it first gets the new pair (1.4).
          if (!usable || !(await store.revokeToken(tokenHash, now))) {
            return oauthError(reply, 400, 'invalid_grant', 'refresh_token is invalid');
          }
          // The previous access token stops working at once (1.4).
          await store.revokeGrantTokens(grant.grant_id, now);
          return await issueUserTokens(grant.grant_id, grant.scope, grant.expires_at);
        } finally {
          context.refreshesInProgress.delete(tokenHash);
        }
      }

      if (grantType === 'client_credentials') {
        const scopes = form.scope ? parseScopes(form.scope) : [];
        if (!scopes) return oauthError(reply, 400, 'invalid_scope', `The scope "${form.scope}" is not recognised.`);
        const scope = scopes.join(' ');
        const accessToken = await issueAccessToken(null, scope);
        return reply
          .header('cache-control', 'no-store')
          .send({ access_token: accessToken, expires_in: accessTokenSeconds, scope, token_type: 'bearer' });
      }

      return oauthError(reply, 400, 'unsupported_grant_type', `grant_type ${grantType} is not supported`);
    });
  };
}
