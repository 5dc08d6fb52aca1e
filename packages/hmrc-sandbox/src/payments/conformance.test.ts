/**
 * Conformance: every answer of the simulated Initiate payment API checked against HMRC's own
 * definition (reference/initiate-payment/application.yaml, a byte-identical copy): status declared,
 * body matching the declared schema with no undeclared field. HMRC's `POST /pay` error examples
 * ("Mandatory reference field was omitted.", "Error from upstream") are worded differently from
 * what its service sends ("Mandatory reference field missing.", ThirdPartyResponseErrors); the
 * simulator sends the service's words, so those bodies are checked by schema only. A last check
 * makes sure the table leaves out no answer of the definition.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initiatePaymentScenarios } from '../scenarios/initiate-payment';
import { type Sandbox, startSandbox } from '../test/harness';
import { OpenApiDefinition } from '../test/openapi';
import { paymentStatus, startedPayment, startPayment } from '../test/payments';

const definition = new OpenApiDefinition(new URL('../../reference/initiate-payment/application.yaml', import.meta.url));
const operations = { pay: { path: '/pay', method: 'post' }, status: { path: '/status', method: 'get' } } as const;
type OperationName = keyof typeof operations;

const conforms = (name: OperationName, answer: LightMyRequestResponse, example?: string) =>
  definition.expectConforms(operations[name].path, operations[name].method, answer, example);

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

/** A VRN with valid check digits (HMRC's payment service checks them); no test user holds it. */
const vatPayment = { taxRegime: 'Vat', reference: '123456782', amountInPence: 1234 };

const cases: Record<OperationName, Record<string, () => Promise<LightMyRequestResponse>>> = {
  pay: {
    '201': () =>
      startPayment(sandbox, { ...vatPayment, backURL: 'https://software.example/after-pay', friendlyName: 'Test Co' }),
    '400': () => startPayment(sandbox, { taxRegime: 'Vat', amountInPence: 1234 }),
    '500': () => startPayment(sandbox, { ...vatPayment, amountInPence: '1234' }),
  },
  status: {
    '200': async () => paymentStatus(sandbox, (await startedPayment(sandbox, vatPayment)).clientJourneyId),
    '400': () => paymentStatus(sandbox, undefined),
    '404': () => paymentStatus(sandbox, 'a218f71d-9bf2-438e-851c-71d50866c2e9'),
  },
};

const rows = (Object.keys(cases) as OperationName[]).flatMap((name) =>
  Object.keys(cases[name]).map((answer) => ({ name, answer })),
);

describe('each answer of HMRC’s definition', () => {
  it.each(rows)('$name: $answer', async ({ name, answer }) => {
    const result = await cases[name][answer]?.();
    if (!result) throw new Error(`no case ${answer}`);
    expect(result.statusCode, result.body).toBe(Number(answer));
    // Only the status endpoint's 400 is worded as in the definition's example.
    conforms(name, result, name === 'status' && answer === '400' ? 'example' : undefined);
  });

  it('leaves out no answer the definition lists', () => {
    const listed = (Object.keys(operations) as OperationName[]).flatMap((name) =>
      definition.listedAnswers(operations[name].path, operations[name].method).map((answer) => `${name} ${answer}`),
    );
    expect(listed.sort()).toEqual(rows.map(({ name, answer }) => `${name} ${answer}`).sort());
  });
});

describe('every error of POST /pay is a body the definition allows', () => {
  it.each([
    ['not JSON', 'taxRegime=Vat', 400],
    ['all three missing', {}, 400],
    ['a regime the definition does not offer', { ...vatPayment, taxRegime: 'CorporationTax' }, 400],
    ['a VRN without its check digits', { ...vatPayment, reference: '123456789' }, 400],
    ['a negative amount', { ...vatPayment, amountInPence: -1 }, 400],
    ['a bad backURL and friendlyName', { ...vatPayment, backURL: 'not a url', friendlyName: 'a%b' }, 400],
    ['a JSON array', [], 500],
    ['a fraction of a penny', { ...vatPayment, amountInPence: 12.5 }, 500],
  ])('%s', async (_case, body, status) => {
    const result = await startPayment(sandbox, typeof body === 'string' ? body : JSON.stringify(body), {
      ...(typeof body === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    });
    expect(result.statusCode, result.body).toBe(status);
    const { errors } = conforms('pay', result) as { errors: string[] };
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe('every Gov-Test-Scenario', () => {
  const statuses = { COMPLETED: 'Completed', FAILED: 'Failed', IN_PROGRESS: 'InProgress' } as const;

  it.each(initiatePaymentScenarios)('%s on POST /pay starts the journey in that state', async (scenario) => {
    const { clientJourneyId } = await startedPayment(sandbox, vatPayment, { 'gov-test-scenario': scenario });
    const result = await paymentStatus(sandbox, clientJourneyId);
    expect(conforms('status', result)).toEqual({
      clientJourneyId,
      taxRegime: 'Vat',
      amountInPence: 1234,
      paymentStatus: statuses[scenario],
    });
  });

  it.each(initiatePaymentScenarios)(
    '%s on GET /status answers that state, for a journey known or not',
    async (scenario) => {
      const { clientJourneyId } = await startedPayment(sandbox, vatPayment);
      const known = await paymentStatus(sandbox, clientJourneyId, { 'gov-test-scenario': scenario });
      expect(conforms('status', known)).toMatchObject({
        clientJourneyId,
        amountInPence: 1234,
        paymentStatus: statuses[scenario],
      });
      const unknownId = 'a218f71d-9bf2-438e-851c-71d50866c2e9';
      const canned = await paymentStatus(sandbox, unknownId, { 'gov-test-scenario': scenario });
      expect(conforms('status', canned)).toEqual({
        clientJourneyId: unknownId,
        taxRegime: 'Vat',
        amountInPence: 123_456,
        paymentStatus: statuses[scenario],
      });
      // Asking with a scenario does not change the journey.
      expect((await paymentStatus(sandbox, clientJourneyId)).json()).toMatchObject({ paymentStatus: 'InProgress' });
    },
  );

  it('refuses a value the definition does not list, in each endpoint’s error shape', async () => {
    const pay = await startPayment(sandbox, vatPayment, { 'gov-test-scenario': 'PAID' });
    expect(pay.statusCode).toBe(400);
    expect(conforms('pay', pay)).toEqual({
      errors: ['Gov-Test-Scenario PAID is not one of COMPLETED, FAILED, IN_PROGRESS.'],
    });
    const status = await paymentStatus(sandbox, 'a218f71d-9bf2-438e-851c-71d50866c2e9', {
      'gov-test-scenario': 'PAID',
    });
    expect(status.statusCode).toBe(400);
    conforms('status', status);
  });
});
