import { getAuthUrlResponseSchema, type SandboxUser, sandboxUserSchema } from '@vatwise/domain';
import { signInAndGrant } from './hmrc-browser';
import type { SessionClient } from './session-client';

/**
 * A signed-in user connecting a business the way the web app does: create a sandbox test user,
 * sign in and grant on the simulator's pages, hand the code to /exchange_code.
 */
export async function createSandboxUser(client: SessionClient, userType = 'Organisation'): Promise<SandboxUser> {
  const response = await client.post('/api/create_sandbox_user', { userType });
  if (response.statusCode !== 201) throw new Error(`create_sandbox_user: ${response.statusCode} ${response.body}`);
  return sandboxUserSchema.parse(response.json());
}

export async function authorise(client: SessionClient, user: SandboxUser) {
  const { url } = getAuthUrlResponseSchema.parse((await client.get(`/api/get_auth_url?userId=${user.userId}`)).json());
  const callback = await signInAndGrant(url, user);
  const code = callback.searchParams.get('code') ?? '';
  const state = callback.searchParams.get('state') ?? '';
  const response = await client.post('/api/exchange_code', { code, state, userId: user.userId });
  return { response, code, state };
}

/** A connected Organisation business, ready for VAT calls. */
export async function connectBusiness(client: SessionClient): Promise<SandboxUser & { vrn: string }> {
  const user = await createSandboxUser(client);
  const { response } = await authorise(client, user);
  if (response.statusCode !== 200) throw new Error(`exchange_code: ${response.statusCode} ${response.body}`);
  return { ...user, vrn: user.vrn ?? '' };
}
