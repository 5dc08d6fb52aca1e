import { addDays, fromDayNumber, toDayNumber } from '../vat/dates';

/**
 * What paying late costs, by the rules of docs/reference/vat-rules.md §4.3 (late payment penalties)
 * and §4.4 (late payment interest). Pure; money is integer pence; dates are YYYY-MM-DD (UK).
 *
 * Rounding: every amount is rounded down to a whole penny, worked out from the exact figure (never a
 * sum of rounded days). vat-rules.md does not say how HMRC rounds; rounding down never shows more than
 * the exact charge, and gives the section's examples (£65.75, £300, £600, £27.39 ≈ "about £27.40").
 */

/** Late payment interest rates, each from a date (vat-rules.md §4.4: base rate + 4% from 6 April 2025). */
export interface InterestRate {
  from: string;
  /** Percent a year in basis points: 850 is 8.5%. */
  basisPoints: number;
}

/** The rates vat-rules.md §4.4 lists as seen; later ones are added here as data. */
export const lateInterestRates: readonly InterestRate[] = [
  { from: '2025-04-06', basisPoints: 850 },
  { from: '2025-05-28', basisPoints: 825 },
  { from: '2025-08-27', basisPoints: 800 },
];

/** The late payment penalty rates of a VAT period, keyed on its start (vat-rules.md §4.3). */
export interface PenaltyRegime {
  name: 'from2023' | 'from2025';
  /** The first penalty's two parts, in basis points of what is unpaid on day 15 and on day 30. */
  firstPartBasisPoints: number;
  secondPartBasisPoints: number;
  /** The second penalty, a year, in basis points, from day 31. */
  dailyAnnualBasisPoints: number;
}

const regimes = {
  from2023: { name: 'from2023', firstPartBasisPoints: 200, secondPartBasisPoints: 200, dailyAnnualBasisPoints: 400 },
  from2025: { name: 'from2025', firstPartBasisPoints: 300, secondPartBasisPoints: 300, dailyAnnualBasisPoints: 1000 },
} as const satisfies Record<string, PenaltyRegime>;

/**
 * The regime for a period starting on `periodStart`: none before 1 January 2023 (the default
 * surcharge, vat-rules.md §4.1, not worked out here); VAT Wise keys the April 2025 rates on the start.
 */
export function penaltyRegimeOf(periodStart: string): PenaltyRegime | null {
  if (periodStart < '2023-01-01') return null;
  return periodStart < '2025-04-01' ? regimes.from2023 : regimes.from2025;
}

/** The interest rate in force on `date` (the earliest known before the table starts). */
export function interestRateOn(date: string, rates: readonly InterestRate[] = lateInterestRates): InterestRate {
  let current = rates[0];
  if (!current) throw new RangeError('No interest rates');
  for (const rate of rates) if (rate.from <= date) current = rate;
  return current;
}

export type LatenessStepKind = 'interest' | 'firstPenaltyPart1' | 'firstPenaltyPart2' | 'secondPenalty';

export interface LatenessStep {
  kind: LatenessStepKind;
  /** The day it begins: day 1 is the day after the due date (CH193140). */
  startsOn: string;
  /** A one-off amount (the first penalty's parts). */
  amountPence?: number;
  /** A daily charge: about this much a day (rounded to the nearest penny, for reading only). */
  dailyPence?: number;
  /** The yearly rate behind a daily charge, in basis points. */
  annualBasisPoints?: number;
}

export interface LatenessCost {
  /** Days late today: 0 when not yet overdue. */
  daysLate: number;
  regime: PenaltyRegime['name'] | null;
  steps: LatenessStep[];
  accrued: { interestPence: number; firstPenaltyPence: number; secondPenaltyPence: number; totalPence: number };
}

export interface LatenessInput {
  /** What is outstanding, in pence; assumed unpaid throughout. */
  outstandingPence: number;
  dueDate: string;
  periodStart: string;
  today: string;
  rates?: readonly InterestRate[];
}

const big = BigInt;
const yearDays = 365n;
/** floor(pence × basis points × days / (10,000 × 365)), exact in integers whatever the amount. */
const accrue = (pence: number, basisPoints: number, days: number): number =>
  Number((big(pence) * big(basisPoints) * big(days)) / (10_000n * yearDays));
const daily = (pence: number, basisPoints: number): number => Math.round((pence * basisPoints) / 10_000 / 365);
const share = (pence: number, basisPoints: number): number => Number((big(pence) * big(basisPoints)) / 10_000n);

/** Simple daily interest from day 1 to `today`, each day at that day's rate (vat-rules.md §4.4). */
function interestAccrued(pence: number, dueDate: string, today: string, rates: readonly InterestRate[]): number {
  const first = toDayNumber(dueDate) + 1;
  const last = toDayNumber(today);
  if (last < first) return 0;
  // Sum pence × rate × days over the stretches of one rate, then divide once.
  let numerator = 0n;
  let day = first;
  while (day <= last) {
    const rate = interestRateOn(fromDayNumber(day), rates);
    const next = rates.find((one) => toDayNumber(one.from) > day);
    const end = Math.min(last, next ? toDayNumber(next.from) - 1 : last);
    numerator += big(pence) * big(rate.basisPoints) * big(end - day + 1);
    day = end + 1;
  }
  return Number(numerator / (10_000n * yearDays));
}

/** What paying `outstandingPence` late costs: each step with the day it begins, and what has run up by today. */
export function latenessCost(input: LatenessInput): LatenessCost {
  const { outstandingPence: pence, dueDate, periodStart, today } = input;
  if (!Number.isSafeInteger(pence) || pence < 0) throw new RangeError(`Not an amount in pence: ${pence}`);
  const rates = input.rates ?? lateInterestRates;
  const daysLate = Math.max(0, toDayNumber(today) - toDayNumber(dueDate));
  const regime = penaltyRegimeOf(periodStart);
  const dayOf = (n: number) => addDays(dueDate, n);
  const rateNow = interestRateOn(today > dueDate ? today : dayOf(1), rates);

  const steps: LatenessStep[] = [
    {
      kind: 'interest',
      startsOn: dayOf(1),
      dailyPence: daily(pence, rateNow.basisPoints),
      annualBasisPoints: rateNow.basisPoints,
    },
  ];
  let firstPenaltyPence = 0;
  let secondPenaltyPence = 0;
  if (regime) {
    const part1 = share(pence, regime.firstPartBasisPoints);
    const part2 = share(pence, regime.secondPartBasisPoints);
    steps.push(
      // Charged when unpaid after day 15, so from day 16; the second part after day 30.
      { kind: 'firstPenaltyPart1', startsOn: dayOf(16), amountPence: part1 },
      { kind: 'firstPenaltyPart2', startsOn: dayOf(31), amountPence: part2 },
      {
        kind: 'secondPenalty',
        startsOn: dayOf(31),
        dailyPence: daily(pence, regime.dailyAnnualBasisPoints),
        annualBasisPoints: regime.dailyAnnualBasisPoints,
      },
    );
    if (daysLate > 15) firstPenaltyPence += part1;
    if (daysLate > 30) firstPenaltyPence += part2;
    if (daysLate > 30) secondPenaltyPence = accrue(pence, regime.dailyAnnualBasisPoints, daysLate - 30);
  }
  const interestPence = interestAccrued(pence, dueDate, today, rates);
  return {
    daysLate,
    regime: regime?.name ?? null,
    steps,
    accrued: {
      interestPence,
      firstPenaltyPence,
      secondPenaltyPence,
      totalPence: interestPence + firstPenaltyPence + secondPenaltyPence,
    },
  };
}
