import { createOrganisationResponseSchema, oauthTokenResponseSchema } from '@vatwise/hmrc';
import { defaultApplication } from '@vatwise/hmrc-sandbox';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app';

const accept = 'application/vnd.hmrc.1.0+json';

describe('the embedded HMRC sandbox simulator', () => {
  let server: TestApp;
  afterEach(async () => {
    await server.close();
  });

  async function appToken() {
    const response = await server.app.inject({
      method: 'POST',
      url: '/hmrc-sandbox/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: defaultApplication.clientId,
        client_secret: defaultApplication.clientSecret,
      }).toString(),
    });
    return oauthTokenResponseSchema.parse(response.json()).access_token;
  }

  it('is served under /hmrc-sandbox when no HMRC credentials are set, with its state in our database', async () => {
    server = await createTestApp();
    expect(server.app.config.hmrc).toMatchObject({
      mode: 'embedded',
      authUrl: 'http://localhost:3000/hmrc-sandbox',
      clientId: defaultApplication.clientId,
    });
    const response = await server.app.inject({
      method: 'POST',
      url: '/hmrc-sandbox/create-test-user/organisations',
      headers: { accept, authorization: `Bearer ${await appToken()}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ serviceNames: ['mtd-vat'] }),
    });
    expect(response.statusCode).toBe(201);
    const user = createOrganisationResponseSchema.parse(response.json());
    const stored = await sql<{
      vrn: string;
    }>`select vrn from hmrc_sandbox_test_user where user_id = ${user.userId}`.execute(server.app.database.db);
    expect(stored.rows).toEqual([{ vrn: user.vrn }]);
  });

  it('answers unknown simulator paths as HMRC does, not with the web app', async () => {
    server = await createTestApp();
    const response = await server.app.inject({ method: 'GET', url: '/hmrc-sandbox/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'MATCHING_RESOURCE_NOT_FOUND' });
  });

  it('takes its sign-in form from any origin: the form has a CSRF token of its own, as HMRC’s has', async () => {
    server = await createTestApp();
    const response = await server.app.inject({
      method: 'POST',
      url: '/hmrc-sandbox/api-test-login/sign-in',
      headers: { origin: 'https://elsewhere.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'userId=1&password=2&csrfToken=none',
    });
    // Refused by the simulator's own CSRF check, not by VAT Wise's cross-site guard.
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('is not served when HMRC credentials are configured', async () => {
    server = await createTestApp({ HMRC_CLIENT_ID: 'real-client', HMRC_CLIENT_SECRET: 'real-secret' });
    expect(server.app.config.hmrc).toMatchObject({
      mode: 'external',
      baseUrl: 'https://test-api.service.hmrc.gov.uk',
      authUrl: 'https://test-www.tax.service.gov.uk',
    });
    const response = await server.app.inject({ method: 'POST', url: '/hmrc-sandbox/oauth/token' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'There is no API endpoint POST /hmrc-sandbox/oauth/token.',
    });
  });
});
