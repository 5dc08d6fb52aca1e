import { createHash } from 'node:crypto';
import type { SandboxContext } from '../context';
import { randomToken, sha256 } from '../platform/secrets';
import type { ApplicationRecord } from '../store/store';
import { parseScopes } from './scopes';

/**
 * The token endpoint's three grants (docs/reference/hmrc-vat-api.md §1.4): an authorisation code for the user's
 * tokens, a refresh token for new ones (single use), and client credentials for an
 * application-restricted token. Each answers the token response's body or the OAuth error to send.
 */

export const accessTokenSeconds = 14_400; // 4 hours (1.4)

export type Form = Record<string, string | undefined>;

export type GrantAnswer =
  { ok: true; body: Record<string, unknown> } | { ok: false; status: number; error: string; description: string };

const refused = (status: number, error: string, description: string): GrantAnswer => ({
  ok: false,
  status,
  error,
  description,
});
const invalidRequest = (description: string) => refused(400, 'invalid_request', description);

/** PKCE verifier: 43–128 unreserved characters (RFC 7636 4.1). */
const verifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/;
const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/** Issues tokens to one application, as stored hashes. */
class TokenIssuer {
  constructor(
    private readonly context: SandboxContext,
    private readonly application: ApplicationRecord,
  ) {}

  async accessToken(grantId: string | null, scope: string): Promise<string> {
    const accessToken = randomToken();
    await this.context.store.insertToken({
      token_sha256: sha256(accessToken),
      kind: 'access',
      client_id: this.application.clientId,
      grant_id: grantId,
      scope,
      expires_at: this.context.clock.iso(accessTokenSeconds * 1000),
      revoked_at: null,
    });
    return accessToken;
  }

  /** An access token and a refresh token lasting as long as the user's grant. */
  async userTokens(grantId: string, scope: string, grantExpiresAt: string): Promise<GrantAnswer> {
    const accessToken = await this.accessToken(grantId, scope);
    const refreshToken = randomToken();
    await this.context.store.insertToken({
      token_sha256: sha256(refreshToken),
      kind: 'refresh',
      client_id: this.application.clientId,
      grant_id: grantId,
      scope,
      expires_at: grantExpiresAt,
      revoked_at: null,
    });
    return {
      ok: true,
      body: {
        access_token: accessToken,
        refresh_token: refreshToken,
        expires_in: accessTokenSeconds,
        scope,
        token_type: 'bearer',
      },
    };
  }
}

type Grant = (form: Form, issuer: TokenIssuer, context: SandboxContext, clientId: string) => Promise<GrantAnswer>;

const authorizationCode: Grant = async (form, issuer, { store, clock }, clientId) => {
  if (!form.redirect_uri) return invalidRequest('redirect_uri is required');
  if (!form.code) return invalidRequest('code is required');
  const code = await store.authCode(sha256(form.code));
  const grant = code ? await store.grant(code.grant_id) : undefined;
  const now = clock.iso();
  if (!code || !grant || grant.client_id !== clientId || code.expires_at <= now || code.used_at) {
    return invalidRequest('code is invalid, expired or already used');
  }
  if (code.redirect_uri !== form.redirect_uri)
    return invalidRequest('redirect_uri does not match the authorise request');
  const verifier = form.code_verifier;
  if (code.code_challenge === null && verifier !== undefined) {
    return invalidRequest('code_verifier sent, but no code_challenge was');
  }
  if (code.code_challenge !== null) {
    if (verifier === undefined) return invalidRequest('code_verifier is required');
    if (!verifierPattern.test(verifier)) return invalidRequest('code_verifier must be 43 to 128 characters');
    if (s256(verifier) !== code.code_challenge) {
      return refused(400, 'invalid_grant', 'code_verifier does not match the code_challenge');
    }
  }
  if (!(await store.useAuthCode(code.code_sha256, now))) {
    return invalidRequest('code is invalid, expired or already used');
  }
  return issuer.userTokens(grant.grant_id, grant.scope, grant.expires_at);
};

const refreshToken: Grant = async (form, issuer, context, clientId) => {
  const { store, clock } = context;
  if (!form.refresh_token) return invalidRequest('refresh_token is required');
  const tokenHash = sha256(form.refresh_token);
  if (context.refreshesInProgress.has(tokenHash)) return invalidRequest('refresh operation already in progress');
  context.refreshesInProgress.add(tokenHash);
  try {
    const now = clock.iso();
    const token = await store.token(tokenHash);
    const grant = token?.grant_id ? await store.grant(token.grant_id) : undefined;
    const usable =
      token?.kind === 'refresh' &&
      token.client_id === clientId &&
      token.revoked_at === null &&
      grant !== undefined &&
      grant.expires_at > now;
    // Single use: whoever revokes it first gets the new pair (1.4).
    if (!usable || !(await store.revokeToken(tokenHash, now))) {
      return refused(400, 'invalid_grant', 'refresh_token is invalid');
    }
    // The previous access token stops working at once (1.4).
    await store.revokeGrantTokens(grant.grant_id, now);
    return await issuer.userTokens(grant.grant_id, grant.scope, grant.expires_at);
  } finally {
    context.refreshesInProgress.delete(tokenHash);
  }
};

const clientCredentials: Grant = async (form, issuer) => {
  const scopes = form.scope ? parseScopes(form.scope) : [];
  if (!scopes) return refused(400, 'invalid_scope', `The scope "${form.scope}" is not recognised.`);
  const scope = scopes.join(' ');
  const accessToken = await issuer.accessToken(null, scope);
  return { ok: true, body: { access_token: accessToken, expires_in: accessTokenSeconds, scope, token_type: 'bearer' } };
};

const grants: Record<string, Grant> = {
  authorization_code: authorizationCode,
  refresh_token: refreshToken,
  client_credentials: clientCredentials,
};

/** The token endpoint's answer to an authenticated application's form. */
export async function answerTokenRequest(
  form: Form,
  application: ApplicationRecord,
  context: SandboxContext,
): Promise<GrantAnswer> {
  const grantType = form.grant_type;
  if (!grantType) return invalidRequest('grant_type is required');
  const grant = Object.hasOwn(grants, grantType) ? grants[grantType] : undefined;
  if (!grant) return refused(400, 'unsupported_grant_type', `grant_type ${grantType} is not supported`);
  return grant(form, new TokenIssuer(context, application), context, application.clientId);
}
