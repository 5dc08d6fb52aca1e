import type { DateRangeKind, DateRangeProblem } from '../vat/dates';

/**
 * What a user reads when HMRC refuses or fails a request (docs/reference/product.md §8), by the kind of data asked
 * for: HMRC's codes differ per endpoint (docs/reference/hmrc-vat-api.md §3.13), and so do our words. Each message has
 * a translation key (`hmrc.errors.<kind>.<CODE>`) and its English text as fallback. Used by the
 * server (the `message` of an error body) and the web app (the translated text) alike.
 */

export const hmrcDataKinds = [
  'obligations',
  'liabilities',
  'payments',
  'penalties',
  'financialDetails',
  'returnView',
  'customerInformation',
  'submitReturn',
  'clientRequests',
  'vatAssist',
] as const;
export type HmrcDataKind = (typeof hmrcDataKinds)[number];

const notAuthorised = 'The client and/or agent is not authorised.';

/** The product reference's message for each HMRC code, by kind. The product reference's own wording is kept, full stops and all. */
export const hmrcCodeMessages: Record<HmrcDataKind, Record<string, string>> = {
  obligations: {
    VRN_INVALID: 'The provided VRN is invalid (Obligations).',
    INVALID_DATE_FROM: 'Invalid date from, must be a real date written YYYY-MM-DD (Obligations).',
    INVALID_DATE_TO: 'Invalid date to, must be a real date written YYYY-MM-DD (Obligations).',
    INVALID_DATE_RANGE: 'Invalid date range, must be 366 days or less (Obligations).',
    INVALID_STATUS: 'Invalid status, must be Open, Fulfilled or All (Obligations).',
    MISSING_DATE_RANGE: 'A date range is needed to list fulfilled obligations (Obligations).',
    CLIENT_OR_AGENT_NOT_AUTHORISED: notAuthorised,
    RULE_INSOLVENT_TRADER: 'The Trader is insolvent (Obligations).',
    NOT_FOUND: 'No VAT obligations found for the specified date range.',
  },
  liabilities: {
    VRN_INVALID: 'The provided VRN is invalid (Liabilities).',
    DATE_FROM_INVALID: 'Invalid date from, must be 6 April 2016 or later (Liabilities).',
    DATE_TO_INVALID: 'Invalid date to, must not be in the future (Liabilities).',
    DATE_RANGE_INVALID: 'Invalid date range, must be 365 days or less (Liabilities).',
    CLIENT_OR_AGENT_NOT_AUTHORISED: notAuthorised,
    RULE_INSOLVENT_TRADER: 'The Trader is insolvent (Liabilities).',
    NOT_FOUND: 'No VAT liabilities found for the specified date range.',
  },
  payments: {
    VRN_INVALID: 'The provided VRN is invalid (Payments).',
    DATE_FROM_INVALID: 'Invalid date from, must be 6 April 2016 or later (Payments).',
    DATE_TO_INVALID: 'Invalid date to, must not be in the future (Payments).',
    DATE_RANGE_INVALID: 'Invalid date range, must be 365 days or less (Payments).',
    CLIENT_OR_AGENT_NOT_AUTHORISED: notAuthorised,
    RULE_INSOLVENT_TRADER: 'The Trader is insolvent (Payments).',
    NOT_FOUND: 'No VAT payments found for the specified date range.',
  },
  penalties: {
    VRN_INVALID: 'The provided VRN is invalid (Penalties).',
    CLIENT_OR_AGENT_NOT_AUTHORISED: 'The client and/or agent is not authorised (Penalties).',
  },
  financialDetails: {
    VRN_INVALID: 'The provided VRN is invalid (Financial details).',
    CHARGE_REFERENCE_INVALID: 'The provided chargeReference is invalid.',
    CLIENT_OR_AGENT_NOT_AUTHORISED: notAuthorised,
    MATCHING_RESOURCE_NOT_FOUND: 'No financial details found for this penalty charge reference.',
  },
  returnView: {
    VRN_INVALID: 'The provided VRN is invalid (Return).',
    PERIOD_KEY_INVALID: 'The period of this return is not valid.',
    DATE_RANGE_TOO_LARGE: 'HMRC keeps returns for four years; this period is older.',
    CLIENT_OR_AGENT_NOT_AUTHORISED: notAuthorised,
    RULE_INSOLVENT_TRADER: 'The Trader is insolvent (Return).',
    NOT_FOUND: 'VAT return data not found for this period',
  },
  customerInformation: {
    VRN_INVALID: 'The provided VRN is invalid (Customer information).',
    CLIENT_OR_AGENT_NOT_AUTHORISED: notAuthorised,
    NOT_FOUND: 'No customer information found for this VRN.',
  },
  submitReturn: {
    VRN_INVALID: 'The provided VRN is invalid (Return).',
    PERIOD_KEY_INVALID: 'HMRC does not recognise this return period.',
    INVALID_REQUEST: 'HMRC refused the return’s figures. Check the boxes and try again.',
    VAT_TOTAL_VALUE: 'Box 3 must equal box 1 plus box 2.',
    VAT_NET_VALUE: 'Box 5 must be the difference between box 3 and box 4.',
    INVALID_MONETARY_AMOUNT: 'A box is outside HMRC’s limits, or has pence where HMRC wants whole pounds.',
    MANDATORY_FIELD_MISSING: 'A box is missing from the return.',
    NOT_FINALISED: 'The return cannot be accepted without the declaration.',
    DUPLICATE_SUBMISSION: 'HMRC already has a return for this period.',
    TAX_PERIOD_NOT_ENDED: 'This period has not ended yet: submit its return after the period ends.',
    RULE_INSOLVENT_TRADER: 'The Trader is insolvent (Return).',
    CLIENT_OR_AGENT_NOT_AUTHORISED: notAuthorised,
  },
  // A tax agent's requests for clients' authority (Agent Authorisation API): the codes a user can
  // act on become errors of our own (client-requests/service.ts); the rest read as HMRC words them.
  clientRequests: {},
  vatAssist: {},
};

/** 'Failed to fetch {kind} data' (docs/reference/product.md §8): the words for each kind. */
export const hmrcKindLabels: Record<HmrcDataKind, string> = {
  obligations: 'obligations',
  liabilities: 'liabilities',
  payments: 'payments',
  penalties: 'penalties',
  financialDetails: 'financial details',
  returnView: 'return',
  customerInformation: 'customer information',
  submitReturn: 'return submission',
  clientRequests: 'authorisation request',
  vatAssist: 'HMRC Assist feedback',
};

/** The return view's own messages for a call that never got an answer (docs/reference/product.md §8). */
export const returnViewMessages = {
  timeout: { key: 'hmrc.errors.returnView.timeout', text: 'Request timed out - please try again' },
  noResponse: {
    key: 'hmrc.errors.returnView.noResponse',
    text: 'VAT Return, No response from server - check your connection',
  },
} as const;

export interface HmrcMessage {
  key: string;
  text: string;
  /** Values for the translation's placeholders. */
  values?: Record<string, string>;
}

/**
 * The message for HMRC's answer: the first code the product reference words for this kind, else HMRC's own
 * message, else 'Failed to fetch {kind} data'. An empty 404 on the return view (shape D) is
 * 'VAT return data not found for this period'.
 */
export function hmrcErrorMessage(
  kind: HmrcDataKind,
  error: { status: number; codes: readonly string[]; message?: string },
): HmrcMessage {
  const messages = hmrcCodeMessages[kind];
  const code = error.codes.find((candidate) => Object.hasOwn(messages, candidate));
  if (code) return { key: `hmrc.errors.${kind}.${code}`, text: messages[code] ?? code };
  if (kind === 'returnView' && error.status === 404) {
    return { key: 'hmrc.errors.returnView.NOT_FOUND', text: hmrcCodeMessages.returnView.NOT_FOUND ?? '' };
  }
  if (error.message) return { key: '', text: error.message };
  const label = hmrcKindLabels[kind];
  return { key: 'hmrc.errors.failedToFetch', text: `Failed to fetch ${label} data`, values: { kind: label } };
}

/** Every translation key the messages above use, for the translation test. */
export const hmrcMessageKeys: string[] = [
  ...hmrcDataKinds.flatMap((kind) => Object.keys(hmrcCodeMessages[kind]).map((code) => `hmrc.errors.${kind}.${code}`)),
  returnViewMessages.timeout.key,
  returnViewMessages.noResponse.key,
  'hmrc.errors.failedToFetch',
  'hmrc.errors.fromNotBeforeTo',
  ...hmrcDataKinds.map((kind) => `hmrc.kinds.${kind}`),
];

/**
 * A range that ends on or before its start. HMRC words it as a range too long ('366 days or less'),
 * which misleads; ours says what is wrong. HMRC wants `from` strictly before `to`
 * (docs/reference/hmrc-vat-api.md §3.4, 3.7), so a same-day range gets it too.
 */
export const fromNotBeforeToMessage = {
  key: 'hmrc.errors.fromNotBeforeTo',
  text: 'The From date must be before the To date.',
} as const;

type RangeCodeProblem = Exclude<DateRangeProblem, 'FROM_AFTER_TO'>;

const rangeCodes: Record<'obligations' | 'liabilities' | 'payments', Record<RangeCodeProblem, string>> = {
  obligations: {
    FROM_INVALID: 'INVALID_DATE_FROM',
    TO_INVALID: 'INVALID_DATE_TO',
    TOO_LONG: 'INVALID_DATE_RANGE',
    FROM_TOO_EARLY: 'INVALID_DATE_FROM',
    TO_IN_FUTURE: 'INVALID_DATE_TO',
  },
  liabilities: {
    FROM_INVALID: 'DATE_FROM_INVALID',
    FROM_TOO_EARLY: 'DATE_FROM_INVALID',
    TO_INVALID: 'DATE_TO_INVALID',
    TO_IN_FUTURE: 'DATE_TO_INVALID',
    TOO_LONG: 'DATE_RANGE_INVALID',
  },
  payments: {
    FROM_INVALID: 'DATE_FROM_INVALID',
    FROM_TOO_EARLY: 'DATE_FROM_INVALID',
    TO_INVALID: 'DATE_TO_INVALID',
    TO_IN_FUTURE: 'DATE_TO_INVALID',
    TOO_LONG: 'DATE_RANGE_INVALID',
  },
};

/**
 * A date range our own check refuses, in the words HMRC's refusal of it would get (docs/reference/product.md §5,
 * 8), except a range that ends before it starts, which gets its own words.
 */
export function dateRangeMessage(kind: DateRangeKind, problem: DateRangeProblem): HmrcMessage {
  if (problem === 'FROM_AFTER_TO') return { ...fromNotBeforeToMessage };
  return hmrcErrorMessage(kind, { status: 400, codes: [rangeCodes[kind][problem]] });
}
