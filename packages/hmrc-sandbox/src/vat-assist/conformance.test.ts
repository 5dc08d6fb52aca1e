/**
 * Conformance: every answer of the simulated VAT Assist (MTD) API, success and each error, checked
 * against HMRC's own definition (reference/vat-assist/application.yaml, a byte-identical copy):
 * the status is one the operation declares, the body matches the declared schema with no
 * undeclared field, an error body is exactly HMRC's example for it, and the X-CorrelationId header
 * is sent as declared. A table names, for each answer of the definition, the call that produces
 * it; a last check makes sure the table leaves none out. Then every Gov-Test-Scenario value.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vatAssistAcknowledgeScenarios, vatAssistFeedbackScenarios } from '../scenarios/vat-assist';
import { type Sandbox, startSandbox } from '../test/harness';
import { OpenApiDefinition } from '../test/openapi';
import {
  acknowledgeReport,
  type Business,
  draft,
  newBusiness,
  periodsOf,
  presentedNow,
  type Report,
  requestFeedback,
} from '../test/vat-assist';

const definition = new OpenApiDefinition(new URL('../../reference/vat-assist/application.yaml', import.meta.url));
const operations = {
  feedback: { path: '/misc/transaction-risking/assist/{vrn}', method: 'post' },
  acknowledge: { path: '/misc/transaction-risking/acknowledge/{vrn}/{reportId}/{correlationId}', method: 'post' },
} as const;
type OperationName = keyof typeof operations;

const conforms = (name: OperationName, answer: LightMyRequestResponse, example?: string) =>
  definition.expectConforms(operations[name].path, operations[name].method, answer, example);

let sandbox: Sandbox;
let business: Business;
let other: Business;
let ended: string;
let current: string;
let lastFiled: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  business = await newBusiness(sandbox);
  other = await newBusiness(sandbox);
  const periods = await periodsOf(sandbox, business);
  ended = periods.ended.periodKey;
  current = periods.current.periodKey;
  lastFiled = periods.lastFiled.periodKey;
});
afterAll(() => sandbox.close());

const validDraft = (changes: Record<string, unknown> = {}) => ({
  periodKey: ended,
  ...draft(10_000, 2_000, 4_000, 800),
  ...changes,
});

const feedback = (body: unknown = validDraft(), headers: Record<string, string> = {}, vrn = business.vrn) =>
  requestFeedback(sandbox, { vrn, token: business.token }, body, headers);

async function givenReport(): Promise<Report> {
  const response = await feedback();
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Report;
}

const acknowledge = async (
  changes: { vrn?: string; reportId?: string; correlationId?: string; presented?: string | null } = {},
  headers: Record<string, string> = {},
) => {
  const report = await givenReport();
  return acknowledgeReport(
    sandbox,
    { vrn: changes.vrn ?? business.vrn, token: business.token },
    { reportId: changes.reportId ?? report.reportId, correlationId: changes.correlationId ?? report.correlationId },
    changes.presented === undefined ? presentedNow() : changes.presented,
    headers,
  );
};

type Case = () => Promise<LightMyRequestResponse>;

const cases: Record<OperationName, Record<string, Case>> = {
  feedback: {
    '200': () => feedback(),
    '400 invalidVrn': () => feedback(validDraft(), {}, '12345678'),
    '400 invalidPeriodKey': () => feedback(validDraft({ periodKey: '18ad' })),
    '400 invalidRequest': () => {
      const { totalAcquisitionsExVAT: _left, ...body } = validDraft();
      return feedback(body);
    },
    '400 invalidTotalValue': () => feedback(validDraft({ totalVatDue: 1_999.99 })),
    '400 invalidNetValue': () => feedback(validDraft({ netVatDue: 1_200.01 })),
    '400 invalidNumericValue': () => feedback(validDraft({ vatDueSales: '2000.00' })),
    // Box 5 with three decimals: the one wording the definition gives.
    '400 invalidMonetaryAmount': () =>
      feedback(JSON.stringify(validDraft()).replace('"netVatDue":1200', '"netVatDue":1200.001')),
    '403 submittedTooEarly': () => feedback(validDraft({ periodKey: current })),
    '403 clientNotSubscribedToMTD': () => feedback(validDraft(), {}, other.vrn),
    '403 ruleInsolventTrader': () => feedback(validDraft(), { 'gov-test-scenario': 'INSOLVENT_TRADER' }),
  },
  acknowledge: {
    '204': () => acknowledge(),
    '400 FORMAT_VRN': () => acknowledge({ vrn: '1234567890' }),
    '400 FORMAT_REPORT_ID': () => acknowledge({ reportId: 'f2fb30e5-4ab6-4a29-b3c1' }),
    '400 FORMAT_DATETIME': () => acknowledge({ presented: '2026-06-09T10:30:00.000Z' }),
    '401': () => acknowledge({}, { 'gov-test-scenario': 'INVALID_CREDENTIALS' }),
    '403 CLIENT_OR_AGENT_NOT_AUTHORISED': () => acknowledge({ vrn: other.vrn }),
    '403 CORRELATION_ID': () =>
      acknowledge({ correlationId: 'E9F65715BBC9222477B27074804BBDD5C73CDE62F84D8B00CFD05B883534AF3D' }),
    '404': () => acknowledge({ reportId: 'f2fb30e5-4ab6-4a29-b3c1-c00000000001' }),
  },
};

/** Answers of the definition the simulator does not give, with the reason. */
const notSimulated: Record<string, string> = {
  'feedback 404': 'every VRN a token may act for has a VAT account in the simulator (none has to be looked for)',
  'feedback 500': 'no fault injection on these endpoints',
  'acknowledge 500': 'no fault injection on these endpoints',
};

const rows = (Object.keys(cases) as OperationName[]).flatMap((name) =>
  Object.keys(cases[name]).map((answer) => ({ name, answer })),
);

describe('each answer of HMRC’s definition', () => {
  it.each(rows)('$name: $answer', async ({ name, answer }) => {
    const result = await cases[name][answer]?.();
    if (!result) throw new Error(`no case ${answer}`);
    const [status, example] = answer.split(' ');
    expect(result.statusCode, result.body).toBe(Number(status));
    expect(result.headers['x-correlationid']).toMatch(/^[0-9a-f-]{36}$/);
    conforms(name, result, status?.startsWith('2') ? undefined : (example ?? 'example'));
  });

  it('leaves out no answer the definition lists, except those said not to be simulated', () => {
    const listed = (Object.keys(operations) as OperationName[]).flatMap((name) =>
      definition.listedAnswers(operations[name].path, operations[name].method).map((answer) => `${name} ${answer}`),
    );
    const covered = rows.map(({ name, answer }) => `${name} ${answer}`);
    expect(listed.filter((entry) => !covered.includes(entry) && !(entry in notSimulated))).toEqual([]);
    expect(covered.filter((entry) => !listed.includes(entry))).toEqual([]);
  });
});

describe('each Gov-Test-Scenario of the feedback request', () => {
  const expected: Record<(typeof vatAssistFeedbackScenarios)[number], string> = {
    DEFAULT: '200 Example 1 (single feedback message)',
    MULTIPLE_FEEDBACK: '200 Example 2 (multiple feedback messages)',
    NO_FEEDBACK: '200',
    INVALID_VRN: '400 invalidVrn',
    INVALID_PERIODKEY: '400 invalidPeriodKey',
    INVALID_REQUEST: '400 invalidRequest',
    TAX_PERIOD_NOT_ENDED: '403 submittedTooEarly',
    INSOLVENT_TRADER: '403 ruleInsolventTrader',
  };

  it.each(vatAssistFeedbackScenarios)('%s', async (scenario) => {
    const result = await feedback(validDraft(), { 'gov-test-scenario': scenario });
    const [status, ...rest] = (expected[scenario] ?? '').split(' ');
    expect(result.statusCode, result.body).toBe(Number(status));
    if (status !== '200') {
      conforms('feedback', result, rest.join(' '));
      return;
    }
    const body = conforms('feedback', result) as Report;
    const example = rest.length
      ? (definition.exampleValue(operations.feedback.path, 'post', 200, rest.join(' ')) as Report)
      : { englishFeedback: [], welshFeedback: [] };
    expect({ englishFeedback: body.englishFeedback, welshFeedback: body.welshFeedback }).toEqual({
      englishFeedback: example.englishFeedback,
      welshFeedback: example.welshFeedback,
    });
    // A scenario's report is a real one: it can be acknowledged.
    const receipt = await acknowledgeReport(sandbox, business, body);
    expect(receipt.statusCode, receipt.body).toBe(204);
  });

  it('takes `-`, the definition’s example value, as DEFAULT, and answers an unknown value as HMRC’s service does', async () => {
    expect(
      ((await feedback(validDraft(), { 'gov-test-scenario': '-' })).json() as Report).englishFeedback,
    ).toHaveLength(1);
    const unknown = await feedback(validDraft(), { 'gov-test-scenario': 'NO_SUCH_SCENARIO' });
    expect(unknown.statusCode).toBe(400);
    expect(conforms('feedback', unknown)).toEqual({
      code: 'RULE_INCORRECT_GOV_TEST_SCENARIO',
      message: 'The Gov-Test-Scenario was not found',
    });
  });

  it('checks the body before the scenario, as the VAT API does', async () => {
    const result = await feedback(validDraft({ totalVatDue: 1 }), { 'gov-test-scenario': 'MULTIPLE_FEEDBACK' });
    expect(result.statusCode).toBe(400);
    conforms('feedback', result, 'invalidTotalValue');
  });

  it('refuses a period already filed with PERIOD_KEY_INVALID', async () => {
    const result = await feedback(validDraft({ periodKey: lastFiled }));
    expect(result.statusCode).toBe(400);
    conforms('feedback', result, 'invalidPeriodKey');
  });
});

describe('each Gov-Test-Scenario of the acknowledgement', () => {
  const expected: Record<(typeof vatAssistAcknowledgeScenarios)[number], string> = {
    DEFAULT: '204',
    INVALID_VRN: '400 FORMAT_VRN',
    INVALID_REPORTID: '400 FORMAT_REPORT_ID',
    INVALID_DATETIME: '400 FORMAT_DATETIME',
    INVALID_CREDENTIALS: '401 example',
    NOT_AUTHORISED: '403 CLIENT_OR_AGENT_NOT_AUTHORISED',
    CORRELATION_ID: '403 CORRELATION_ID',
    NOT_FOUND: '404 example',
  };

  it.each(vatAssistAcknowledgeScenarios)('%s', async (scenario) => {
    // An id of no report: with a scenario, HMRC's sandbox answers without looking for one.
    const result = await acknowledge(
      { reportId: 'f2fb30e5-4ab6-4a29-b3c1-c00000000001' },
      { 'gov-test-scenario': scenario },
    );
    const [status, example] = (expected[scenario] ?? '').split(' ');
    expect(result.statusCode, result.body).toBe(Number(status));
    conforms('acknowledge', result, example);
  });
});
