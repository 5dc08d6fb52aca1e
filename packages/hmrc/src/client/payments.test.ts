import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HmrcError } from '../errors';
import type { HmrcClient } from './client';
import { sandboxClient, startSandbox } from './sandbox-harness';

/** Initiate payment through the client (application-restricted), against the HMRC simulator on a real socket. */

let server: FastifyInstance;
let baseUrl: string;

beforeEach(async () => ({ server, baseUrl } = await startSandbox()));
afterEach(() => server.close());

/** A VRN with valid check digits: a test user's. */
const vrnOf = async (hmrc: HmrcClient) => String((await hmrc.createTestUser('organisations', ['mtd-vat'])).vrn);

describe('Initiate payment', () => {
  it('starts a journey under the simulator, in progress before the user pays', async () => {
    const hmrc = sandboxClient(baseUrl);
    const started = await hmrc.initiatePayment({
      taxRegime: 'Vat',
      reference: await vrnOf(hmrc),
      amountInPence: 12_345,
      backURL: 'http://localhost:3000/after-pay',
      friendlyName: 'VAT Wise',
    });
    expect(started.redirectUrl.startsWith(`${baseUrl}/`)).toBe(true);
    expect(started.journeyId).toMatch(/^[0-9a-f-]{36}$/i);
    await expect(hmrc.paymentStatus(started.journeyId)).resolves.toEqual({
      clientJourneyId: started.journeyId,
      taxRegime: 'Vat',
      amountInPence: expect.any(Number) as number,
      paymentStatus: 'InProgress',
    });
  });

  it('leaves optional fields out and passes a Gov-Test-Scenario', async () => {
    const hmrc = sandboxClient(baseUrl);
    const started = await hmrc.initiatePayment(
      { taxRegime: 'Vat', reference: await vrnOf(hmrc), amountInPence: 0 },
      { testScenario: 'COMPLETED' },
    );
    expect((await hmrc.paymentStatus(started.journeyId)).paymentStatus).toBe('Completed');
  });

  it('turns a refused reference into an HmrcError with HMRC’s message', async () => {
    const error = await sandboxClient(baseUrl)
      .initiatePayment({ taxRegime: 'Vat', reference: '123456789', amountInPence: 100 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HmrcError);
    expect(error).toMatchObject({ status: 400, message: expect.stringContaining('VRN') as string });
  });

  it('answers an unknown journey as an HmrcError', async () => {
    const error = await sandboxClient(baseUrl)
      .paymentStatus('a218f71d-9bf2-438e-851c-71d50866c2e9')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HmrcError);
    expect(error).toMatchObject({ status: 404 });
  });
});
