import { businessError, flat, messages, type SandboxAnswer } from '../http/errors';
import { customerInformation, financialDetails } from './canned/account-details';
import { liabilities, payments } from './canned/liabilities-payments';
import {
  monthly2018AllMet,
  monthly2018Open,
  monthly2018TwoOpen,
  monthlyMet,
  type Obligation,
  quarterly2018AllMet,
  quarterly2018Open,
  quarterly2018TwoOpen,
  quarterlyMet,
  spanningYears,
} from './canned/obligations';
import { penalties } from './canned/penalties';

/** The eight VAT (MTD) endpoints, in the order of docs/reference/hmrc-vat-api.md §3.1. */
export const vatEndpoints = [
  'obligations',
  'submitReturn',
  'viewReturn',
  'liabilities',
  'payments',
  'penalties',
  'financialDetails',
  'customerInformation',
] as const;

export type Endpoint = (typeof vatEndpoints)[number];

export interface ScenarioContext {
  vrn: string;
  periodKey?: string;
  /** YYYY-MM-DD. HMRC's canned data is fixed (2017/2018 dates), so no scenario depends on it today. */
  today: string;
  /**
   * The request's `from`/`to` (YYYY-MM-DD), for liabilities and payments: HMRC returns a canned item
   * only when its tax period's `to` date falls inside the range sent (docs/reference/hmrc-vat-api.md §4.4). Omitted,
   * the whole canned list is returned.
   */
  from?: string;
  to?: string;
}

export type ScenarioResolution = { kind: 'default' } | { kind: 'answer'; answer: SandboxAnswer };

type Scenario = (context: ScenarioContext) => SandboxAnswer;

const ok = (body: unknown): SandboxAnswer => ({ status: 200, body: structuredClone(body) });

// Error answers of section 4, with the wire code and message of 3.12: the scenario names use the
// backend's spelling, the answers the API's (3.13: INVALID_VRN -> VRN_INVALID and so on).
const insolventTrader: Scenario = () => flat(403, 'RULE_INSOLVENT_TRADER', messages.RULE_INSOLVENT_TRADER);
const notFound: Scenario = () => flat(404, 'NOT_FOUND', messages.NOT_FOUND);
/** Customer information words its 404 differently from the older endpoints (docs/reference/hmrc-vat-api.md §3.11). */
const customerNotFound: Scenario = () => flat(404, 'NOT_FOUND', 'The requested resource could not be found');

const obligations =
  (list: Obligation[]): Scenario =>
  () =>
    ok({ obligations: list });

const twoDigits = (n: number): string => String(n).padStart(2, '0');

/** 4.1 — the obligations stub ignores from/to/status (3.4), so no filtering here. */
const obligationScenarios: Record<string, Scenario> = {
  QUARTERLY_NONE_MET: obligations(quarterlyMet(0)),
  QUARTERLY_ONE_MET: obligations(quarterlyMet(1)),
  QUARTERLY_TWO_MET: obligations(quarterlyMet(2)),
  QUARTERLY_THREE_MET: obligations(quarterlyMet(3)),
  QUARTERLY_FOUR_MET: obligations(quarterlyMet(4)),
  MONTHLY_NONE_MET: obligations(monthlyMet(0)),
  MONTHLY_ONE_MET: obligations(monthlyMet(1)),
  MONTHLY_TWO_MET: obligations(monthlyMet(2)),
  MONTHLY_THREE_MET: obligations(monthlyMet(3)),
  ...Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [`MONTHLY_OBS_${twoDigits(i + 1)}_OPEN`, obligations(monthly2018Open(i + 1))]),
  ),
  MONTHLY_OBS_12_FULFILLED: obligations(monthly2018AllMet()),
  ...Object.fromEntries(
    Array.from({ length: 4 }, (_, i) => [
      `QUARTERLY_OBS_${twoDigits(i + 1)}_OPEN`,
      obligations(quarterly2018Open(i + 1)),
    ]),
  ),
  QUARTERLY_OBS_04_FULFILLED: obligations(quarterly2018AllMet()),
  MULTIPLE_OPEN_MONTHLY: obligations(monthly2018TwoOpen()),
  MULTIPLE_OPEN_QUARTERLY: obligations(quarterly2018TwoOpen()),
  OBS_SPANS_MULTIPLE_YEARS: obligations(spanningYears()),
  INSOLVENT_TRADER: insolventTrader,
  NOT_FOUND: notFound,
};

/** 4.2 — body validation (3.5 stages 1–5) has already passed by the time the caller asks. */
const submitReturnScenarios: Record<string, Scenario> = {
  INVALID_VRN: () => flat(400, 'VRN_INVALID', messages.VRN_INVALID),
  INVALID_PERIODKEY: () => flat(400, 'PERIOD_KEY_INVALID', messages.PERIOD_KEY_INVALID),
  // Shape A, not C: the backend's "invalid payload" has no errors[] (3.5 backend table).
  INVALID_PAYLOAD: () => flat(400, 'INVALID_REQUEST', 'Invalid request'),
  DUPLICATE_SUBMISSION: () => businessError([{ code: 'DUPLICATE_SUBMISSION', message: messages.DUPLICATE_SUBMISSION }]),
  TAX_PERIOD_NOT_ENDED: () => flat(403, 'TAX_PERIOD_NOT_ENDED', messages.TAX_PERIOD_NOT_ENDED),
  INSOLVENT_TRADER: insolventTrader,
};

/** 4.3 — without a header the caller answers from its store (200, or the empty 404 of 3.6). */
const viewReturnScenarios: Record<string, Scenario> = {
  DATE_RANGE_TOO_LARGE: () =>
    businessError([{ code: 'DATE_RANGE_TOO_LARGE', message: messages.DATE_RANGE_TOO_LARGE_VIEW }]),
  INSOLVENT_TRADER: insolventTrader,
};

const inRange = (date: string, context: ScenarioContext): boolean =>
  (context.from === undefined || date >= context.from) && (context.to === undefined || date <= context.to);

/**
 * 4.4 — a liability is returned only if its tax period's `to` falls in the range sent; one without a
 * tax period is always kept (3.7). Nothing left is 404 NOT_FOUND, never an empty list (3.7).
 */
const liabilityScenario =
  (name: keyof typeof liabilities): Scenario =>
  (context) => {
    const kept = liabilities[name].filter((item) => !item.taxPeriod || inRange(item.taxPeriod.to, context));
    return kept.length > 0 ? ok({ liabilities: kept }) : notFound(context);
  };

const liabilityScenarios: Record<string, Scenario> = {
  SINGLE_LIABILITY: liabilityScenario('SINGLE_LIABILITY'),
  MULTIPLE_LIABILITIES: liabilityScenario('MULTIPLE_LIABILITIES'),
  SINGLE_LIABILITY_2018_19: liabilityScenario('SINGLE_LIABILITY_2018_19'),
  MULTIPLE_LIABILITIES_2018_19: liabilityScenario('MULTIPLE_LIABILITIES_2018_19'),
  INSOLVENT_TRADER: insolventTrader,
};

/** 4.5 — the same range rule as liabilities, on the tax period of the charge each payment settles (3.8). */
const paymentScenario =
  (name: keyof typeof payments): Scenario =>
  (context) => {
    const kept = payments[name]
      .filter((item) => inRange(item.taxPeriodTo, context))
      .map(({ amount, received }) => (received === undefined ? { amount } : { amount, received }));
    return kept.length > 0 ? ok({ payments: kept }) : notFound(context);
  };

const paymentScenarios: Record<string, Scenario> = {
  SINGLE_PAYMENT: paymentScenario('SINGLE_PAYMENT'),
  MULTIPLE_PAYMENTS: paymentScenario('MULTIPLE_PAYMENTS'),
  SINGLE_PAYMENT_2018_19: paymentScenario('SINGLE_PAYMENT_2018_19'),
  MULTIPLE_PAYMENTS_2018_19: paymentScenario('MULTIPLE_PAYMENTS_2018_19'),
  INSOLVENT_TRADER: insolventTrader,
};

/** 4.6 — every penalties scenario is a 200. */
const penaltyScenarios: Record<string, Scenario> = Object.fromEntries(
  Object.entries(penalties).map(([name, body]) => [name, () => ok(body)]),
);

/** 4.7 — HMRC documents only DEFAULT, whatever the charge reference. */
const financialDetailScenarios: Record<string, Scenario> = {
  DEFAULT: () => ok(financialDetails),
};

/** 4.8 */
const customerInformationScenarios: Record<string, Scenario> = {
  DEFAULT: () => ok(customerInformation.DEFAULT),
  CUSTOMER_INFO_NOT_FOUND: customerNotFound,
  NO_EFFECTREGISTRATIONDATE: () => ok(customerInformation.NO_EFFECTREGISTRATIONDATE),
  NO_FLATRATESCHEME: () => ok(customerInformation.NO_FLATRATESCHEME),
  NO_EFFECTREGISTRATIONDATE_NO_FRS: () => ok(customerInformation.NO_EFFECTREGISTRATIONDATE_NO_FRS),
};

const scenarios: Record<Endpoint, Record<string, Scenario>> = {
  obligations: obligationScenarios,
  submitReturn: submitReturnScenarios,
  viewReturn: viewReturnScenarios,
  liabilities: liabilityScenarios,
  payments: paymentScenarios,
  penalties: penaltyScenarios,
  financialDetails: financialDetailScenarios,
  customerInformation: customerInformationScenarios,
};

/** Every Gov-Test-Scenario value of docs/reference/hmrc-vat-api.md section 4, per endpoint. */
export const scenarioValues: Record<Endpoint, readonly string[]> = Object.fromEntries(
  vatEndpoints.map((endpoint) => [endpoint, Object.freeze(Object.keys(scenarios[endpoint]))]),
) as Record<Endpoint, readonly string[]>;

/**
 * What HMRC's sandbox answers for a Gov-Test-Scenario header (docs/reference/hmrc-vat-api.md §4). No header, or an
 * empty one, is `default`: the caller answers from its own simulated data. A value HMRC does not
 * know for the endpoint is 400 RULE_INCORRECT_GOV_TEST_SCENARIO (3.2). Values are matched exactly,
 * as HMRC's stub does, after trimming the whitespace HTTP allows around a header value.
 */
export function resolveScenario(
  endpoint: Endpoint,
  value: string | undefined,
  context: ScenarioContext,
): ScenarioResolution {
  const name = value?.trim();
  if (!name) return { kind: 'default' };
  const table = scenarios[endpoint];
  const scenario = Object.hasOwn(table, name) ? table[name] : undefined;
  if (!scenario) {
    return {
      kind: 'answer',
      answer: flat(400, 'RULE_INCORRECT_GOV_TEST_SCENARIO', messages.RULE_INCORRECT_GOV_TEST_SCENARIO),
    };
  }
  return { kind: 'answer', answer: scenario(context) };
}
