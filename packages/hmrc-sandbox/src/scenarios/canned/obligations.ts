/**
 * Canned obligations (docs/reference/hmrc-vat-api.md §3.4, 4.1) for HMRC's Gov-Test-Scenario values
 * (docs/reference/hmrc-vat-api.md §4). HMRC does not publish its stub's data (4, last paragraph), so the bodies
 * follow HMRC's published examples (VAT-OAS and the legacy RAML `examples/`, copied here, never
 * read at run time) and the wording of each scenario in HMRC's test-data tables. Data only; the
 * choice between bodies is made in ../resolve.ts.
 */

export interface Obligation {
  start: string;
  end: string;
  due: string;
  status: 'O' | 'F';
  periodKey: string;
  received?: string;
}

const isoDate = (year: number, monthIndex: number, day: number): string =>
  new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);

/**
 * One obligation of `months` calendar months starting on the first of `monthIndex`. HMRC's examples
 * date it due on the 7th of the second month after the period ends (18A1: ends 03-31, due 05-07;
 * 18AD: ends 01-31, due 03-07) and, when fulfilled, received the day before it was due.
 */
function obligation(periodKey: string, year: number, monthIndex: number, months: number, met: boolean): Obligation {
  const endsOn = new Date(Date.UTC(year, monthIndex + months, 0));
  const endYear = endsOn.getUTCFullYear();
  const endMonth = endsOn.getUTCMonth();
  const open: Obligation = {
    start: isoDate(year, monthIndex, 1),
    end: isoDate(endYear, endMonth, endsOn.getUTCDate()),
    due: isoDate(endYear, endMonth + 2, 7),
    status: 'O',
    periodKey,
  };
  return met ? { ...open, status: 'F', received: isoDate(endYear, endMonth + 2, 6) } : open;
}

/** `count` consecutive periods of `months` months from January of `year`, the first `met` fulfilled. */
function series(keys: readonly string[], year: number, months: number, count: number, met: number): Obligation[] {
  return keys.slice(0, count).map((key, index) => obligation(key, year, index * months, months, index < met));
}

// 2017 keys are HMRC's own (ObligationsQuarterly.json, ObligationsMonthly.json). The 2018 keys are
// ours and deliberately different, so a return stored for one scenario's period is not shown as
// another scenario's: MMYY numeric keys for months (3.4 lists `0418` as a real form), 18B# for quarters.
const quarterKeys2017 = ['18A1', '18A2', '18A3', '18A4'] as const;
const monthKeys2017 = ['18AD', '18AE', '18AF', '18AG'] as const;
const quarterKeys2018 = ['18B1', '18B2', '18B3', '18B4'] as const;
const monthKeys2018 = Array.from({ length: 12 }, (_, index) => `${String(index + 1).padStart(2, '0')}18`);

/** QUARTERLY_<N>_MET: the first N quarters of 2017 fulfilled and the next one open (4.1). */
export const quarterlyMet = (met: number): Obligation[] => series(quarterKeys2017, 2017, 3, Math.min(met + 1, 4), met);

/** MONTHLY_<N>_MET: the first N months of 2017 fulfilled and the next one open (4.1). */
export const monthlyMet = (met: number): Obligation[] => series(monthKeys2017, 2017, 1, met + 1, met);

/**
 * MONTHLY_OBS_##_OPEN / QUARTERLY_OBS_##_OPEN: 2018 up to period ##, which is open, earlier ones
 * fulfilled (4.1). Later periods are left out: were they listed they would be open too, and "two
 * open" is a different scenario (MULTIPLE_OPEN_*).
 */
export const monthly2018Open = (month: number): Obligation[] => series(monthKeys2018, 2018, 1, month, month - 1);
export const quarterly2018Open = (quarter: number): Obligation[] =>
  series(quarterKeys2018, 2018, 3, quarter, quarter - 1);

export const monthly2018AllMet = (): Obligation[] => series(monthKeys2018, 2018, 1, 12, 12);
export const quarterly2018AllMet = (): Obligation[] => series(quarterKeys2018, 2018, 3, 4, 4);

/** MULTIPLE_OPEN_*: the whole of 2018 with the last two periods open (4.1). */
export const monthly2018TwoOpen = (): Obligation[] => series(monthKeys2018, 2018, 1, 12, 10);
export const quarterly2018TwoOpen = (): Obligation[] => series(quarterKeys2018, 2018, 3, 4, 2);

/**
 * OBS_SPANS_MULTIPLE_YEARS: one open quarter from November 2018 to January 2019 (4.1). `#001` is a
 * real special key form (3.4) and the one HMRC's own return examples use, so callers meet the
 * percent-encoding of `#` in paths.
 */
export const spanningYears = (): Obligation[] => [obligation('#001', 2018, 10, 3, false)];
