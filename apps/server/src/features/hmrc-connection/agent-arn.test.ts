import { businessListSchema, getAuthUrlResponseSchema } from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAndGrant } from '../../test/hmrc-browser';
import { authorise, createSandboxUser } from '../../test/hmrc-journey';
import { registerUser } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';

/**
 * An ARN is taken only from HMRC: a test user's is the one HMRC gave it when it was made (an
 * Organisation or Individual has none), and a typed one must be HMRC's answer for the token granted.
 */

let server: TestApp & { baseUrl: string };
beforeAll(async () => {
  server = await createListeningTestApp();
});
afterAll(async () => {
  await server.close();
});

describe('an agent reference number', () => {
  it('cannot be claimed for a business’s own test user, nor another agent’s for an agent', async () => {
    const practice = await registerUser(server.app, 'real-agent@example.com');
    const agent = await createSandboxUser(practice, 'Agent');
    const theirArn = agent.agentServicesAccountNumber ?? '';
    expect(theirArn).toMatch(/^[A-Z]ARN\d{7}$/);

    const business = await registerUser(server.app, 'claiming-business@example.com');
    const own = await createSandboxUser(business, 'Organisation');
    const forged = await business.get(`/api/get_auth_url?userId=${own.userId}&agentArn=${theirArn}`);
    expect(forged.statusCode).toBe(409);
    expect(forged.json()).toMatchObject({
      code: 'AGENT_ARN_NOT_HMRC',
      message: expect.stringContaining('not the one HMRC gave this HMRC account'),
    });

    // The agent's own test user with its own ARN is fine; with another's it is refused too.
    expect((await practice.get(`/api/get_auth_url?userId=${agent.userId}&agentArn=${theirArn}`)).statusCode).toBe(200);
    const other = await practice.get(`/api/get_auth_url?userId=${agent.userId}&agentArn=ZARN0000001`);
    expect(other.json()).toMatchObject({ code: 'AGENT_ARN_NOT_HMRC' });

    // Granted without naming an ARN, the business's authority is its own, not an agent's.
    expect((await authorise(business, own)).response.statusCode).toBe(200);
    const listed = businessListSchema.parse((await business.get('/api/businesses')).json());
    expect(listed.businesses.map((one) => one.agentArn)).toEqual([null]);
  });

  it('typed for an HMRC account without a test user is kept only if HMRC answers for it', async () => {
    const practice = await registerUser(server.app, 'agent-owner@example.com');
    const agent = await createSandboxUser(practice, 'Agent');
    const business = await registerUser(server.app, 'typing-business@example.com');
    const own = await createSandboxUser(business, 'Organisation');

    const grant = async (client: typeof business, arn: string, user: typeof own) => {
      const { url } = getAuthUrlResponseSchema.parse((await client.get(`/api/get_auth_url?agentArn=${arn}`)).json());
      const callback = await signInAndGrant(url, user);
      return client.post('/api/exchange_code', {
        code: callback.searchParams.get('code') ?? '',
        state: callback.searchParams.get('state') ?? '',
      });
    };
    const forged = await grant(business, agent.agentServicesAccountNumber ?? '', own);
    expect(forged.statusCode).toBe(409);
    expect(forged.json()).toMatchObject({ code: 'AGENT_ARN_NOT_HMRC' });
    expect(businessListSchema.parse((await business.get('/api/businesses')).json()).businesses).toEqual([]);

    const genuine = await grant(practice, agent.agentServicesAccountNumber ?? '', agent);
    expect(genuine.statusCode, genuine.body).toBe(200);
  });
});
