import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveScenario, scenarioValues, vatEndpoints, type Endpoint, type ScenarioContext } from './index';

const context: ScenarioContext = { vrn: '123456789', today: '2026-05-01' };

function answerFor(endpoint: Endpoint, value: string, at: ScenarioContext = context) {
  const resolution = resolveScenario(endpoint, value, at);
  if (resolution.kind !== 'answer') throw new Error(`${endpoint} ${value} resolved to the default data`);
  return resolution.answer;
}

// Shapes of docs/reference/hmrc-vat-api.md §3.4–3.11, written out here so the canned bodies are checked against the
// reference rather than against themselves.
const date = z.iso.date();
const money = z.number().refine((n) => Math.round(n * 100) === n * 100, 'at most 2 decimal places');
const obligationSchema = z
  .object({
    periodKey: z.string().regex(/^[#0-9A-Z]{4}$/),
    start: date,
    end: date,
    due: date,
    status: z.enum(['O', 'F']),
    received: date.optional(),
  })
  .strict()
  .refine((o) => (o.status === 'F') === (o.received !== undefined), 'received only on fulfilled obligations')
  .refine((o) => o.start < o.end && o.end < o.due, 'start < end < due');
const obligationsSchema = z.object({ obligations: z.array(obligationSchema).min(1) }).strict();
const liabilitiesSchema = z
  .object({
    liabilities: z
      .array(
        z
          .object({
            taxPeriod: z.object({ from: date, to: date }).strict().optional(),
            type: z.string().max(30),
            originalAmount: money,
            outstandingAmount: money.optional(),
            due: date.optional(),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();
const paymentsSchema = z
  .object({ payments: z.array(z.object({ amount: money, received: date.optional() }).strict()).min(1) })
  .strict();
const chargeReference = z.string().regex(/^X[a-zA-Z]\d{12}$/);
const penaltiesSchema = z
  .object({
    totalisations: z.record(z.string(), money).optional(),
    lateSubmissionPenalty: z
      .object({
        summary: z.object({
          activePenaltyPoints: z.number().int(),
          inactivePenaltyPoints: z.number().int(),
          periodOfComplianceAchievement: date,
          regimeThreshold: z.number().int(),
          penaltyChargeAmount: money,
        }),
        details: z.array(
          z.object({
            penaltyCategory: z.enum(['point', 'charge', 'threshold']),
            penaltyStatus: z.enum(['active', 'inactive']),
            chargeReference: chargeReference.optional(),
          }),
        ),
      })
      .optional(),
    latePaymentPenalty: z
      .object({
        details: z.array(
          z.object({
            penaltyCategory: z.enum(['LPP1', 'LPP2']),
            penaltyStatus: z.enum(['accruing', 'posted']),
            penaltyChargeReference: chargeReference.optional(),
          }),
        ),
      })
      .optional(),
  })
  .strict();
type PenaltiesBody = z.infer<typeof penaltiesSchema>;

const section4: Record<Endpoint, string[]> = {
  obligations: [
    'QUARTERLY_NONE_MET',
    'QUARTERLY_ONE_MET',
    'QUARTERLY_TWO_MET',
    'QUARTERLY_THREE_MET',
    'QUARTERLY_FOUR_MET',
    'MONTHLY_NONE_MET',
    'MONTHLY_ONE_MET',
    'MONTHLY_TWO_MET',
    'MONTHLY_THREE_MET',
    ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((m) => `MONTHLY_OBS_${m}_OPEN`),
    'MONTHLY_OBS_12_FULFILLED',
    ...['01', '02', '03', '04'].map((q) => `QUARTERLY_OBS_${q}_OPEN`),
    'QUARTERLY_OBS_04_FULFILLED',
    'MULTIPLE_OPEN_MONTHLY',
    'MULTIPLE_OPEN_QUARTERLY',
    'OBS_SPANS_MULTIPLE_YEARS',
    'INSOLVENT_TRADER',
    'NOT_FOUND',
  ],
  submitReturn: [
    'INVALID_VRN',
    'INVALID_PERIODKEY',
    'INVALID_PAYLOAD',
    'DUPLICATE_SUBMISSION',
    'TAX_PERIOD_NOT_ENDED',
    'INSOLVENT_TRADER',
  ],
  viewReturn: ['DATE_RANGE_TOO_LARGE', 'INSOLVENT_TRADER'],
  liabilities: [
    'SINGLE_LIABILITY',
    'MULTIPLE_LIABILITIES',
    'SINGLE_LIABILITY_2018_19',
    'MULTIPLE_LIABILITIES_2018_19',
    'INSOLVENT_TRADER',
  ],
  payments: [
    'SINGLE_PAYMENT',
    'MULTIPLE_PAYMENTS',
    'SINGLE_PAYMENT_2018_19',
    'MULTIPLE_PAYMENTS_2018_19',
    'INSOLVENT_TRADER',
  ],
  penalties: [
    'DEFAULT',
    'NO_PENALTIES',
    'LATE_SUBMISSION',
    'LATE_PAYMENT',
    'MULTIPLE_PENALTIES',
    'MULTIPLE_LATE_PAYMENT_PENALTIES',
    'MULTIPLE_LATE_SUBMISSION_PENALTIES',
    'MULTIPLE_INACTIVE_LATE_SUBMISSION_PENALTIES',
    'THRESHOLD_LATE_SUBMISSION_PENALTIES',
    'CHARGE_LATE_SUBMISSION_PENALTIES',
  ],
  financialDetails: ['DEFAULT'],
  customerInformation: [
    'DEFAULT',
    'CUSTOMER_INFO_NOT_FOUND',
    'NO_EFFECTREGISTRATIONDATE',
    'NO_FLATRATESCHEME',
    'NO_EFFECTREGISTRATIONDATE_NO_FRS',
  ],
};

// Every (endpoint, value) pair a test below is declared for, noted as the file is collected (before
// any test runs, so in any order), so the coverage test can prove none was forgotten.
const covered = new Set<string>();
const cover = (endpoint: Endpoint, value: string) => covered.add(`${endpoint} ${value}`);

describe('scenario values', () => {
  it('lists exactly the values of section 4 for each of the eight endpoints', () => {
    expect(Object.keys(scenarioValues).sort()).toEqual([...vatEndpoints].sort());
    for (const endpoint of vatEndpoints) {
      expect([...scenarioValues[endpoint]].sort(), endpoint).toEqual([...section4[endpoint]].sort());
    }
  });
});

describe('error scenarios', () => {
  const flatErrors: [Endpoint, string, number, string, string][] = [
    [
      'obligations',
      'INSOLVENT_TRADER',
      403,
      'RULE_INSOLVENT_TRADER',
      'The remote endpoint has indicated that the Trader is insolvent',
    ],
    ['obligations', 'NOT_FOUND', 404, 'NOT_FOUND', 'The remote endpoint has indicated that no data can be found'],
    ['submitReturn', 'INVALID_VRN', 400, 'VRN_INVALID', 'The provided VRN is invalid'],
    ['submitReturn', 'INVALID_PERIODKEY', 400, 'PERIOD_KEY_INVALID', 'Invalid period key'],
    ['submitReturn', 'INVALID_PAYLOAD', 400, 'INVALID_REQUEST', 'Invalid request'],
    [
      'submitReturn',
      'TAX_PERIOD_NOT_ENDED',
      403,
      'TAX_PERIOD_NOT_ENDED',
      'The remote endpoint has indicated that the submission is for a tax period that has not ended',
    ],
    [
      'submitReturn',
      'INSOLVENT_TRADER',
      403,
      'RULE_INSOLVENT_TRADER',
      'The remote endpoint has indicated that the Trader is insolvent',
    ],
    [
      'viewReturn',
      'INSOLVENT_TRADER',
      403,
      'RULE_INSOLVENT_TRADER',
      'The remote endpoint has indicated that the Trader is insolvent',
    ],
    [
      'liabilities',
      'INSOLVENT_TRADER',
      403,
      'RULE_INSOLVENT_TRADER',
      'The remote endpoint has indicated that the Trader is insolvent',
    ],
    [
      'payments',
      'INSOLVENT_TRADER',
      403,
      'RULE_INSOLVENT_TRADER',
      'The remote endpoint has indicated that the Trader is insolvent',
    ],
    ['customerInformation', 'CUSTOMER_INFO_NOT_FOUND', 404, 'NOT_FOUND', 'The requested resource could not be found'],
  ];

  for (const [endpoint, value] of flatErrors) cover(endpoint, value);
  it.each(flatErrors)('%s with %s answers %i flat %s', (endpoint, value, status, code, message) => {
    // Shape A exactly: code and message, nothing else (no errors[], no statusCode).
    expect(answerFor(endpoint, value)).toEqual({ status, body: { code, message } });
  });

  const wrappedErrors: [Endpoint, string, string, string][] = [
    [
      'submitReturn',
      'DUPLICATE_SUBMISSION',
      'DUPLICATE_SUBMISSION',
      'The VAT return was already submitted for the given period.',
    ],
    [
      'viewReturn',
      'DATE_RANGE_TOO_LARGE',
      'DATE_RANGE_TOO_LARGE',
      'The date of the requested return cannot be further than four years from the current date.',
    ],
  ];

  for (const [endpoint, value] of wrappedErrors) cover(endpoint, value);
  it.each(wrappedErrors)('%s with %s answers 403 BUSINESS_ERROR wrapping %s', (endpoint, value, inner, message) => {
    expect(answerFor(endpoint, value)).toEqual({
      status: 403,
      body: { code: 'BUSINESS_ERROR', message: 'Business validation error', errors: [{ code: inner, message }] },
    });
  });
});

describe('obligations scenarios', () => {
  type Cadence = 'quarterly' | 'monthly';
  const rows: [string, Cadence, number, number, number][] = [
    ['QUARTERLY_NONE_MET', 'quarterly', 2017, 0, 1],
    ['QUARTERLY_ONE_MET', 'quarterly', 2017, 1, 1],
    ['QUARTERLY_TWO_MET', 'quarterly', 2017, 2, 1],
    ['QUARTERLY_THREE_MET', 'quarterly', 2017, 3, 1],
    ['QUARTERLY_FOUR_MET', 'quarterly', 2017, 4, 0],
    ['MONTHLY_NONE_MET', 'monthly', 2017, 0, 1],
    ['MONTHLY_ONE_MET', 'monthly', 2017, 1, 1],
    ['MONTHLY_TWO_MET', 'monthly', 2017, 2, 1],
    ['MONTHLY_THREE_MET', 'monthly', 2017, 3, 1],
    ...Array.from({ length: 12 }, (_, i): [string, Cadence, number, number, number] => [
      `MONTHLY_OBS_${String(i + 1).padStart(2, '0')}_OPEN`,
      'monthly',
      2018,
      i,
      1,
    ]),
    ['MONTHLY_OBS_12_FULFILLED', 'monthly', 2018, 12, 0],
    ...Array.from({ length: 4 }, (_, i): [string, Cadence, number, number, number] => [
      `QUARTERLY_OBS_0${i + 1}_OPEN`,
      'quarterly',
      2018,
      i,
      1,
    ]),
    ['QUARTERLY_OBS_04_FULFILLED', 'quarterly', 2018, 4, 0],
    ['MULTIPLE_OPEN_MONTHLY', 'monthly', 2018, 10, 2],
    ['MULTIPLE_OPEN_QUARTERLY', 'quarterly', 2018, 2, 2],
  ];

  for (const [value] of rows) cover('obligations', value);
  it.each(rows)(
    '%s answers 200 with %s %i obligations, %i fulfilled and %i open',
    (value, cadence, year, met, open) => {
      const { status, body } = answerFor('obligations', value);
      expect(status).toBe(200);
      const { obligations } = obligationsSchema.parse(body);
      expect(obligations.filter((o) => o.status === 'F')).toHaveLength(met);
      expect(obligations.filter((o) => o.status === 'O')).toHaveLength(open);
      // Periods follow each other from 1 January, each one month or one quarter long.
      const months = cadence === 'monthly' ? 1 : 3;
      obligations.forEach((o, i) => {
        const startMonth = i * months + 1;
        expect(o.start).toBe(`${year}-${String(startMonth).padStart(2, '0')}-01`);
        expect(Number(o.end.slice(5, 7))).toBe(startMonth + months - 1);
      });
      // Fulfilled periods come first: nothing is met after an open period.
      expect(obligations.findIndex((o) => o.status === 'O')).toBe(open === 0 ? -1 : met);
      expect(new Set(obligations.map((o) => o.periodKey)).size).toBe(obligations.length);
    },
  );

  cover('obligations', 'OBS_SPANS_MULTIPLE_YEARS');
  it('OBS_SPANS_MULTIPLE_YEARS answers 200 with one obligation that starts in 2018 and ends in 2019', () => {
    const { status, body } = answerFor('obligations', 'OBS_SPANS_MULTIPLE_YEARS');
    expect(status).toBe(200);
    const { obligations } = obligationsSchema.parse(body);
    expect(obligations).toHaveLength(1);
    expect(obligations[0]?.start.slice(0, 4)).toBe('2018');
    expect(obligations[0]?.end.slice(0, 4)).toBe('2019');
  });

  it('QUARTERLY_ONE_MET is HMRC’s own quarterly example', () => {
    expect(answerFor('obligations', 'QUARTERLY_ONE_MET').body).toEqual({
      obligations: [
        {
          start: '2017-01-01',
          end: '2017-03-31',
          due: '2017-05-07',
          status: 'F',
          periodKey: '18A1',
          received: '2017-05-06',
        },
        { start: '2017-04-01', end: '2017-06-30', due: '2017-08-07', status: 'O', periodKey: '18A2' },
      ],
    });
  });

  it('ignores from and to, as HMRC’s obligations stub does', () => {
    const narrow = { ...context, from: '2030-01-01', to: '2030-02-01' };
    expect(answerFor('obligations', 'QUARTERLY_TWO_MET', narrow)).toEqual(
      answerFor('obligations', 'QUARTERLY_TWO_MET'),
    );
  });
});

describe('liabilities and payments scenarios', () => {
  const rows: ['liabilities' | 'payments', string, 'one' | 'several', string, string][] = [
    ['liabilities', 'SINGLE_LIABILITY', 'one', '2017-01-02', '2017-02-02'],
    ['liabilities', 'MULTIPLE_LIABILITIES', 'several', '2017-04-05', '2017-12-21'],
    ['liabilities', 'SINGLE_LIABILITY_2018_19', 'one', '2018-01-02', '2018-02-02'],
    ['liabilities', 'MULTIPLE_LIABILITIES_2018_19', 'several', '2018-04-05', '2018-12-21'],
    ['payments', 'SINGLE_PAYMENT', 'one', '2017-01-02', '2017-02-02'],
    ['payments', 'MULTIPLE_PAYMENTS', 'several', '2017-02-27', '2017-12-21'],
    ['payments', 'SINGLE_PAYMENT_2018_19', 'one', '2018-01-02', '2018-02-02'],
    ['payments', 'MULTIPLE_PAYMENTS_2018_19', 'several', '2018-02-27', '2018-12-21'],
  ];

  const items = (endpoint: 'liabilities' | 'payments', body: unknown): unknown[] =>
    endpoint === 'liabilities' ? liabilitiesSchema.parse(body).liabilities : paymentsSchema.parse(body).payments;

  for (const [endpoint, value] of rows) cover(endpoint, value);
  it.each(rows)(
    '%s with %s answers 200 with %s item(s) for HMRC’s window %s to %s',
    (endpoint, value, count, from, to) => {
      const { status, body } = answerFor(endpoint, value, { ...context, from, to });
      expect(status).toBe(200);
      const list = items(endpoint, body);
      if (count === 'one') expect(list).toHaveLength(1);
      else expect(list.length).toBeGreaterThan(1);
      // Without a range the same canned list comes back whole.
      expect(answerFor(endpoint, value).body).toEqual(body);
    },
  );

  it('keeps only liabilities whose tax period ends inside the range sent', () => {
    const { body } = answerFor('liabilities', 'MULTIPLE_LIABILITIES', {
      ...context,
      from: '2017-04-05',
      to: '2017-08-01',
    });
    const { liabilities } = liabilitiesSchema.parse(body);
    expect(liabilities.length).toBeGreaterThan(0);
    for (const liability of liabilities) expect(liability.taxPeriod?.to ?? '').toMatch(/^2017-0[4-7]/);
    expect(liabilities.length).toBeLessThan(
      liabilitiesSchema.parse(answerFor('liabilities', 'MULTIPLE_LIABILITIES').body).liabilities.length,
    );
  });

  it.each([
    ['liabilities', 'SINGLE_LIABILITY'],
    ['payments', 'SINGLE_PAYMENT'],
  ] as const)('answers 404 NOT_FOUND for %s %s when the range sent misses every item', (endpoint, value) => {
    expect(answerFor(endpoint, value, { ...context, from: '2019-01-01', to: '2019-06-30' })).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'The remote endpoint has indicated that no data can be found' },
    });
  });

  it('sends a payment without a received date when HMRC has none, rather than an empty one', () => {
    const { payments } = paymentsSchema.parse(answerFor('payments', 'MULTIPLE_PAYMENTS').body);
    expect(payments.some((payment) => !('received' in payment))).toBe(true);
  });
});

describe('penalties scenarios', () => {
  const lsp = (body: PenaltiesBody) => body.lateSubmissionPenalty?.details ?? [];
  const lpp = (body: PenaltiesBody) => body.latePaymentPenalty?.details ?? [];
  const charges = (body: PenaltiesBody) => lsp(body).filter((d) => d.chargeReference !== undefined);

  const rows: [string, string, (body: PenaltiesBody) => void][] = [
    [
      'DEFAULT',
      'several penalties of both kinds',
      (body) => {
        expect(lsp(body).length).toBeGreaterThan(1);
        expect(lpp(body).length).toBeGreaterThan(1);
      },
    ],
    ['NO_PENALTIES', 'an empty object', (body) => expect(body).toEqual({})],
    [
      'LATE_SUBMISSION',
      'one late-submission penalty and no late-payment penalty',
      (body) => {
        expect(lsp(body)).toHaveLength(1);
        expect(lpp(body)).toHaveLength(0);
      },
    ],
    [
      'LATE_PAYMENT',
      'one late-payment penalty and no late-submission penalty',
      (body) => {
        expect(lpp(body)).toHaveLength(1);
        expect(lsp(body)).toHaveLength(0);
      },
    ],
    [
      'MULTIPLE_PENALTIES',
      'one penalty of each kind',
      (body) => {
        expect(lsp(body)).toHaveLength(1);
        expect(lpp(body)).toHaveLength(1);
      },
    ],
    [
      'MULTIPLE_LATE_PAYMENT_PENALTIES',
      'several late-payment penalties only',
      (body) => {
        expect(lpp(body).length).toBeGreaterThan(1);
        expect(lsp(body)).toHaveLength(0);
      },
    ],
    [
      'MULTIPLE_LATE_SUBMISSION_PENALTIES',
      'several active late-submission points below the threshold',
      (body) => {
        expect(lsp(body).length).toBeGreaterThan(1);
        expect(lsp(body).every((d) => d.penaltyStatus === 'active' && d.penaltyCategory === 'point')).toBe(true);
        const summary = body.lateSubmissionPenalty?.summary;
        expect(summary?.activePenaltyPoints).toBeLessThan(summary?.regimeThreshold ?? 0);
        expect(lpp(body)).toHaveLength(0);
      },
    ],
    [
      'MULTIPLE_INACTIVE_LATE_SUBMISSION_PENALTIES',
      'several inactive late-submission points and no active ones',
      (body) => {
        expect(lsp(body).length).toBeGreaterThan(1);
        expect(lsp(body).every((d) => d.penaltyStatus === 'inactive')).toBe(true);
        expect(body.lateSubmissionPenalty?.summary.activePenaltyPoints).toBe(0);
        expect(body.lateSubmissionPenalty?.summary.periodOfComplianceAchievement).toBe('9999-12-31');
      },
    ],
    [
      'THRESHOLD_LATE_SUBMISSION_PENALTIES',
      'points at the threshold and the first charge',
      (body) => {
        const summary = body.lateSubmissionPenalty?.summary;
        expect(summary?.activePenaltyPoints).toBe(summary?.regimeThreshold);
        expect(charges(body).map((d) => d.penaltyCategory)).toEqual(['threshold']);
      },
    ],
    [
      'CHARGE_LATE_SUBMISSION_PENALTIES',
      'points beyond the threshold and a second charge',
      (body) => {
        expect(charges(body).map((d) => d.penaltyCategory)).toEqual(['threshold', 'charge']);
        expect(lsp(body).length).toBeGreaterThan(body.lateSubmissionPenalty?.summary.regimeThreshold ?? 0);
      },
    ],
  ];

  for (const [value] of rows) cover('penalties', value);
  it.each(rows)('%s answers 200 with %s', (value, _description, check) => {
    const { status, body } = answerFor('penalties', value);
    expect(status).toBe(200);
    check(penaltiesSchema.parse(body));
  });
});

describe('financial details scenarios', () => {
  cover('financialDetails', 'DEFAULT');
  it('DEFAULT answers 200 with HMRC’s example totals and one document', () => {
    const { status, body } = answerFor('financialDetails', 'DEFAULT');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      totalisations: { totalOverdue: 123.45, totalBalance: 109.99 },
      documentDetails: [{ lineItemDetails: [{ chargeDescription: 'VAT Return' }] }],
    });
  });
});

describe('customer information scenarios', () => {
  const rows: [string, boolean, boolean][] = [
    ['DEFAULT', true, true],
    ['NO_EFFECTREGISTRATIONDATE', false, true],
    ['NO_FLATRATESCHEME', true, false],
    ['NO_EFFECTREGISTRATIONDATE_NO_FRS', false, false],
  ];

  for (const [value] of rows) cover('customerInformation', value);
  it.each(rows)('%s answers 200, registration date %s, flat rate scheme %s', (value, registered, flatRate) => {
    const { status, body } = answerFor('customerInformation', value);
    expect(status).toBe(200);
    const info = z
      .object({
        customerDetails: z.object({ effectiveRegistrationDate: date.optional() }).strict().optional(),
        flatRateScheme: z
          .object({ frsCategory: z.string().regex(/^\d{3}$/), startDate: date })
          .strict()
          .optional(),
      })
      .strict()
      .parse(body);
    expect(info.customerDetails?.effectiveRegistrationDate !== undefined).toBe(registered);
    expect(info.flatRateScheme !== undefined).toBe(flatRate);
  });
});

describe('values that are not scenarios', () => {
  it.each(vatEndpoints)('%s answers 400 RULE_INCORRECT_GOV_TEST_SCENARIO for an unknown value', (endpoint) => {
    expect(resolveScenario(endpoint, 'NO_SUCH_SCENARIO', context)).toEqual({
      kind: 'answer',
      answer: {
        status: 400,
        body: { code: 'RULE_INCORRECT_GOV_TEST_SCENARIO', message: 'The Gov-Test-Scenario was not found' },
      },
    });
  });

  it('does not accept a value that belongs to another endpoint, or in another case', () => {
    for (const [endpoint, value] of [
      ['payments', 'NOT_FOUND'],
      ['obligations', 'DEFAULT'],
      ['viewReturn', 'DUPLICATE_SUBMISSION'],
      ['obligations', 'quarterly_one_met'],
      ['obligations', 'MONTHLY_OBS_13_OPEN'],
      ['penalties', 'toString'],
    ] as const) {
      expect(answerFor(endpoint, value).body, `${endpoint} ${value}`).toMatchObject({
        code: 'RULE_INCORRECT_GOV_TEST_SCENARIO',
      });
    }
  });

  it.each(vatEndpoints)('%s uses the default data when the header is absent or empty', (endpoint) => {
    for (const value of [undefined, '', '   ']) {
      expect(resolveScenario(endpoint, value, context)).toEqual({ kind: 'default' });
    }
  });

  it('tolerates whitespace around a value, as HTTP does around header values', () => {
    expect(answerFor('obligations', ' NOT_FOUND ').status).toBe(404);
  });

  it('gives each caller its own copy of the canned data', () => {
    const first = answerFor('penalties', 'DEFAULT').body as { totalisations: { penalisedPrincipalTotal: number } };
    first.totalisations.penalisedPrincipalTotal = 0;
    expect(answerFor('penalties', 'DEFAULT').body).toMatchObject({ totalisations: { penalisedPrincipalTotal: 10000 } });
  });
});

describe('coverage of this file', () => {
  it('tests every value of every endpoint', () => {
    const all = vatEndpoints.flatMap((endpoint) => scenarioValues[endpoint].map((value) => `${endpoint} ${value}`));
    expect(all.filter((pair) => !covered.has(pair))).toEqual([]);
  });
});
