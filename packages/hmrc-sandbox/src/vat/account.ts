/**
 * The simulated VAT account behind one test user: quarterly (or monthly, or annual) obligations for
 * the last two years,
 * the returns filed for them, the charges and payments those returns raised, and what HMRC's VAT
 * (MTD) endpoints answer from it (hmrc-mtd-vat.md 3.4-3.11). HMRC's own sandbox is canned and
 * stateless (3.4 "Sandbox"); this one is consistent: a submission fulfils its obligation, raises its
 * charge and shows in View return.
 *
 * Pure: no clock, no I/O. The same (vrn, registrationDate, today) always builds the same account,
 * and each period's figures depend only on the VRN and the period, so history is stable across days.
 * Queries assume their input passed validation.ts.
 */
import { emptyNotFound, flat, businessError, messages, type SandboxAnswer } from '../http/errors';
import {
  addDays,
  addMonths,
  addYears,
  endOfMonth,
  firstOfMonth,
  isIsoDate,
  isLastDayOfMonth,
  maxDate,
  minDate,
  parseIsoDate,
  formatIsoDate,
  ukDateOf,
} from '@vatwise/domain';
import type {
  CustomerInformationBody,
  FinancialDetailsBody,
  FlatRateScheme,
  LiabilitiesBody,
  ObligationPattern,
  ObligationsBody,
  PaymentsBody,
  PenaltiesBody,
  ReturnBody,
  StoredCharge,
  StoredObligation,
  StoredReturn,
  SubmitReturnBody,
  VatAccount,
} from './model';
import { penceToJson, percentOf } from './money';
import { latePaymentPenalties, lateSubmissionPenalties, penaltiesBody, pointsRegimeStart } from './penalties';
import { digitsFor, intBetween, type Random, randomFor, uuidFor } from './random';
import { firstQueryValue, parseSubmitBody, type QueryValue, returnBoxes, type ReturnBoxesPence } from './validation';

export type * from './model';

/** The charge type HMRC gives the debit raised by a VAT return. */
export const returnDebitChargeType = 'VAT Return Debit Charge';

const ok = <Body>(body: Body, status = 200): SandboxAnswer<Body> => ({ status, body });
const notFound = (): SandboxAnswer => flat(404, 'NOT_FOUND', messages.NOT_FOUND);

// ---------------------------------------------------------------------------------------------
// Periods
// ---------------------------------------------------------------------------------------------

/**
 * Return (and payment) due date: one calendar month and seven days after the period ends
 * (uk-vat-facts.md 3.4). For a period ending on a month's last day the month step lands on the next
 * month's last day, as HMRC dates them (quarter to 30 June -> 7 August; HMRC's sandbox: 2017-03-31 ->
 * 2017-05-07), which LocalDate-style clamping alone would not give (30 June + 1 month = 30 July).
 */
export const dueDateFor = (end: string): string =>
  addDays(isLastDayOfMonth(end) ? endOfMonth(addMonths(end, 1)) : addMonths(end, 1), 7);

const quarterStartOf = (date: string): string => {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return formatIsoDate({ year: parts.year, month: Math.floor((parts.month - 1) / 3) * 3 + 1, day: 1 });
};

/** `24A1` for January-March 2024: two-digit year, 'A', quarter — HMRC's quarterly form `18A1` (3.4). */
export function quarterlyPeriodKey(quarterStart: string): string {
  const parts = parseIsoDate(quarterStart);
  if (!parts) throw new RangeError(`Not a YYYY-MM-DD date: ${quarterStart}`);
  return `${String(parts.year % 100).padStart(2, '0')}A${Math.floor((parts.month - 1) / 3) + 1}`;
}

/**
 * An annual accounting return (and its balancing payment) is due two months after the year ends
 * (uk-vat-facts.md 3.4, 3.7; VATAAS3400): a year ending 31 March is due by 31 May.
 */
export const annualDueDateFor = (end: string): string =>
  isLastDayOfMonth(end) ? endOfMonth(addMonths(end, 2)) : addMonths(end, 2);

const monthLetters = 'ABCDEFGHIJKL';

/**
 * `24AA` for January 2024 … `24AL` for December: HMRC's alphanumeric monthly form `NNAA`
 * (uk-vat-facts.md, period keys; hmrc-mtd-vat.md 3.4 lists `18AD`). Never a quarterly key (`24A1`).
 */
export function monthlyPeriodKey(monthStart: string): string {
  const parts = parseIsoDate(monthStart);
  if (!parts) throw new RangeError(`Not a YYYY-MM-DD date: ${monthStart}`);
  return `${String(parts.year % 100).padStart(2, '0')}A${monthLetters[parts.month - 1] ?? 'A'}`;
}

/**
 * `24YF` for the year starting in June 2024: year, 'Y', the starting month's letter. Ours: HMRC
 * does not publish its annual keys beyond the `NNAA` form; this one meets no monthly or quarterly key.
 */
export function annualPeriodKey(yearStart: string): string {
  const parts = parseIsoDate(yearStart);
  if (!parts) throw new RangeError(`Not a YYYY-MM-DD date: ${yearStart}`);
  return `${String(parts.year % 100).padStart(2, '0')}Y${monthLetters[parts.month - 1] ?? 'A'}`;
}

interface Period {
  periodKey: string;
  start: string;
  end: string;
  due: string;
}

/** How each pattern steps through the calendar: the period holding `today`, its length, key and due date. */
const patternShapes: Record<
  ObligationPattern,
  {
    months: number;
    currentStart: (today: string, registrationDate: string) => string;
    key: (start: string) => string;
    due: (end: string) => string;
  }
> = {
  quarterly: { months: 3, currentStart: quarterStartOf, key: quarterlyPeriodKey, due: dueDateFor },
  monthly: { months: 1, currentStart: (today) => firstOfMonth(today), key: monthlyPeriodKey, due: dueDateFor },
  // The accounting year runs from the first of the registration month, so the first year is
  // (almost) whole and later ones fall on its anniversaries.
  annual: {
    months: 12,
    currentStart: (today, registrationDate) => {
      const month = parseIsoDate(registrationDate)?.month ?? 1;
      const thisYear = formatIsoDate({ year: parseIsoDate(today)?.year ?? 0, month, day: 1 });
      return thisYear <= today ? thisYear : addYears(thisYear, -1);
    },
    key: annualPeriodKey,
    due: annualDueDateFor,
  },
};

/**
 * The pattern's periods from two years before the current one up to the one containing `today`.
 * None ends before registration; the first one starts on the registration date (the first return
 * covers the business from its effective date of registration).
 */
function periodsFor(registrationDate: string, today: string, pattern: ObligationPattern = 'quarterly'): Period[] {
  const shape = patternShapes[pattern];
  const periods: Period[] = [];
  const first = addYears(shape.currentStart(today, registrationDate), -2);
  for (let start = first; start <= today; start = addMonths(start, shape.months)) {
    const end = endOfMonth(addMonths(start, shape.months - 1));
    if (end < registrationDate || registrationDate > today) continue;
    periods.push({ periodKey: shape.key(start), start: maxDate(start, registrationDate), end, due: shape.due(end) });
  }
  return periods;
}

// ---------------------------------------------------------------------------------------------
// Generated history
// ---------------------------------------------------------------------------------------------

/** A few FRS sectors and their percentages in tenths (uk-vat-facts.md 2.8). */
const frsSectors: readonly (readonly [string, number])[] = [
  ['009', 145], // Computer and IT consultancy or data processing
  ['026', 140], // Management consultancy
  ['007', 120], // Business services not listed elsewhere
  ['018', 130], // Hairdressing or other beauty treatment services
  ['044', 75], // Retailing not listed elsewhere
  ['049', 100], // Transport or storage
];

/**
 * A flat rate scheme member joins on a quarter start after its first registration anniversary, so
 * the 1% first-year discount never applies (uk-vat-facts.md 2.4) and periods split cleanly between
 * normal accounting and the scheme.
 */
function flatRateSchemeFor(random: Random, registrationDate: string, today: string): FlatRateScheme | undefined {
  const onScheme = random() < 0.25;
  const sector = frsSectors[intBetween(random, 0, frsSectors.length - 1)] ?? frsSectors[0];
  const anniversary = addYears(registrationDate, 1);
  const quarterStart = quarterStartOf(anniversary);
  const startDate = quarterStart < anniversary ? addMonths(quarterStart, 3) : quarterStart;
  if (!onScheme || !sector || startDate > today) return undefined;
  return { frsCategory: sector[0], startDate, rateTenthsOfPercent: sector[1] };
}

/** Pence between two amounts in pounds, drawn as integers (no float money). */
const penceBetween = (random: Random, minPounds: number, maxPounds: number): number =>
  intBetween(random, minPounds * 100, maxPounds * 100);

/** Boxes 6-9 are whole pounds (3.5); pence are dropped, one documented rule (uk-vat-facts.md 1.4). */
const wholePounds = (pence: number): number => Math.trunc(pence / 100) * 100;

/**
 * Realistic boxes for a GB business with no Northern Ireland goods trade (boxes 2, 8, 9 zero),
 * always a debit: standard-rated sales are at least 70% of sales and purchases at most 65% of sales,
 * so box 1 exceeds box 4. On the flat rate scheme box 1 is the percentage of VAT-inclusive turnover
 * (box 6) and nothing is reclaimed (uk-vat-facts.md 2.6).
 */
function generateBoxes(random: Random, scale: number, frs: FlatRateScheme | undefined, months = 3): ReturnBoxesPence {
  // `scale` is a quarter's size; a month is a third of it, a year four quarters.
  const size = (poundsAQuarter: number): number => Math.round((poundsAQuarter * scale * months) / 3);
  if (frs) {
    const turnover = wholePounds(penceBetween(random, size(12_000), size(30_000)));
    const vatDueSales = percentOf(turnover, frs.rateTenthsOfPercent);
    return withTotals(vatDueSales, 0, turnover, 0);
  }
  const sales = penceBetween(random, size(20_000), size(45_000));
  const standardRatedSales = Math.floor((sales * intBetween(random, 70, 100)) / 100);
  const purchases = Math.floor((sales * intBetween(random, 25, 65)) / 100);
  const standardRatedPurchases = Math.floor((purchases * intBetween(random, 60, 100)) / 100);
  return withTotals(
    percentOf(standardRatedSales, 200),
    percentOf(standardRatedPurchases, 200),
    wholePounds(sales),
    wholePounds(purchases),
  );
}

/** Box 3 = box 1 + box 2 and box 5 = |box 3 − box 4| (3.5), computed, never drawn. */
function withTotals(vatDueSales: number, vatReclaimed: number, salesEx: number, purchasesEx: number): ReturnBoxesPence {
  const vatDueAcquisitions = 0;
  const totalVatDue = vatDueSales + vatDueAcquisitions;
  return {
    vatDueSales,
    vatDueAcquisitions,
    totalVatDue,
    vatReclaimedCurrPeriod: vatReclaimed,
    netVatDue: Math.abs(totalVatDue - vatReclaimed),
    totalValueSalesExVAT: salesEx,
    totalValuePurchasesExVAT: purchasesEx,
    totalValueGoodsSuppliedExVAT: 0,
    totalAcquisitionsExVAT: 0,
  };
}

const formBundleNumberFor = (vrn: string, periodKey: string): string =>
  digitsFor(`form-bundle|${vrn}|${periodKey}`, 12);

/** `XV` + 12 digits: HMRC's form for a VAT return charge reference (uk-vat-facts.md 5.4). */
const returnChargeReferenceFor = (vrn: string, periodKey: string): string =>
  `XV${digitsFor(`charge|${vrn}|${periodKey}`, 12)}`;

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** A processing instant during the working day of `date`, with milliseconds, as HMRC sends it (3.5). */
function processingInstant(random: Random, date: string): string {
  const ms = String(intBetween(random, 0, 999)).padStart(3, '0');
  return `${date}T${pad2(intBetween(random, 8, 17))}:${pad2(intBetween(random, 0, 59))}:${pad2(intBetween(random, 0, 59))}.${ms}Z`;
}

function paymentIndicatorFor(
  account: Pick<VatAccount, 'directDebit' | 'repaymentBankAccount'>,
  boxes: ReturnBoxesPence,
) {
  if (boxes.totalVatDue > boxes.vatReclaimedCurrPeriod && account.directDebit) return 'DD' as const;
  if (boxes.vatReclaimedCurrPeriod > boxes.totalVatDue && account.repaymentBankAccount) return 'BANK' as const;
  return undefined;
}

export interface CreateVatAccountInput {
  vrn: string;
  /** The effective date of registration (YYYY-MM-DD). */
  registrationDate: string;
  /** YYYY-MM-DD. */
  today: string;
  /** Quarterly unless told: the sandbox's operator may choose monthly or annual (operator/routes.ts). */
  obligationPattern?: ObligationPattern;
}

/**
 * A deterministic account for (vrn, registrationDate, today):
 *  - quarterly (or the chosen pattern's) obligations from two years before the current period to
 *    the current one;
 *  - every period that ended before `today` fulfilled, with a stored return received after the
 *    period ended and on or before its due date — except the most recent ended period whose due
 *    date has passed, which stays open (overdue); the current period is open;
 *  - one charge per filed debit return, paid in full on or before its due date once that date has
 *    passed (a return filed but not yet due is still unpaid) — except one, the latest of the
 *    points regime due at least 45 days ago, paid 16 to 25 days late;
 *  - penalties follow from the obligations and charges (penalties.ts): the overdue return earns a
 *    point, the late payment a first late payment penalty.
 */
export function createVatAccount({
  vrn,
  registrationDate,
  today,
  obligationPattern = 'quarterly',
}: CreateVatAccountInput): VatAccount {
  if (!isIsoDate(registrationDate) || !isIsoDate(today)) throw new RangeError('Dates must be YYYY-MM-DD');
  const traits = randomFor(`account|${vrn}`);
  // Quarterly size: sales between £20k-£45k (scale 1) and £100k-£225k (scale 5).
  const scale = intBetween(traits, 1, 5);
  const directDebit = traits() < 0.6;
  const repaymentBankAccount = traits() < 0.8;
  const flatRateScheme = flatRateSchemeFor(traits, registrationDate, today);

  const periods = periodsFor(registrationDate, today, obligationPattern);
  const months = patternShapes[obligationPattern].months;
  const overdue = [...periods].reverse().find((period) => period.end < today && period.due < today);

  const obligations: StoredObligation[] = [];
  const returns: StoredReturn[] = [];
  const charges: StoredCharge[] = [];

  for (const period of periods) {
    const { periodKey, start, end, due } = period;
    if (end >= today || period === overdue) {
      obligations.push({ periodKey, start, end, due, status: 'O' });
      continue;
    }
    const random = randomFor(`period|${vrn}|${periodKey}`);
    const frs = flatRateScheme && start >= flatRateScheme.startDate ? flatRateScheme : undefined;
    const boxes = generateBoxes(random, scale, frs, months);
    // Most businesses file in the last three weeks before the deadline; never before the period
    // ended and never after today.
    const received = maxDate(addDays(end, 1), minDate(addDays(due, -intBetween(random, 0, 20)), today));
    const chargeReference = returnChargeReferenceFor(vrn, periodKey);
    const paymentIndicator = paymentIndicatorFor({ directDebit, repaymentBankAccount }, boxes);
    obligations.push({ periodKey, start, end, due, status: 'F', received });
    returns.push({
      periodKey,
      boxes,
      receivedOn: received,
      processingDate: processingInstant(random, received),
      formBundleNumber: formBundleNumberFor(vrn, periodKey),
      ...(paymentIndicator ? { paymentIndicator } : {}),
      chargeRefNumber: chargeReference,
    });
    const paid = due < today;
    const paidOn = maxDate(received, addDays(due, -intBetween(random, 0, 10)));
    charges.push({
      chargeReference,
      periodKey,
      taxPeriod: { from: start, to: end },
      type: returnDebitChargeType,
      originalAmountPence: boxes.netVatDue,
      outstandingAmountPence: paid ? 0 : boxes.netVatDue,
      due,
      postedOn: received,
      payments: paid
        ? [
            {
              amountPence: boxes.netVatDue,
              received: paidOn,
              paymentLot: digitsFor(`lot|${vrn}|${periodKey}`, 6),
              paymentLotItem: '000001',
            },
          ]
        : [],
    });
  }

  // One payment in the history came late: a business with a late payment penalty to look into.
  const latePaid = [...charges]
    .reverse()
    .find(
      (charge) =>
        charge.due !== undefined &&
        charge.payments.length === 1 &&
        (charge.taxPeriod?.from ?? '') >= pointsRegimeStart &&
        charge.due <= addDays(today, -45),
    );
  const latePayment = latePaid?.payments[0];
  if (latePaid?.due && latePayment) {
    latePayment.received = addDays(latePaid.due, 16 + intBetween(randomFor(`late|${vrn}`), 0, 9));
  }

  return {
    schemaVersion: 1,
    vrn,
    registrationDate,
    createdOn: today,
    asOf: today,
    ...(flatRateScheme ? { flatRateScheme } : {}),
    // Left out for quarterly, so a quarterly account is the same JSON as before patterns existed.
    ...(obligationPattern === 'quarterly' ? {} : { obligationPattern }),
    directDebit,
    repaymentBankAccount,
    obligations,
    returns,
    charges,
  };
}

/**
 * The account as of a later `today`: each period (of the account's pattern) that has begun since the account was last brought
 * up to date gets its open obligation, as HMRC raises one per period. Returns the same object when
 * nothing changed, so callers can tell whether to store it.
 */
export function advanceAccount(account: VatAccount, today: string): VatAccount {
  if (today <= account.asOf) return account;
  const known = new Set(account.obligations.map((obligation) => obligation.periodKey));
  const added = periodsFor(account.registrationDate, today, account.obligationPattern)
    .filter((period) => !known.has(period.periodKey))
    .filter((period) => period.start > (account.obligations.at(-1)?.start ?? ''))
    .map(({ periodKey, start, end, due }): StoredObligation => ({ periodKey, start, end, due, status: 'O' }));
  if (added.length === 0) return account;
  return { ...account, asOf: today, obligations: [...account.obligations, ...added] };
}

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

const byStart = (a: { start: string }, b: { start: string }): number =>
  a.start < b.start ? -1 : a.start > b.start ? 1 : 0;

/**
 * Retrieve obligations (3.4). Without dates (only `status=O` passes validation that way) every open
 * obligation; with dates, those overlapping from..to, of the given status or both. Sorted by start
 * date (the OAS's order). None -> 404 NOT_FOUND.
 */
export function obligationsFor(
  account: VatAccount,
  query: { from?: QueryValue; to?: QueryValue; status?: QueryValue },
  today: string,
): SandboxAnswer<ObligationsBody> | SandboxAnswer {
  const from = firstQueryValue(query.from);
  const to = firstQueryValue(query.to);
  // HMRC's backend refuses a `from` in the future (a `to` may be); shape A, after validation (3.4).
  if (from !== undefined && from > today) return flat(400, 'DATE_FROM_INVALID', messages.DATE_FROM_INVALID);
  const status = firstQueryValue(query.status);
  const list = account.obligations
    .filter((o) => (from === undefined || o.end >= from) && (to === undefined || o.start <= to))
    .filter((o) => status === undefined || o.status === status)
    .sort(byStart)
    .map(({ periodKey, start, end, due, status: state, received }) => ({
      start,
      end,
      due,
      status: state,
      periodKey,
      ...(received === undefined ? {} : { received }),
    }));
  return list.length === 0 ? notFound() : ok({ obligations: list });
}

/**
 * View return (3.6): the stored return, or 404 with no body at all. `periodKey` is decoded. A period
 * that ended more than four years ago is refused, 403 DATE_RANGE_TOO_LARGE inside BUSINESS_ERROR.
 */
export function returnFor(
  account: VatAccount,
  periodKey: string,
  today: string,
): SandboxAnswer<ReturnBody> | SandboxAnswer {
  const period = account.obligations.find((o) => o.periodKey === periodKey);
  if (period && period.end < addYears(today, -4)) {
    return businessError([{ code: 'DATE_RANGE_TOO_LARGE', message: messages.DATE_RANGE_TOO_LARGE_VIEW }]);
  }
  const stored = account.returns.find((r) => r.periodKey === periodKey);
  if (!stored) return emptyNotFound;
  const body = { periodKey } as ReturnBody;
  for (const box of returnBoxes) body[box] = penceToJson(stored.boxes[box]);
  return ok(body);
}

/**
 * The charges liabilities and payments report for a validated from..to (3.7, 3.8): "Hybrid
 * Payments" and "Payment on Account" charges never; a charge with a tax period only if its `to` date
 * falls inside the range (HMRC's filter keeps `to` on or before the requested `to`; its sandbox
 * table, 4.4, also wants it on or after `from`); a charge without a tax period always.
 */
function chargesInRange(account: VatAccount, from: string, to: string, dropped: readonly string[]): StoredCharge[] {
  return account.charges
    .filter((charge) => !dropped.includes(charge.type.toLowerCase()))
    .filter((charge) => !charge.taxPeriod || (charge.taxPeriod.to >= from && charge.taxPeriod.to <= to));
}

export function liabilitiesFor(
  account: VatAccount,
  query: { from: string; to: string },
): SandboxAnswer<LiabilitiesBody> | SandboxAnswer {
  const liabilities = chargesInRange(account, query.from, query.to, ['hybrid payments', 'payment on account']).map(
    (charge) => ({
      ...(charge.taxPeriod ? { taxPeriod: { ...charge.taxPeriod } } : {}),
      type: charge.type,
      originalAmount: penceToJson(charge.originalAmountPence),
      outstandingAmount: penceToJson(charge.outstandingAmountPence),
      ...(charge.due === undefined ? {} : { due: charge.due }),
    }),
  );
  // HMRC answers an empty list with 404 NOT_FOUND (hmrc-mtd-vat.md 8.2).
  return liabilities.length === 0 ? notFound() : ok({ liabilities });
}

export function paymentsFor(
  account: VatAccount,
  query: { from: string; to: string },
): SandboxAnswer<PaymentsBody> | SandboxAnswer {
  const seen = new Set<string>();
  const payments: PaymentsBody['payments'] = [];
  for (const charge of chargesInRange(account, query.from, query.to, ['payment on account'])) {
    for (const payment of charge.payments) {
      // Duplicates are the same amount, lot and lot item (PaymentsResponse.scala, 3.8).
      const key = `${payment.amountPence}|${payment.paymentLot}|${payment.paymentLotItem}`;
      if (seen.has(key)) continue;
      seen.add(key);
      payments.push({ amount: penceToJson(payment.amountPence), received: payment.received });
    }
  }
  return payments.length === 0 ? notFound() : ok({ payments });
}

/** Retrieve penalties (3.9): always 200; `{}` when no return was late as of `today`. */
export const penaltiesFor = (account: VatAccount, today: string = account.asOf): SandboxAnswer<PenaltiesBody> =>
  ok(penaltiesBody(account, today));

/**
 * Retrieve financial details (3.10) for a charge reference the account knows: a return's charge
 * (submit's `chargeRefNumber`) or a late submission penalty charge (penalties' `chargeReference`).
 * Unknown -> 404 MATCHING_RESOURCE_NOT_FOUND.
 */
export function financialDetailsFor(
  account: VatAccount,
  chargeReference: string,
  today: string = account.asOf,
): SandboxAnswer<FinancialDetailsBody> | SandboxAnswer {
  const charge = account.charges.find((c) => c.chargeReference === chargeReference);
  if (charge) {
    return ok(
      financialDetails({
        postedOn: charge.postedOn,
        totalPence: charge.originalAmountPence,
        outstandingPence: charge.outstandingAmountPence,
        due: charge.due,
        today,
        description: 'VAT Return',
        ...(charge.taxPeriod ? { taxPeriod: charge.taxPeriod } : {}),
      }),
    );
  }
  const latePayment = latePaymentPenalties(account).find((p) => p.chargeReference === chargeReference);
  if (latePayment && latePayment.creationDate <= today) {
    return ok(
      financialDetails({
        postedOn: latePayment.creationDate,
        totalPence: latePayment.amountPence,
        outstandingPence: latePayment.amountPence,
        due: latePayment.dueDate,
        today,
        description: 'VAT Late Payment Penalty 1',
        ...(latePayment.principal.taxPeriod ? { taxPeriod: latePayment.principal.taxPeriod } : {}),
      }),
    );
  }
  const penalty = lateSubmissionPenalties(account, today).find((p) => p.chargeReference === chargeReference);
  if (penalty?.chargePence !== undefined) {
    return ok(
      financialDetails({
        postedOn: penalty.creationDate,
        totalPence: penalty.chargePence,
        outstandingPence: penalty.chargePence,
        due: penalty.chargeDueDate,
        today,
        description: 'Late Submission Penalty',
        taxPeriod: { from: penalty.obligation.start, to: penalty.obligation.end },
      }),
    );
  }
  return flat(404, 'MATCHING_RESOURCE_NOT_FOUND', messages.MATCHING_RESOURCE_NOT_FOUND);
}

function financialDetails(input: {
  postedOn: string;
  totalPence: number;
  outstandingPence: number;
  due: string | undefined;
  today: string;
  description: string;
  taxPeriod?: { from: string; to: string };
}): FinancialDetailsBody {
  const { postedOn, totalPence, outstandingPence, due, today, description, taxPeriod } = input;
  const clearedPence = totalPence - outstandingPence;
  const overdue = due !== undefined && due < today;
  return {
    totalisations: {
      totalOverdue: penceToJson(overdue ? outstandingPence : 0),
      totalNotYetDue: penceToJson(overdue ? 0 : outstandingPence),
      totalBalance: penceToJson(outstandingPence),
      totalCredit: 0,
      totalCleared: penceToJson(clearedPence),
    },
    documentDetails: [
      {
        postingDate: postedOn,
        issueDate: postedOn,
        documentTotalAmount: penceToJson(totalPence),
        documentClearedAmount: penceToJson(clearedPence),
        documentOutstandingAmount: penceToJson(outstandingPence),
        lineItemDetails: [
          {
            chargeDescription: description,
            ...(taxPeriod ? { periodFromDate: taxPeriod.from, periodToDate: taxPeriod.to } : {}),
            ...(due === undefined ? {} : { netDueDate: due }),
            amount: penceToJson(totalPence),
          },
        ],
      },
    ],
  };
}

/** Retrieve customer information (3.11). */
export function customerInformationFor(account: VatAccount): SandboxAnswer<CustomerInformationBody> {
  const { flatRateScheme } = account;
  return ok({
    customerDetails: { effectiveRegistrationDate: account.registrationDate },
    ...(flatRateScheme
      ? { flatRateScheme: { frsCategory: flatRateScheme.frsCategory, startDate: flatRateScheme.startDate } }
      : {}),
  });
}

// ---------------------------------------------------------------------------------------------
// Submit
// ---------------------------------------------------------------------------------------------

export interface SubmitReturnResult {
  /** The account after the submission (the same object when refused). */
  account: VatAccount;
  answer: SandboxAnswer;
  /** Receipt-ID and Receipt-Timestamp headers of a 201 (3.5). */
  receipt?: { id: string; timestamp: string };
}

/**
 * Submit a return (3.5). Body validation (stages 2-5) runs first; then HMRC's backend answers:
 * 403 C DUPLICATE_SUBMISSION when a return exists for the period key (6.2), 403 A
 * TAX_PERIOD_NOT_ENDED when the period's end date is today or later. A key matching no obligation is
 * accepted, as HMRC's sandbox does (3.5 "Sandbox"). On success the return is stored, its obligation
 * fulfilled (received today), a debit (box 3 > box 4) raises a charge, and the answer is 201 with
 * processingDate, formBundleNumber and, where they apply, paymentIndicator and chargeRefNumber.
 * `now` is the submission instant; "today" is its date in the UK (dates.ts ukDateOf).
 */
export function submitReturn(account: VatAccount, body: unknown, now: Date): SubmitReturnResult {
  const parsed = parseSubmitBody(body);
  if (!parsed.ok) return { account, answer: parsed.answer };
  const { periodKey, boxes } = parsed.submission;
  const today = ukDateOf(now);

  if (account.returns.some((r) => r.periodKey === periodKey)) {
    return {
      account,
      answer: businessError([{ code: 'DUPLICATE_SUBMISSION', message: messages.DUPLICATE_SUBMISSION }]),
    };
  }
  const obligation = account.obligations.find((o) => o.periodKey === periodKey);
  if (obligation && obligation.end >= today) {
    return { account, answer: flat(403, 'TAX_PERIOD_NOT_ENDED', messages.TAX_PERIOD_NOT_ENDED) };
  }

  const isDebit = boxes.totalVatDue > boxes.vatReclaimedCurrPeriod;
  const chargeReference = isDebit ? returnChargeReferenceFor(account.vrn, periodKey) : undefined;
  const paymentIndicator = paymentIndicatorFor(account, boxes);
  const processingDate = now.toISOString();
  const stored: StoredReturn = {
    periodKey,
    boxes: { ...boxes },
    receivedOn: today,
    processingDate,
    formBundleNumber: formBundleNumberFor(account.vrn, periodKey),
    ...(paymentIndicator ? { paymentIndicator } : {}),
    ...(chargeReference ? { chargeRefNumber: chargeReference } : {}),
  };
  const charge: StoredCharge | undefined = chargeReference
    ? {
        chargeReference,
        periodKey,
        ...(obligation ? { taxPeriod: { from: obligation.start, to: obligation.end }, due: obligation.due } : {}),
        type: returnDebitChargeType,
        originalAmountPence: boxes.netVatDue,
        outstandingAmountPence: boxes.netVatDue,
        postedOn: today,
        payments: [],
      }
    : undefined;

  const next: VatAccount = {
    ...account,
    asOf: maxDate(account.asOf, today),
    obligations: account.obligations.map((o) =>
      o.periodKey === periodKey ? { ...o, status: 'F' as const, received: today } : o,
    ),
    returns: [...account.returns, stored],
    charges: charge ? [...account.charges, charge] : account.charges,
  };

  const answerBody: SubmitReturnBody = {
    processingDate,
    formBundleNumber: stored.formBundleNumber,
    ...(paymentIndicator ? { paymentIndicator } : {}),
    ...(chargeReference ? { chargeRefNumber: chargeReference } : {}),
  };
  return {
    account: next,
    answer: ok(answerBody, 201),
    receipt: {
      id: uuidFor(`receipt|${account.vrn}|${periodKey}|${processingDate}`),
      // Receipt-Timestamp has no milliseconds (3.5).
      timestamp: processingDate.replace(/\.\d{3}Z$/, 'Z'),
    },
  };
}
