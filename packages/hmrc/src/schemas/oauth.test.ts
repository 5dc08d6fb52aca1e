import { describe, expect, it } from 'vitest';
import { oauthErrorSchema, oauthTokenResponseSchema } from './oauth';

describe('OAuth token response', () => {
  it('reads a code exchange answer with a refresh token and the granted scopes', () => {
    const token = oauthTokenResponseSchema.parse({
      access_token: 'QGbWG8KckncuwwD4uYXgWxF4HQvuPmrmUqKgkpQP',
      refresh_token: 'unJkSs5cvs8CS9E4DLvTkNhcRBq9BwUPm23cr3pF',
      expires_in: 14400,
      scope: 'read:vat write:vat',
      token_type: 'bearer',
    });
    expect(token.expires_in).toBe(14400);
    expect(token.scope).toBe('read:vat write:vat');
  });

  it('reads a refresh answer without scope, and a client-credentials answer without refresh token', () => {
    expect(
      oauthTokenResponseSchema.safeParse({ access_token: 'a', expires_in: 14400, token_type: 'bearer' }).success,
    ).toBe(true);
    expect(
      oauthTokenResponseSchema.safeParse({
        access_token: 'a',
        refresh_token: 'r',
        expires_in: 14400,
        token_type: 'Bearer',
      }).success,
    ).toBe(true);
  });

  it('refuses a token that is not a bearer token or has no lifetime', () => {
    expect(
      oauthTokenResponseSchema.safeParse({ access_token: 'a', expires_in: 14400, token_type: 'mac' }).success,
    ).toBe(false);
    expect(oauthTokenResponseSchema.safeParse({ access_token: 'a', token_type: 'bearer' }).success).toBe(false);
    expect(
      oauthTokenResponseSchema.safeParse({ access_token: '', expires_in: 14400, token_type: 'bearer' }).success,
    ).toBe(false);
  });
});

describe('OAuth error', () => {
  it('reads the invalid_grant answer HMRC gives when a refresh token is no longer valid', () => {
    expect(oauthErrorSchema.parse({ error: 'invalid_grant', error_description: 'refresh_token is invalid' })).toEqual({
      error: 'invalid_grant',
      error_description: 'refresh_token is invalid',
    });
  });

  it('accepts an error without description and refuses a body without error', () => {
    expect(oauthErrorSchema.safeParse({ error: 'invalid_client' }).success).toBe(true);
    expect(oauthErrorSchema.safeParse({ code: 'INVALID_CREDENTIALS', message: 'x' }).success).toBe(false);
  });
});
