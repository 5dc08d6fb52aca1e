import { z } from 'zod';
import type { Assert, IdenticalType } from '../type-checks';
import { addYears, isCalendarDate } from '../vat/dates';
import { formatGbp } from '../vat/money';
import { ukLocale } from '../languages';

/**
 * Errors found in earlier VAT returns (VAT Notice 700/45, docs/reference/vat-rules.md §4.6). Method 1 corrects them
 * on the current return when their net value is within the limit (errorCorrectionLimitPence);
 * method 2 is a separate notification to HMRC (form VAT652's content) above it, and for deliberate
 * errors of any size.
 *
 * Signs: both amounts are positive when HMRC was paid too little. `outputTaxPence` is VAT on sales
 * under-declared (negative: over-declared) and moves box 1 by itself; `inputTaxPence` is VAT on
 * purchases over-claimed (negative: under-claimed, VAT still to reclaim) and moves box 4 the
 * other way. So an error's net value, what the business owes HMRC, is their sum.
 */

const isoDate = z.string().refine(isCalendarDate, { message: 'must be a real date written YYYY-MM-DD' });
/** An error's amount: whole pence, within ±£10bn so that sums of many stay exact. */
const maxErrorPence = 1_000_000_000_000;
const pence = z
  .number()
  .int({ message: 'must be a whole number of pence' })
  .min(-maxErrorPence, { message: 'must be at most £10,000,000,000' })
  .max(maxErrorPence, { message: 'must be at most £10,000,000,000' });

/** What caused an error: the behaviour HMRC's penalties and Notice 700/45 look at. */
export const errorCauses = ['reasonableCare', 'careless', 'deliberate'] as const;
export type ErrorCause = (typeof errorCauses)[number];

/** Method 1 limit's floor and cap, in pence (docs/reference/vat-rules.md §4.6: £10,000; £50,000). */
export const errorCorrectionFloorPence = 1_000_000;
export const errorCorrectionCapPence = 5_000_000;
/** Corrections reach back to periods ending this many years before the error was found (VRM8100). */
export const errorCorrectionYears = 4;

export const errorCorrectionInputSchema = z
  .object({
    /** The earlier period the error belongs to. */
    periodStart: isoDate,
    periodEnd: isoDate,
    outputTaxPence: pence,
    inputTaxPence: pence,
    cause: z.enum(errorCauses),
    /** How the error arose and how its amounts were worked out (sent in the notification). */
    description: z.string().trim().min(3, 'Say how the error arose and how you worked it out').max(1000),
    /** When the business found the error: the 4-year limit counts back from it. */
    discoveredOn: isoDate,
  })
  .superRefine((input, context) => {
    if (input.periodStart > input.periodEnd) {
      context.addIssue({ code: 'custom', path: ['periodEnd'], message: 'The period ends before it starts' });
    }
    if (input.outputTaxPence === 0 && input.inputTaxPence === 0) {
      context.addIssue({
        code: 'custom',
        path: ['outputTaxPence'],
        message: 'Enter the VAT on sales or on purchases that was wrong',
      });
    }
  });
export type ErrorCorrectionInput = z.infer<typeof errorCorrectionInputSchema>;

export interface ErrorCorrection extends ErrorCorrectionInput {
  id: string;
  createdAt: string;
}

/**
 * The method 1 limit for the return whose box 6 is `box6Pounds`: the greater of £10,000 and 1% of
 * box 6, at most £50,000. 1% of a whole number of pounds is that number in pence, so it is exact.
 */
export function errorCorrectionLimitPence(box6Pounds: number): number {
  return Math.min(errorCorrectionCapPence, Math.max(errorCorrectionFloorPence, Math.trunc(box6Pounds)));
}

/** The earliest end of a period an error found on `discoveredOn` may still be corrected for. */
export const earliestCorrectablePeriodEnd = (discoveredOn: string): string =>
  addYears(discoveredOn, -errorCorrectionYears);

/**
 * What is wrong with an error beside the return it is kept with: it must belong to an earlier
 * period, ended in the last 4 years before it was found, and not be found in the future.
 */
export function errorCorrectionProblems(
  input: ErrorCorrectionInput,
  context: { returnPeriodStart: string; today: string },
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (input.periodEnd >= context.returnPeriodStart) {
    problems.push({
      path: 'periodEnd',
      message: `An error corrected here belongs to an earlier period: one that ended before ${context.returnPeriodStart}.`,
    });
  }
  if (input.discoveredOn > context.today) {
    problems.push({ path: 'discoveredOn', message: 'The day the error was found cannot be in the future.' });
  } else if (input.discoveredOn <= input.periodEnd) {
    problems.push({ path: 'discoveredOn', message: 'An error is found after the end of the period it belongs to.' });
  }
  const earliest = earliestCorrectablePeriodEnd(input.discoveredOn);
  if (input.periodEnd < earliest) {
    problems.push({
      path: 'periodEnd',
      message: `HMRC accepts corrections only for periods that ended in the last 4 years: on or after ${earliest} for an error found on ${input.discoveredOn}.`,
    });
  }
  return problems;
}

/**
 * Why the method is what it is: no errors; within the limit; over it; a deliberate error (never
 * on the return, whatever its size).
 */
export type ErrorCorrectionReason = 'none' | 'withinLimit' | 'overLimit' | 'deliberate';

/** The working shown beside the decision. */
export interface ErrorCorrectionWorking {
  /** Box 6 of the return the errors were found in, in pence (whole pounds). */
  box6Pence: number;
  onePercentOfBox6Pence: number;
  limitPence: number;
  /** Tax HMRC was paid too little, and too much, over all the errors. */
  underDeclaredPence: number;
  overDeclaredPence: number;
  /** underDeclared - overDeclared: positive when the business owes HMRC. */
  netPence: number;
  /** 'return': method 1, in boxes 1 and 4; 'separate': method 2, the VAT652 notification; 'none': no errors. */
  method: 'none' | 'return' | 'separate';
  reason: ErrorCorrectionReason;
  /** Some error was careless: HMRC's 2025 guidance asks for a notification even when corrected on the return. */
  carelessAdvice: boolean;
}

/**
 * Method 1 or 2 for the errors found in a return's period, against that return's box 6 (pence,
 * whole pounds). The limit is on the net value whichever way it goes: errors in the business's
 * favour are limited as those in HMRC's are. One deliberate error sends all of them to a separate
 * notification: the notification then covers every error found, and nothing is split between the
 * two methods.
 */
export function decideErrorCorrection(
  errors: readonly Pick<ErrorCorrectionInput, 'outputTaxPence' | 'inputTaxPence' | 'cause'>[],
  box6Pence: number,
): ErrorCorrectionWorking {
  let under = 0;
  let over = 0;
  for (const error of errors) {
    for (const amount of [error.outputTaxPence, error.inputTaxPence]) {
      if (amount > 0) under += amount;
      else over -= amount;
    }
  }
  const net = under - over;
  const box6Pounds = Math.trunc(box6Pence / 100);
  const limit = errorCorrectionLimitPence(box6Pounds);
  const reason: ErrorCorrectionReason =
    errors.length === 0
      ? 'none'
      : errors.some((error) => error.cause === 'deliberate')
        ? 'deliberate'
        : Math.abs(net) <= limit
          ? 'withinLimit'
          : 'overLimit';
  return {
    box6Pence,
    onePercentOfBox6Pence: Math.max(0, box6Pounds),
    limitPence: limit,
    underDeclaredPence: under,
    overDeclaredPence: over,
    netPence: net,
    method: reason === 'none' ? 'none' : reason === 'withinLimit' ? 'return' : 'separate',
    reason,
    carelessAdvice: errors.some((error) => error.cause === 'careless'),
  };
}

/** What method 1 adds to the return's boxes: box 1 by the output tax errors, box 4 against the input tax ones. */
export function errorCorrectionBoxAmounts(error: Pick<ErrorCorrectionInput, 'outputTaxPence' | 'inputTaxPence'>): {
  box1: number;
  box4: number;
} {
  return { box1: error.outputTaxPence, box4: -error.inputTaxPence };
}

// --- the separate notification (form VAT652's content) ---------------------------------------

export interface Vat652Period {
  periodStart: string;
  periodEnd: string;
  outputTaxPence: number;
  inputTaxPence: number;
  netPence: number;
}

export interface Vat652Content {
  vrn: string;
  businessName: string;
  /** Each earlier period with its errors summed, oldest first. */
  periods: Vat652Period[];
  /** Owed to HMRC when positive. */
  netPence: number;
  /** Each error: its period, what caused it and how it arose and was worked out. */
  errors: { periodStart: string; periodEnd: string; cause: ErrorCause; description: string }[];
  /** Why this is notified separately. */
  reason: ErrorCorrectionReason;
  /** The day the notification was prepared. */
  date: string;
}

export function vat652Content(input: {
  vrn: string;
  businessName: string;
  errors: readonly ErrorCorrectionInput[];
  reason: ErrorCorrectionReason;
  date: string;
}): Vat652Content {
  const byPeriod = new Map<string, Vat652Period>();
  for (const error of input.errors) {
    const key = `${error.periodStart}|${error.periodEnd}`;
    const period = byPeriod.get(key) ?? {
      periodStart: error.periodStart,
      periodEnd: error.periodEnd,
      outputTaxPence: 0,
      inputTaxPence: 0,
      netPence: 0,
    };
    period.outputTaxPence += error.outputTaxPence;
    period.inputTaxPence += error.inputTaxPence;
    period.netPence = period.outputTaxPence + period.inputTaxPence;
    byPeriod.set(key, period);
  }
  const periods = [...byPeriod.values()].sort(
    (a, b) => a.periodStart.localeCompare(b.periodStart) || a.periodEnd.localeCompare(b.periodEnd),
  );
  const errors = [...input.errors]
    .sort((a, b) => a.periodStart.localeCompare(b.periodStart))
    .map(({ periodStart, periodEnd, cause, description }) => ({ periodStart, periodEnd, cause, description }));
  return {
    vrn: input.vrn,
    businessName: input.businessName,
    periods,
    netPence: periods.reduce((sum, period) => sum + period.netPence, 0),
    errors,
    reason: input.reason,
    date: input.date,
  };
}

/** The return's errors as the screen reads them: the list, the working and, for method 2, the notification. */
export interface ReturnErrorCorrections {
  corrections: ErrorCorrection[];
  working: ErrorCorrectionWorking;
  /** Only when the errors must be notified separately (method 2). */
  notification: Vat652Content | null;
}

// The reply schema of the error correction routes (an error's checks are on the way in).
const errorCorrectionSchema = z.object({
  ...errorCorrectionInputSchema.shape,
  id: z.string(),
  createdAt: z.string(),
});
const errorCorrectionReasonSchema = z.enum(['none', 'withinLimit', 'overLimit', 'deliberate']);
const errorCorrectionWorkingSchema = z.object({
  box6Pence: z.number().int(),
  onePercentOfBox6Pence: z.number().int(),
  limitPence: z.number().int(),
  underDeclaredPence: z.number().int(),
  overDeclaredPence: z.number().int(),
  netPence: z.number().int(),
  method: z.enum(['none', 'return', 'separate']),
  reason: errorCorrectionReasonSchema,
  carelessAdvice: z.boolean(),
});
const vat652PeriodSchema = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  outputTaxPence: z.number().int(),
  inputTaxPence: z.number().int(),
  netPence: z.number().int(),
});
const vat652ContentSchema = z.object({
  vrn: z.string(),
  businessName: z.string(),
  periods: z.array(vat652PeriodSchema),
  netPence: z.number().int(),
  errors: z.array(
    z.object({ periodStart: z.string(), periodEnd: z.string(), cause: z.enum(errorCauses), description: z.string() }),
  ),
  reason: errorCorrectionReasonSchema,
  date: z.string(),
});
export const returnErrorCorrectionsSchema = z.object({
  corrections: z.array(errorCorrectionSchema),
  working: errorCorrectionWorkingSchema,
  notification: vat652ContentSchema.nullable(),
});
export type ErrorCorrectionSchemasMatch = [
  Assert<IdenticalType<z.infer<typeof errorCorrectionSchema>, ErrorCorrection>>,
  Assert<IdenticalType<z.infer<typeof errorCorrectionReasonSchema>, ErrorCorrectionReason>>,
  Assert<IdenticalType<z.infer<typeof errorCorrectionWorkingSchema>, ErrorCorrectionWorking>>,
  Assert<IdenticalType<z.infer<typeof vat652PeriodSchema>, Vat652Period>>,
  Assert<IdenticalType<z.infer<typeof vat652ContentSchema>, Vat652Content>>,
  Assert<IdenticalType<z.infer<typeof returnErrorCorrectionsSchema>, ReturnErrorCorrections>>,
];

const causeText: Record<ErrorCause, string> = {
  reasonableCare: 'despite taking reasonable care',
  careless: 'careless',
  deliberate: 'deliberate',
};

const reasonText: Record<ErrorCorrectionReason, string> = {
  none: '',
  withinLimit: 'The errors are within the limit for correcting them on a return.',
  overLimit: 'The net value of the errors is more than the limit for correcting them on a return.',
  deliberate: 'One or more of the errors was deliberate.',
};

/**
 * The notification as plain text in English, to copy into HMRC's online form or a letter (VAT652's
 * headings: the business, each period's output and input tax errors, the net total, how the errors
 * arose and were worked out, the date). The PDF holds the same lines.
 */
export function vat652Text(content: Vat652Content): string {
  const money = (value: number) => formatGbp(value, ukLocale);
  const direction = (value: number, more: string, less: string) =>
    value === 0 ? '£0.00' : `${money(Math.abs(value))} ${value > 0 ? more : less}`;
  const lines = [
    'Notification of errors in VAT returns (VAT652)',
    '',
    `VAT registration number: ${content.vrn}`,
    `Business name: ${content.businessName}`,
    `Date: ${content.date}`,
    `Why notified separately: ${reasonText[content.reason]}`,
    '',
    'Errors by VAT period:',
  ];
  for (const period of content.periods) {
    lines.push(
      `- ${period.periodStart} to ${period.periodEnd}: output tax ${direction(period.outputTaxPence, 'under-declared', 'over-declared')}; ` +
        `input tax ${direction(period.inputTaxPence, 'over-claimed', 'under-claimed')}; ` +
        `net ${direction(period.netPence, 'due to HMRC', 'due to the business')}`,
    );
  }
  lines.push('', `Net total: ${direction(content.netPence, 'due to HMRC', 'due to the business')}`, '');
  lines.push('How the errors arose and how they were worked out:');
  for (const error of content.errors) {
    lines.push(`- ${error.periodStart} to ${error.periodEnd} (${causeText[error.cause]}): ${error.description}`);
  }
  return lines.join('\n');
}
