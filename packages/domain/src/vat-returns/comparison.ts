import { addDays, addYears, toDayNumber } from '../vat/dates';
import { boxKey, type NineBoxes } from './api';
import { type BoxNumber, boxNumbers } from './box-numbers';

/**
 * A return's boxes beside the same business's previous period and the same period a year earlier
 * (docs/reference/vat-rules.md §1.8: a box far from its usual size is often a missing record, a record in the wrong
 * period or a figure typed in the wrong box). Advice only, like the warnings. Money is integer pence.
 *
 * "Far apart" (farApart): the box moved by more than £1,000 AND by more than half of the earlier
 * figure (any move of more than £1,000 from £0). Both, so that a small business's £300 doubling and
 * a large one's 3% drift are not flagged, while a quarter whose sales halve or double is.
 */

/** A box is far apart from its earlier figure when it moved by more than this… */
export const comparisonMinimumPence = 100_000;
/** …and by more than this share of the earlier figure, in per cent. */
export const comparisonPercent = 50;

/** Whether `current` is far from `earlier` (see above). */
export function farApart(current: number, earlier: number): boolean {
  const change = Math.abs(current - earlier);
  if (change <= comparisonMinimumPence) return false;
  // change > 50% of |earlier|, in integers: 100 × change > 50 × |earlier|.
  return 100 * change > comparisonPercent * Math.abs(earlier);
}

/**
 * Where an earlier period's figures come from: our own return for it (a submitted return's receipt;
 * HMRC's figures for one filed elsewhere; the figures sent when the outcome is not known yet; a
 * draft's figures worked out from its records now), else HMRC's own copy of the filed return.
 */
export const comparisonSources = ['submitted', 'filedElsewhere', 'sent', 'draft', 'hmrc'] as const;
export type ComparisonSource = (typeof comparisonSources)[number];

export interface BoxComparison {
  box: BoxNumber;
  currentPence: number;
  earlierPence: number;
  /** current − earlier. */
  changePence: number;
  farApart: boolean;
}

export interface ComparedPeriod {
  periodKey: string;
  periodStart: string;
  periodEnd: string;
  source: ComparisonSource;
  boxes: BoxComparison[];
}

/** What GET /api/vat_returns/:id/comparison answers. */
export interface ReturnComparison {
  /** The period that ended the day before this one started, when its figures were found. */
  previous: ComparedPeriod | null;
  /** The period of the same dates a year earlier, when its figures were found. */
  lastYear: ComparedPeriod | null;
  /** HMRC was asked for a period we hold no return for, and could not answer (it may be found later). */
  hmrcUnavailable: boolean;
  /** VAT HMRC holds as unpaid after its due date (null: none, or HMRC could not say). */
  overdueVat: OverdueVat | null;
}

/** HMRC's charges with an amount outstanding past their due date. */
export interface OverdueVat {
  charges: number;
  outstandingPence: number;
  /** The earliest due date among them. */
  oldestDue: string;
}

/** The nine boxes side by side, each flagged when far apart. */
export function compareBoxes(current: NineBoxes, earlier: NineBoxes): BoxComparison[] {
  return boxNumbers.map((box) => {
    const currentPence = current[boxKey(box)];
    const earlierPence = earlier[boxKey(box)];
    return {
      box,
      currentPence,
      earlierPence,
      changePence: currentPence - earlierPence,
      farApart: farApart(currentPence, earlierPence),
    };
  });
}

interface Period {
  start: string;
  end: string;
}

/** The period just before `current`: it ends the day before `current` starts. */
export function isPreviousPeriod(candidate: Period, current: Period): boolean {
  return candidate.end === addDays(current.start, -1);
}

/**
 * Periods may not fall on the same dates each year (a business on 4-4-5 week periods, a change of
 * stagger), so "the same period last year" is the one whose start and end are each within a week of
 * a year before this one's.
 */
const sameDatesSlackDays = 7;

export function isSamePeriodLastYear(candidate: Period, current: Period): boolean {
  const near = (date: string, target: string) =>
    Math.abs(toDayNumber(date) - toDayNumber(target)) <= sameDatesSlackDays;
  return near(candidate.start, addYears(current.start, -1)) && near(candidate.end, addYears(current.end, -1));
}
