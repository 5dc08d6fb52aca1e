import type { TaxRegime } from '../store/payment-journeys';
import { isWhole, parseDecimal } from '../vat/decimal';
import { JsonNumber, type LosslessJson, parseLosslessJson } from '../vat/lossless-json';
import { isValidSaUtr, isValidVatReference } from './references';

/**
 * The Initiate payment API's `POST /pay` body (reference/initiate-payment/application.yaml: taxRegime,
 * reference, amountInPence required; backURL, friendlyName optional), checked as HMRC's service
 * checks it (hmrc/third-party-payments-external-api ValidationService, ReferenceValidationService),
 * with its wire messages. Every field is checked and every problem listed in `errors`, in the order
 * HMRC's JSON reader reports them (its test lists the three missing fields as amountInPence,
 * reference, taxRegime: the fields in reverse order). A value of the wrong JSON type is, in HMRC's
 * service, an "unexpected error" answered 500; so it is here. Only when the fields are sound is the
 * reference checked against its regime: check digits of a VRN, or of a Self Assessment UTR.
 * The definition's two regimes only: HMRC's service also takes CorporationTax and
 * EmployersPayAsYouEarn, which its definition does not offer.
 */

export interface PayRequest {
  taxRegime: TaxRegime;
  reference: string;
  /** Integer pence, ≥ 0; 0 asks the person paying for the amount. */
  amountInPence: number;
  backURL?: string;
  friendlyName?: string;
}

export type PayRequestResult = { ok: true; request: PayRequest } | { ok: false; status: 400 | 500; errors: string[] };

export const payMessages = {
  NON_JSON_BODY: 'Request body was not json',
  TAX_REGIME_MISSING: 'Mandatory taxRegime field missing.',
  TAX_REGIME_INVALID: 'Mandatory taxRegime is not in list of acceptable values.',
  REFERENCE_MISSING: 'Mandatory reference field missing.',
  REFERENCE_INVALID: 'Mandatory reference field invalid.',
  REFERENCE_INVALID_SA: 'the SA UTR is not a valid reference.',
  REFERENCE_INVALID_VAT: 'the VRN is not a valid reference.',
  AMOUNT_MISSING: 'Mandatory amountInPence field missing.',
  AMOUNT_NEGATIVE: 'Mandatory amountInPence field must be greater than or equal to 0.',
  BACK_URL_INVALID: 'backURL field must be a valid url if provided.',
  FRIENDLY_NAME_INVALID_CHARACTER: 'friendlyName field contains invalid character.',
  FRIENDLY_NAME_TOO_LONG: 'friendlyName field too long.',
  /** Followed by the JSON reader's key, e.g. `amountInPence.error.expected.jsnumber`. */
  UNEXPECTED: 'An unexpected error occurred: ',
} as const;

export const taxRegimes: readonly TaxRegime[] = ['SelfAssessment', 'Vat'];

/** HMRC's friendlyName pattern; `\s` as Java reads it (ASCII white space only). */
const friendlyNamePattern = /^[0-9a-zA-Z&@£$€¥#.,:; \t\n\v\f\r-]+$/;
const friendlyNameMaxLength = 40;

/** Schemes java.net.URL has a handler for: HMRC's check is `new URI(url).toURL`. */
const urlSchemes = new Set(['http:', 'https:', 'ftp:', 'file:', 'jar:', 'mailto:']);

export function isValidBackUrl(url: string): boolean {
  // java.net.URI refuses what RFC 2396 does not allow unescaped; WHATWG URL would quietly escape it.
  if (/[\s<>"{}|\\^`]/.test(url)) return false;
  try {
    return urlSchemes.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

type Problem = { message: string; unexpected?: boolean };
const unexpected = (key: string): Problem => ({ message: `${payMessages.UNEXPECTED}${key}`, unexpected: true });
const problem = (message: string): Problem => ({ message });

const fieldChecks: readonly (readonly [string, (value: LosslessJson | undefined) => Problem[]])[] = [
  [
    'taxRegime',
    (value) => {
      if (value === undefined) return [problem(payMessages.TAX_REGIME_MISSING)];
      if (typeof value !== 'string') return [unexpected('taxRegime.error.expected.jsstring')];
      return (taxRegimes as readonly string[]).includes(value) ? [] : [problem(payMessages.TAX_REGIME_INVALID)];
    },
  ],
  [
    'reference',
    (value) => {
      if (value === undefined) return [problem(payMessages.REFERENCE_MISSING)];
      if (typeof value !== 'string') return [unexpected('reference.error.expected.jsstring')];
      return value.trim() === '' ? [problem(payMessages.REFERENCE_INVALID)] : [];
    },
  ],
  [
    'amountInPence',
    (value) => {
      if (value === undefined) return [problem(payMessages.AMOUNT_MISSING)];
      if (!(value instanceof JsonNumber)) return [unexpected('amountInPence.error.expected.jsnumber')];
      const amount = parseDecimal(value.source);
      // HMRC reads a Long; beyond the integers JavaScript holds exactly the simulator refuses too.
      if (!amount || !isWhole(amount) || Math.abs(Number(value.source)) > Number.MAX_SAFE_INTEGER) {
        return [unexpected('amountInPence.error.expected.long')];
      }
      return amount.unscaled < 0n ? [problem(payMessages.AMOUNT_NEGATIVE)] : [];
    },
  ],
  [
    'friendlyName',
    (value) => {
      if (value === undefined || value === null) return [];
      if (typeof value !== 'string') return [unexpected('friendlyName.error.expected.jsstring')];
      return [
        ...(friendlyNamePattern.test(value) ? [] : [problem(payMessages.FRIENDLY_NAME_INVALID_CHARACTER)]),
        ...(value.length > friendlyNameMaxLength ? [problem(payMessages.FRIENDLY_NAME_TOO_LONG)] : []),
      ];
    },
  ],
  [
    'backURL',
    (value) => {
      if (value === undefined || value === null) return [];
      if (typeof value !== 'string') return [unexpected('backURL.error.expected.jsstring')];
      return isValidBackUrl(value) ? [] : [problem(payMessages.BACK_URL_INVALID)];
    },
  ],
];

/** Checks the body of `POST /pay`; `isJson` says whether the Content-Type was JSON. */
export function parsePayRequest(body: unknown, isJson: boolean): PayRequestResult {
  const document = isJson && typeof body === 'string' ? parseLosslessJson(body) : undefined;
  if (document === undefined) return { ok: false, status: 400, errors: [payMessages.NON_JSON_BODY] };
  if (!(document instanceof Map)) {
    return { ok: false, status: 500, errors: [`${payMessages.UNEXPECTED}.error.expected.jsobject`] };
  }
  const problems = [...fieldChecks].reverse().flatMap(([name, check]) => check(document.get(name)));
  if (problems.length > 0) {
    return {
      ok: false,
      status: problems.some((p) => p.unexpected) ? 500 : 400,
      errors: problems.map((p) => p.message),
    };
  }

  const text = (name: string): string | undefined => {
    const value = document.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const taxRegime = text('taxRegime') as TaxRegime;
  const reference = text('reference') ?? '';
  const referenceValid = taxRegime === 'Vat' ? isValidVatReference(reference) : isValidSaUtr(reference);
  if (!referenceValid) {
    const message = taxRegime === 'Vat' ? payMessages.REFERENCE_INVALID_VAT : payMessages.REFERENCE_INVALID_SA;
    return { ok: false, status: 400, errors: [message] };
  }
  const amount = document.get('amountInPence');
  const backURL = text('backURL');
  const friendlyName = text('friendlyName');
  return {
    ok: true,
    request: {
      taxRegime,
      reference,
      amountInPence: amount instanceof JsonNumber ? Number(amount.source) : 0,
      ...(backURL === undefined ? {} : { backURL }),
      ...(friendlyName === undefined ? {} : { friendlyName }),
    },
  };
}
