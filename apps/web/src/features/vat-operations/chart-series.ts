import type { Liability, Payment } from '@vatwise/domain';
import { localeOf } from '../../shared/format/format';

/** What was charged and what was paid in one calendar month ('YYYY-MM'), in pence. */
export interface MonthTotals {
  month: string;
  liabilitiesPence: number;
  paymentsPence: number;
}

/** One bar group of the chart, in pounds: only the chart's scale uses these numbers. */
export interface ChartPoint {
  month: string;
  liabilities: number;
  payments: number;
}

const monthOf = (isoDate: string) => isoDate.slice(0, 7);

function monthAfter(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/**
 * Liabilities by the month their tax period ends (the period they are for; a charge with no tax
 * period by its due month) against payments by the month HMRC received them. Items with neither
 * date cannot be placed and are left out. Months in between with nothing are kept as zero, so the
 * chart's time axis is even.
 */
export function monthlyTotals(liabilities: readonly Liability[], payments: readonly Payment[]): MonthTotals[] {
  const totals = new Map<string, MonthTotals>();
  const add = (date: string, field: 'liabilitiesPence' | 'paymentsPence', pence: number) => {
    const month = monthOf(date);
    const entry = totals.get(month) ?? { month, liabilitiesPence: 0, paymentsPence: 0 };
    entry[field] += pence;
    totals.set(month, entry);
  };
  for (const liability of liabilities) {
    const date = liability.taxPeriod?.to ?? liability.due;
    if (date) add(date, 'liabilitiesPence', liability.originalAmountPence);
  }
  for (const payment of payments) {
    if (payment.received) add(payment.received, 'paymentsPence', payment.amountPence);
  }
  const months = [...totals.keys()].sort();
  const first = months[0];
  const last = months.at(-1);
  if (first === undefined || last === undefined) return [];
  const series: MonthTotals[] = [];
  for (let month = first; month <= last; month = monthAfter(month)) {
    series.push(totals.get(month) ?? { month, liabilitiesPence: 0, paymentsPence: 0 });
  }
  return series;
}

/**
 * Pounds for plotting. Dividing pence by 100 gives a float, which is acceptable here and only
 * here: the value sets a bar's height and is never added up, stored or shown as money (the
 * tooltip turns it back into pence with `pointToPence`).
 */
export function toChartPoints(series: readonly MonthTotals[]): ChartPoint[] {
  return series.map(({ month, liabilitiesPence, paymentsPence }) => ({
    month,
    liabilities: liabilitiesPence / 100,
    payments: paymentsPence / 100,
  }));
}

/** The pence a chart value stands for, for the tooltip and axis labels (undoes `toChartPoints`). */
export function pointToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/** The period's totals in pence, for the chart's text summary. */
export function seriesTotals(series: readonly MonthTotals[]): { liabilitiesPence: number; paymentsPence: number } {
  return series.reduce(
    (sum, month) => ({
      liabilitiesPence: sum.liabilitiesPence + month.liabilitiesPence,
      paymentsPence: sum.paymentsPence + month.paymentsPence,
    }),
    { liabilitiesPence: 0, paymentsPence: 0 },
  );
}

/** 'Jan 2017' for '2017-01', in the chosen language. */
export function formatMonth(month: string, language: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(localeOf(language), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, number - 1, 1)));
}
