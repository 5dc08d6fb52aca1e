import {
  type FlatRateSettings,
  flatRateSector,
  flatRateSectors,
  flatRateSettingsSchema,
  isCalendarDate,
} from '@vatwise/domain';
import { formatRateTenths, parseRateTenths } from '../common/money-input';

/**
 * The flat rate form as typed. There is no choice about the limited cost trader test: HMRC asks
 * for it every period, so it is always worked out from the records (purchases marked as relevant
 * goods against the bar) and the working says which way it went.
 */
export interface FlatRateValues {
  enabled: boolean;
  sector: string;
  rate: string;
  firstYearUntil: string;
}

/**
 * The form for saved settings, or an empty one: no sector is chosen for the user (a preselected
 * sector would set box 1 at a rate nobody picked), so turning the scheme on asks for one.
 */
export function flatRateValues(settings: FlatRateSettings | null): FlatRateValues {
  return {
    enabled: settings !== null,
    sector: settings?.sector ?? '',
    rate: settings ? formatRateTenths(settings.rateTenths).replace('%', '') : '',
    firstYearUntil: settings?.firstYearUntil ?? '',
  };
}

/** The searchable list: 'Accountancy or book-keeping — 14.5%'. */
export function sectorOptions(language: string): { value: string; label: string }[] {
  return flatRateSectors.map((sector) => ({
    value: sector.code,
    label: `${sector.name} — ${formatRateTenths(sector.rateTenths, language)}`,
  }));
}

export type FlatRateError = 'sector' | 'rate' | 'firstYearUntil';

/** The settings to save (null: not on the scheme), or the fields to fix. */
export function buildFlatRate(
  values: FlatRateValues,
): { settings: FlatRateSettings | null } | { errors: FlatRateError[] } {
  if (!values.enabled) return { settings: null };
  const errors: FlatRateError[] = [];
  if (!flatRateSector(values.sector)) errors.push('sector');
  const rateTenths = parseRateTenths(values.rate);
  if (rateTenths === null) errors.push('rate');
  const firstYearUntil = values.firstYearUntil.trim() || null;
  if (firstYearUntil !== null && !isCalendarDate(firstYearUntil)) errors.push('firstYearUntil');
  if (errors.length > 0 || rateTenths === null) return { errors };
  const parsed = flatRateSettingsSchema.safeParse({
    sector: values.sector,
    rateTenths,
    firstYearUntil,
    limitedCostTest: true,
  });
  return parsed.success ? { settings: parsed.data } : { errors: ['sector'] };
}

/** Whether the form differs from what is saved, so Save is offered only for a change. */
export function flatRateChanged(values: FlatRateValues, saved: FlatRateSettings | null): boolean {
  const built = buildFlatRate(values);
  if ('errors' in built) return true;
  return JSON.stringify(built.settings) !== JSON.stringify(saved);
}
