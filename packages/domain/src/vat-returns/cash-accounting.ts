import { addDays, addMonths, minDate } from '../vat/dates';
import { formatGbp } from '../vat/money';
import type { BoxWarning, Treatment, VatRecordInput } from './api';
import type { RecordGroup } from './record-groups';
import { type BusinessScheme, schemeStartFor } from './schemes';

/**
 * The Cash Accounting Scheme (VAT Notice 731; docs/reference/vat-rules.md §1.6 and 3.6): sales count when the
 * customer pays and purchases when the supplier is paid, not by invoice date. Imports, services
 * under the reverse charge and goods moved between Northern Ireland and the EU stay on the invoice
 * basis, as do adjustments and box totals.
 */

/**
 * Treatments that stay on the invoice basis under cash accounting. Plain text, not Treatment: the
 * construction reverse charge (VAT Notice 735) is one too, whichever treatments the build has.
 */
const invoiceBasisTreatments: ReadonlySet<string> = new Set<string>([
  'niEuGoods',
  'reverseCharge',
  'postponedImport',
  'constructionReverseCharge',
]);

/** Whether a record counts when paid under cash accounting: a sale or purchase not on the invoice basis. */
export function countsWhenPaid(record: { kind: VatRecordInput['kind']; treatment?: Treatment | null }): boolean {
  return (record.kind === 'sale' || record.kind === 'purchase') && !invoiceBasisTreatments.has(record.treatment ?? '');
}

/**
 * The day a record counts on under cash accounting: its payment date if it counts when paid (null
 * while unpaid), else its own date. Stored beside the record so a cash accounting return reads in SQL.
 */
export function cashDateOf(record: VatRecordInput): string | null {
  if (!countsWhenPaid(record)) return record.date;
  return 'paidOn' in record ? (record.paidOn ?? null) : null;
}

/**
 * How a return on cash accounting picks its records: those whose cash date is in the period and
 * that were invoiced from `invoicedFrom`, the day the business joined (or the period's start, if
 * later): what was invoiced before joining was in an invoice-basis return already and must not
 * count again when paid. Null off cash accounting.
 */
export interface CashBasis {
  invoicedFrom: string;
  /**
   * The business's last day on the scheme, when it falls in the period. On leaving, VAT on every
   * invoice of the scheme still unpaid that day is due on this return (VAT Notice 731; docs/reference/vat-rules.md
   * 3.6), and the rest of the period is on the invoice basis: so no invoice of the scheme is left in
   * no return, and none counts twice.
   */
  leavesOn: string | null;
}

export function cashBasisFor(
  schemes: readonly BusinessScheme[],
  period: { start: string; end: string },
): CashBasis | null {
  const start = schemeStartFor(schemes, 'cashAccounting', period);
  if (start === null) return null;
  const spell = schemes.find((candidate) => candidate.scheme === 'cashAccounting' && candidate.startsOn === start);
  const endsOn = spell?.endsOn ?? null;
  return {
    invoicedFrom: minDate(start, period.start),
    leavesOn: endsOn !== null && endsOn <= period.end ? endsOn : null,
  };
}

/** Whether a record is in the return for the period: by its date, or under cash accounting its cash date. */
export function isCountedIn(
  record: VatRecordInput,
  period: { start: string; end: string },
  cash: CashBasis | null,
): boolean {
  if (cash?.leavesOn) {
    // After leaving: the invoice date. On the scheme: every invoice not counted in an earlier period.
    if (record.date > cash.leavesOn) return record.date <= period.end;
    const day = cashDateOf(record);
    return record.date >= cash.invoicedFrom && (day === null || day >= period.start);
  }
  const day = countingDateOf(record, cash);
  return day !== null && day >= period.start && day <= period.end && (!cash || record.date >= cash.invoicedFrom);
}

/** The day a record counts on: its date, or under cash accounting its cash date (null while unpaid). */
export function countingDateOf(record: VatRecordInput, cash: CashBasis | null): string | null {
  return cash ? cashDateOf(record) : record.date;
}

/** Join with expected taxable turnover in the next 12 months up to £1,350,000 (docs/reference/vat-rules.md §3.6). */
export const cashAccountingJoinLimitPence = 135_000_000;
/** Leave once taxable turnover in the last 12 months goes above £1,600,000. */
export const cashAccountingLeaveLimitPence = 160_000_000;

/** The 12 months that end on the period's last day. */
export function yearTo(periodEnd: string): { from: string; to: string } {
  return { from: addMonths(addDays(periodEnd, 1), -12), to: periodEnd };
}

const taxableRates: ReadonlySet<string> = new Set(['standard', 'reduced', 'zero']);

/** Taxable turnover of grouped records: sales at the standard, reduced and zero rates, net of VAT. */
export function taxableTurnoverOfGroups(groups: readonly RecordGroup[]): bigint {
  return groups
    .filter((group) => group.kind === 'sale' && group.rate !== null && taxableRates.has(group.rate))
    .reduce((sum, group) => sum + group.netPence, 0n);
}

/** Turnover as the English warnings write it: '£1,700,000.00' (formatGbp, in whole pence, no float). */
const pounds = (pence: bigint) => formatGbp(Number(pence));

/**
 * What a return on cash accounting should be warned of: turnover above the scheme's limits, and the
 * flat rate scheme beside it (the two cannot be used together).
 */
export function cashAccountingWarnings(input: {
  yearTurnoverPence: bigint;
  year: { from: string; to: string };
  flatRate: boolean;
}): BoxWarning[] {
  const warnings: BoxWarning[] = [];
  const turnover = input.yearTurnoverPence;
  const when = `${input.year.from} to ${input.year.to}`;
  if (turnover > BigInt(cashAccountingLeaveLimitPence)) {
    warnings.push({
      code: 'CASH_ACCOUNTING_TURNOVER_OVER_LIMIT',
      boxes: [1, 4, 6, 7],
      params: { turnoverPounds: Number(turnover), from: input.year.from, to: input.year.to },
      message: `Taxable turnover from ${when} was ${pounds(turnover)}, above £1,600,000: the business must leave cash accounting (VAT Notice 731) and account for the VAT on its unpaid invoices. Set the day it leaves under VAT schemes.`,
    });
  } else if (turnover > BigInt(cashAccountingJoinLimitPence)) {
    warnings.push({
      code: 'CASH_ACCOUNTING_TURNOVER_NEAR_LIMIT',
      boxes: [1, 4, 6, 7],
      params: { turnoverPounds: Number(turnover), from: input.year.from, to: input.year.to },
      message: `Taxable turnover from ${when} was ${pounds(turnover)}, above the £1,350,000 a business may join cash accounting with. It may stay on the scheme until turnover goes above £1,600,000.`,
    });
  }
  if (input.flatRate) {
    warnings.push({
      code: 'CASH_ACCOUNTING_WITH_FLAT_RATE',
      boxes: [1, 4, 6, 7],
      message:
        'This return is on both cash accounting and the flat rate scheme, which cannot be used together: take the flat rate scheme off this return, or end cash accounting under VAT schemes.',
    });
  }
  return warnings;
}
