import { formatGbp } from '../vat/money';
import type { BoxNumber } from './box-numbers';
import type { BoxProblem, BoxWarning, FlatRateSettings, NineBoxes } from './api';
import { ukLocale } from '../languages';

/**
 * The nine boxes' own rules (docs/reference/vat-rules.md §1, docs/reference/hmrc-vat-api.md §3.5): boxes 3 and 5 worked out, whole
 * pounds in boxes 6-9, HMRC's hard limits (problems: HMRC would reject the return) and the
 * plausibility checks of docs/reference/vat-rules.md §1.8 and 7 (warnings: advice only). All money is integer pence.
 */

/** The boxes a person or the records fill; boxes 3 and 5 are always worked out from them. */
export type EnteredBoxes = Omit<NineBoxes, 'box3' | 'box5'>;

/** Boxes 1-4: ±9,999,999,999,999.99 pounds. */
export const maxVatBoxPence = 999_999_999_999_999;
/** Box 5: 0 to 99,999,999,999.99 pounds (a smaller maximum, never negative). */
export const maxNetVatPence = 9_999_999_999_999;
/** Boxes 6-9: whole pounds within ±9,999,999,999,999. */
export const maxValueBoxPence = 999_999_999_999_900;

const vatBoxes = [1, 2, 3, 4] as const;
const valueBoxes = [6, 7, 8, 9] as const;

/** Box 3 = box 1 + box 2; box 5 = |box 3 − box 4| (docs/reference/vat-rules.md §1.2), never typed by hand. */
export function completeBoxes(entered: EnteredBoxes): NineBoxes {
  const box3 = entered.box1 + entered.box2;
  return {
    box1: entered.box1,
    box2: entered.box2,
    box3,
    box4: entered.box4,
    box5: Math.abs(box3 - entered.box4),
    box6: entered.box6,
    box7: entered.box7,
    box8: entered.box8,
    box9: entered.box9,
  };
}

/**
 * Whole pounds for boxes 6-9, in pence (a multiple of 100). HMRC requires whole pounds but does not say
 * whether to round or truncate (docs/reference/vat-rules.md §1.4, 8 item 1). Our rule: drop the pence, towards zero
 * (£45,500.40 → £45,500; −£12.99 → −£12), as HMRC's paper form did with its pre-printed '00'. The
 * difference is under £1 per box.
 */
export function wholePounds(pence: number): number {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Pence must be a whole number: ${pence}`);
  const result = pence - (pence % 100);
  // -50 - (-50) is already +0; `|| 0` keeps -0 out of the figures whatever happens.
  return result || 0;
}

/** The same rule for a bigint, for sums that may pass Number.MAX_SAFE_INTEGER. */
export function wholePoundsBig(pence: bigint): bigint {
  // bigint division truncates towards zero, which is the rule.
  return (pence / 100n) * 100n;
}

/** Boxes 6-9 (total sales, purchases, supplies to and acquisitions from the EU), which HMRC takes in whole pounds. */
export function isWholePoundsBox(box: BoxNumber): boolean {
  return (valueBoxes as readonly number[]).includes(box);
}

const money = (pence: number): string => (Number.isSafeInteger(pence) ? formatGbp(pence) : String(pence));
const pounds = (pence: number): string =>
  Number.isSafeInteger(pence) ? formatGbp(pence, ukLocale, { wholePounds: true }) : String(pence);

function inRange(value: number, min: number, max: number): boolean {
  return Number.isSafeInteger(value) && value >= min && value <= max;
}

/**
 * HMRC's hard rules, checked before a return is sent (docs/reference/vat-rules.md §7 items 4-5, docs/reference/hmrc-vat-api.md §3.5). As
 * HMRC does, the sums (box 3, box 5) are checked only once the boxes they use are in range: an
 * out-of-range figure must be fixed first, and it would make the sum meaningless.
 */
export function checkBoxes(boxes: NineBoxes): BoxProblem[] {
  const problems: BoxProblem[] = [];

  for (const box of vatBoxes) {
    const value = boxes[`box${box}`];
    if (!Number.isSafeInteger(value)) {
      problems.push({
        box,
        code: 'OUT_OF_RANGE',
        message: `Box ${box} must be an amount in pounds and pence (at most 2 decimal places).`,
      });
    } else if (!inRange(value, -maxVatBoxPence, maxVatBoxPence)) {
      problems.push({
        box,
        code: 'OUT_OF_RANGE',
        message: `Box ${box} is ${money(value)}; HMRC accepts from −£9,999,999,999,999.99 to £9,999,999,999,999.99. Check the records behind it.`,
      });
    }
  }

  const box5 = boxes.box5;
  if (!Number.isSafeInteger(box5)) {
    problems.push({ box: 5, code: 'OUT_OF_RANGE', message: 'Box 5 must be an amount in pounds and pence.' });
  } else if (box5 < 0) {
    problems.push({
      box: 5,
      code: 'NEGATIVE_NET',
      message: `Box 5 is ${money(box5)} but can never be negative: it is the difference between box 3 and box 4 without a sign. HMRC sees from boxes 3 and 4 whether it is a payment or a repayment.`,
    });
  } else if (box5 > maxNetVatPence) {
    problems.push({
      box: 5,
      code: 'OUT_OF_RANGE',
      message: `Box 5 is ${money(box5)}; HMRC accepts at most £99,999,999,999.99. Check boxes 3 and 4.`,
    });
  }

  for (const box of valueBoxes) {
    const value = boxes[`box${box}`];
    if (!Number.isSafeInteger(value) || !inRange(value, -maxValueBoxPence, maxValueBoxPence)) {
      problems.push({
        box,
        code: 'OUT_OF_RANGE',
        message: `Box ${box} is ${money(value)}; HMRC accepts whole pounds from −£9,999,999,999,999 to £9,999,999,999,999. Check the records behind it.`,
      });
    } else if (value % 100 !== 0) {
      problems.push({
        box,
        code: 'NOT_WHOLE_POUNDS',
        message: `Box ${box} must be in whole pounds with no pence: ${money(value)} should be ${pounds(wholePounds(value))}.`,
      });
    }
  }

  const valid = (box: BoxNumber) => !problems.some((problem) => problem.box === box);
  if (valid(1) && valid(2) && valid(3)) {
    const total = boxes.box1 + boxes.box2;
    if (boxes.box3 !== total) {
      problems.push({
        box: 3,
        code: 'TOTAL_MISMATCH',
        message: `Box 3 must be box 1 plus box 2, which is ${money(total)}, not ${money(boxes.box3)}.`,
      });
    }
  }
  if (valid(3) && valid(4) && valid(5)) {
    const net = Math.abs(boxes.box3 - boxes.box4);
    if (boxes.box5 !== net) {
      problems.push({
        box: 5,
        code: 'NET_MISMATCH',
        message: `Box 5 must be the difference between box 3 and box 4, which is ${money(net)}, not ${money(boxes.box5)}.`,
      });
    }
  }
  return problems;
}

export interface WarnContext {
  flatRate: FlatRateSettings | null;
  /** How many records (transactions, adjustments, box totals) the period has. */
  recordCount: number;
  /** What the records add up to beyond the boxes, for the checks that need them (absent: boxes only). */
  records?: RecordSums;
}

/** The net, VAT and number of a period's sales or purchases at one rate. */
export interface RateSum {
  netPence: bigint;
  vatPence: bigint;
  records: number;
}

/** What the sense checks need of a period's records, summed from them (records-to-boxes). */
export interface RecordSums {
  /** Sales and purchases at the standard and at the reduced rate, whatever their treatment. */
  taxed: Record<'sale' | 'purchase', Record<'standard' | 'reduced', RateSum>>;
  /** Sales and purchases marked as goods moved between Northern Ireland and the EU. */
  niEuRecords: number;
  /** Reverse charge and postponed import VAT purchases at a rate with VAT, but no VAT entered. */
  selfAccountedWithoutVat: number;
}

export const emptyRateSum = (): RateSum => ({ netPence: 0n, vatPence: 0n, records: 0 });

export const emptyRecordSums = (): RecordSums => ({
  taxed: {
    sale: { standard: emptyRateSum(), reduced: emptyRateSum() },
    purchase: { standard: emptyRateSum(), reduced: emptyRateSum() },
  },
  niEuRecords: 0,
  selfAccountedWithoutVat: 0,
});

/** The rates of docs/reference/vat-rules.md §3.1, as record-vat.ts's vatRatePercents (kept here to avoid a cycle). */
const taxedRatePercents = { standard: 20n, reduced: 5n } as const;

/**
 * Plausibility checks (docs/reference/vat-rules.md §1.8 and the checklist's "Warnings", section 7). Advice only: a return
 * with warnings can still be right and can still be sent.
 *
 * Thresholds: box 6 and box 7 have dropped their pence, so 20% of them can be up to 20p short; each
 * comparison allows £1 for that. "Far above" for box 1 means more than 25% of box 6: at the 20% standard
 * rate box 1 goes above 20% of box 6 only through import VAT (PVA), fuel scale charges, adjustments or a
 * mistake.
 *
 * From the records (context.records): the VAT on standard- and reduced-rated sales (box 1) and
 * purchases (box 4) beside the rate times their net value, allowing 1p a record for rounding per line
 * and £1 more; boxes 2, 8 and 9 filled with no record marked as Northern Ireland–EU goods; reverse
 * charge or postponed import VAT with no VAT entered (docs/reference/vat-rules.md §1.8 items 5, 6 and 8). Off the flat
 * rate scheme only for the rates: on it box 1 is the flat rate, not the sales' VAT.
 */
export function warnBoxes(boxes: NineBoxes, context: WarnContext): BoxWarning[] {
  const warnings: BoxWarning[] = [];
  const { box1, box3, box4, box6, box7, box8, box9 } = boxes;

  if (context.recordCount === 0) {
    warnings.push({
      code: 'NO_RECORDS',
      boxes: [],
      message:
        'There are no records in this period. If the business made no sales or purchases, file a nil return on time; otherwise add the records first.',
    });
  }

  if (box8 > box6) {
    warnings.push({
      code: 'BOX8_ABOVE_BOX6',
      boxes: [8, 6],
      params: { box8Pounds: box8, box6Pounds: box6 },
      message: `Box 8 (${pounds(box8)}) is more than box 6 (${pounds(box6)}), yet box 6 must include the box 8 figure. Check that the two have not been swapped.`,
    });
  }
  if (box9 > box7) {
    warnings.push({
      code: 'BOX9_ABOVE_BOX7',
      boxes: [9, 7],
      params: { box9Pounds: box9, box7Pounds: box7 },
      message: `Box 9 (${pounds(box9)}) is more than box 7 (${pounds(box7)}), yet box 7 must include the box 9 figure. Check that the two have not been swapped.`,
    });
  }

  const niBoxes = ([2, 8, 9] as const).filter((box) => boxes[`box${box}`] !== 0);
  const records = context.records;
  if (niBoxes.length > 0 && records?.niEuRecords === 0) {
    warnings.push({
      code: 'NI_EU_BOXES_WITHOUT_RECORDS',
      boxes: [...niBoxes],
      params: { count: niBoxes.length },
      message: `${niBoxes.length === 1 ? 'Box' : 'Boxes'} ${listOfBoxes(niBoxes)} ${niBoxes.length === 1 ? 'holds a figure' : 'hold figures'}, but no record is marked as goods moved between Northern Ireland and the EU: ${niBoxes.length === 1 ? 'it comes' : 'they come'} from adjustments or box totals. Check them: these boxes are only for such goods (never services, never Great Britain).`,
    });
  } else if (niBoxes.length > 0) {
    warnings.push({
      code: 'NI_EU_BOXES_USED',
      boxes: [...niBoxes],
      params: { count: niBoxes.length },
      message: `${niBoxes.length === 1 ? 'Box' : 'Boxes'} ${listOfBoxes(niBoxes)} ${niBoxes.length === 1 ? 'is' : 'are'} only for goods moved between Northern Ireland and the EU (never services, never Great Britain). Leave ${niBoxes.length === 1 ? 'it' : 'them'} at 0 unless the business trades such goods.`,
    });
  }

  if (context.flatRate === null && box1 > 0 && 4 * box1 > box6 + 400) {
    warnings.push({
      code: 'BOX1_HIGH_FOR_SALES',
      boxes: [1, 6],
      params: { box1Pence: box1, box6Pounds: box6 },
      message: `Box 1 (${money(box1)}) is more than a quarter of box 6 (${pounds(box6)}). At the 20% standard rate box 1 is at most about a fifth of box 6, so check for sales missing from box 6 or VAT at the wrong rate (import VAT and fuel scale charges can explain some of it).`,
    });
  }

  if (box4 > 0 && 5 * box4 > box7 + 500) {
    warnings.push({
      code: 'BOX4_HIGH_FOR_PURCHASES',
      boxes: [4, 7],
      params: { box4Pence: box4, box7Pounds: box7 },
      message: `Box 4 (${money(box4)}) is more than 20% of box 7 (${pounds(box7)}), more VAT than purchases at the standard rate carry. Check for purchases missing from box 7 or VAT claimed twice (bad debt relief can explain some of it).`,
    });
  }

  if (records && context.flatRate === null) warnings.push(...rateWarnings(records));

  if (records && records.selfAccountedWithoutVat > 0) {
    const count = records.selfAccountedWithoutVat;
    warnings.push({
      code: 'SELF_ACCOUNTED_WITHOUT_VAT',
      boxes: [1, 4],
      params: { count },
      message: `${count === 1 ? '1 purchase' : `${count} purchases`} under the reverse charge or postponed import VAT ${count === 1 ? 'is' : 'are'} at a rate with VAT but ${count === 1 ? 'has' : 'have'} no VAT entered, so neither box 1 nor box 4 holds it. The business accounts for that VAT itself, in box 1 and (when it may reclaim it) box 4: enter the VAT on ${count === 1 ? 'the record' : 'those records'}, or mark ${count === 1 ? 'it' : 'them'} zero-rated or exempt if that is what ${count === 1 ? 'it is' : 'they are'}.`,
    });
  }

  const negative = ([1, 2, 4, 6, 7, 8, 9] as const).filter((box) => boxes[`box${box}`] < 0);
  if (negative.length > 0) {
    warnings.push({
      code: 'NEGATIVE_BOXES',
      boxes: [...negative],
      params: { count: negative.length },
      message: `${negative.length === 1 ? 'Box' : 'Boxes'} ${listOfBoxes(negative)} ${negative.length === 1 ? 'is' : 'are'} negative: credit notes, refunds or adjustments outweigh the period's own figures. That can be right; check that no credit note was entered twice, or as a sale or purchase with a minus sign as well.`,
    });
  }

  if (box4 > box3) {
    warnings.push({
      code: 'REPAYMENT_RETURN',
      boxes: [3, 4, 5],
      params: { amountPence: box4 - box3 },
      message: `Box 4 is more than box 3, so HMRC owes the business ${money(box4 - box3)}. Check the figures before sending: HMRC may check a repayment return before paying it.`,
    });
  } else if (box3 === box4) {
    warnings.push({
      code: 'NIL_RETURN',
      boxes: [5],
      message:
        'Nothing to pay and nothing to reclaim (box 5 is £0.00). A nil return must still be sent by the deadline; a late one still earns a penalty point.',
    });
  }

  return warnings;
}

/** '8', '8 and 9', '2, 8 and 9'. */
function listOfBoxes(list: readonly number[]): string {
  return list.join(', ').replace(/, (\d)$/, ' and $1');
}

/** The VAT on the records at each taxed rate beside rate × net (see warnBoxes). */
function rateWarnings(records: RecordSums): BoxWarning[] {
  const warnings: BoxWarning[] = [];
  for (const kind of ['sale', 'purchase'] as const) {
    for (const rate of ['standard', 'reduced'] as const) {
      const { netPence, vatPence, records: count } = records.taxed[kind][rate];
      if (count === 0) continue;
      const percent = taxedRatePercents[rate];
      // net × rate to the penny, half away from zero (as expectedVatPence does per record).
      const scaled = netPence * percent;
      const expected = (scaled + (scaled < 0n ? -50n : 50n)) / 100n;
      const gap = vatPence > expected ? vatPence - expected : expected - vatPence;
      if (gap <= BigInt(count) + 100n) continue;
      const sale = kind === 'sale';
      const what = `${rate === 'standard' ? 'Standard' : 'Reduced'}-rated ${sale ? 'sales' : 'purchases'}`;
      warnings.push({
        code: sale ? 'SALES_VAT_OFF_RATE' : 'PURCHASES_VAT_OFF_RATE',
        boxes: [sale ? 1 : 4],
        params: {
          vatPence: Number(vatPence),
          netPence: Number(netPence),
          expectedPence: Number(expected),
          percent: Number(percent),
        },
        message: `${what} carry ${bigMoney(vatPence)} of VAT, but ${percent}% of their net value (${bigMoney(netPence)}) is ${bigMoney(expected)}. Check for records at the wrong rate or with the VAT mistyped: the difference is in box ${sale ? 1 : 4}.`,
      });
    }
  }
  return warnings;
}

const bigMoney = (pence: bigint): string => money(Number(pence));

/** What each box means, in plain words (docs/reference/vat-rules.md §1.1 and 2.6). */
export const boxExplanations: Record<BoxNumber, { title: string; explanation: string }> = {
  1: {
    title: 'VAT due on sales',
    explanation:
      'The VAT you charged on sales and other outputs in the period. It also holds VAT you account for yourself: on services bought from abroad (reverse charge), on imports under postponed VAT accounting, and fuel scale charges. On the flat rate scheme it is your flat rate percentage of your VAT-inclusive turnover, plus any VAT due outside the scheme.',
  },
  2: {
    title: 'VAT due on goods from the EU into Northern Ireland',
    explanation:
      'VAT due on goods brought into Northern Ireland from EU countries. Only for Northern Ireland goods trade with the EU: nearly every business leaves it at 0.',
  },
  3: {
    title: 'Total VAT due',
    explanation: 'Box 1 plus box 2. Worked out for you; HMRC rejects a return where it does not add up.',
  },
  4: {
    title: 'VAT reclaimed on purchases',
    explanation:
      'The VAT you can reclaim on purchases and other inputs, including VAT accounted for under the reverse charge or postponed VAT accounting, on goods from the EU into Northern Ireland, and bad debt relief. On the flat rate scheme it is usually 0, except for capital goods costing £2,000 or more including VAT.',
  },
  5: {
    title: 'Net VAT to pay or reclaim',
    explanation:
      'The difference between box 3 and box 4, always written as a positive amount. If box 3 is bigger you pay it to HMRC; if box 4 is bigger HMRC repays you. Worked out for you.',
  },
  6: {
    title: 'Total sales, excluding VAT',
    explanation:
      'The value of all sales and other outputs without the VAT, in whole pounds: standard, reduced, zero-rated and exempt sales, exports, and the box 8 figure. On the flat rate scheme it is the VAT-inclusive turnover the flat rate was applied to, plus the value of any sales outside the scheme.',
  },
  7: {
    title: 'Total purchases, excluding VAT',
    explanation:
      'The value of all purchases and other inputs without the VAT, in whole pounds, including zero-rated and exempt purchases, imports and the box 9 figure. Leave out wages, PAYE and National Insurance, MOT fees, vehicle tax and business rates. On the flat rate scheme it is usually only capital goods you reclaimed VAT on, imports and acquisitions.',
  },
  8: {
    title: 'Goods sent from Northern Ireland to the EU',
    explanation:
      'The value without VAT of goods (never services) sent from Northern Ireland to EU countries, in whole pounds. It is also part of box 6.',
  },
  9: {
    title: 'Goods from the EU into Northern Ireland',
    explanation:
      'The value without VAT of goods brought into Northern Ireland from EU countries, in whole pounds. It is also part of box 7.',
  },
};
