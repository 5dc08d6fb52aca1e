import { clientRequestSchema } from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientLink } from '../../test/hmrc-browser';
import { authorise, createSandboxUser } from '../../test/hmrc-journey';
import { createPractice } from '../../test/practice-journey';
import { registerUser } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';

/**
 * A practice's agent test user is registered with the embedded simulator under the practice's
 * name, so its clients are asked to appoint the practice, not the test user's made-up person.
 */

let server: TestApp & { baseUrl: string };
beforeAll(async () => {
  server = await createListeningTestApp();
});
afterAll(async () => {
  await server.close();
});

describe('the agent a client is asked to appoint', () => {
  it('is the practice, by name, for an agent test user made in the practice', async () => {
    const owner = await registerUser(server.app, 'agency-owner@example.com', 'Noah Jones');
    await createPractice(owner, 'Jones & Co');
    const agentUser = await createSandboxUser(owner, 'Agent');
    expect((await authorise(owner, agentUser)).response.statusCode).toBe(200);
    const client = await createSandboxUser(await registerUser(server.app, 'agency-client@example.com'), 'Organisation');
    const sent = await owner.post('/api/client_requests', {
      userId: agentUser.userId,
      vrn: client.vrn,
      registrationDate: client.vatRegistrationDate,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const link = clientRequestSchema.parse(sent.json()).link ?? '';
    expect(link).toMatch(/\/jones-co\/vat$/);
    const answered = await answerClientLink(link, client, 'accept');
    expect(answered.html).toContain('You have authorised jones co');
    expect(answered.html).not.toContain(agentUser.userFullName);
  });
});
