import { OAuth2Server } from 'oauth2-mock-server';

export interface FakeIdentity {
  sub: string;
  email: string;
  name: string;
  picture?: string;
}

/**
 * A real OAuth 2.0 / OpenID Connect server on a local port (oauth2-mock-server), standing in
 * for Google. The test decides who signs in next; the server issues codes, tokens and userinfo.
 */
export async function startOAuthServer() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let identity: FakeIdentity = { sub: 'google-1', email: 'someone@example.com', name: 'Some One' };
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { ...identity, email_verified: true });
  });
  server.service.on('beforeUserinfo', (userInfo) => {
    userInfo.body = { ...identity, email_verified: true };
  });
  return {
    issuerUrl: server.issuer.url ?? '',
    signInAs(next: FakeIdentity) {
      identity = next;
    },
    stop: () => server.stop(),
  };
}
