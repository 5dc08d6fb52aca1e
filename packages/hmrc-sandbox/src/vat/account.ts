/**
 * The simulated VAT account behind one test user: quarterly (or monthly, or annual) obligations for
 * the last two years, the returns filed for them, and the charges and payments those returns
 * raised. HMRC's own sandbox is canned and stateless (docs/reference/hmrc-vat-api.md §3.4 "Sandbox"); this one is
 * consistent: a submission (submit.ts) fulfils its obligation, raises its charge and shows in View
 * return, and the read endpoints (queries.ts) answer from it.
 *
 * Pure: no clock, no I/O. The same (vrn, registrationDate, today) always builds the same account,
 * and each period's figures depend only on the VRN and the period, so history is stable across days.
 */
import { addDays, addMonths, addYears, isIsoDate, maxDate, minDate } from '@vatwise/domain';
import { formBundleNumberFor, paymentIndicatorFor, returnChargeReferenceFor, returnDebitChargeType } from './filing';
import type {
  FlatRateScheme,
  ObligationPattern,
  StoredCharge,
  StoredObligation,
  StoredReturn,
  VatAccount,
} from './model';
import { percentOf } from './money';
import { pointsRegimeStart } from './penalties';
import { patternShapes, periodsFor, quarterStartOf } from './periods';
import { digitsFor, intBetween, type Random, randomFor } from './random';
import type { ReturnBoxesPence } from './validation';

/** A few FRS sectors and their percentages in tenths (docs/reference/vat-rules.md §2.8). */
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
 * the 1% first-year discount never applies (docs/reference/vat-rules.md §2.4) and periods split cleanly between
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

/** Boxes 6-9 are whole pounds (3.5); pence are dropped, one documented rule (docs/reference/vat-rules.md §1.4). */
const wholePounds = (pence: number): number => Math.trunc(pence / 100) * 100;

/**
 * Realistic boxes for a GB business with no Northern Ireland goods trade (boxes 2, 8, 9 zero),
 * always a debit: standard-rated sales are at least 70% of sales and purchases at most 65% of sales,
 * so box 1 exceeds box 4. On the flat rate scheme box 1 is the percentage of VAT-inclusive turnover
 * (box 6) and nothing is reclaimed (docs/reference/vat-rules.md §2.6).
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

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** A processing instant during the working day of `date`, with milliseconds, as HMRC sends it (3.5). */
function processingInstant(random: Random, date: string): string {
  const ms = String(intBetween(random, 0, 999)).padStart(3, '0');
  return `${date}T${pad2(intBetween(random, 8, 17))}:${pad2(intBetween(random, 0, 59))}:${pad2(intBetween(random, 0, 59))}.${ms}Z`;
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
