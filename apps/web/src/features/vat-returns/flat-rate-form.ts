import {
  type FlatRateSettings,
  flatRateSector,
  flatRateSectors,
  flatRateSettingsSchema,
  isCalendarDate,
} from '@vatwise/domain';
import { formatRateTenths, parseRateTenths } from './money-input';

/** The flat rate form as typed. */
export interface FlatRateValues {
  enabled: boolean;
  sector: string;
  rate: string;
  firstYearUntil: string;
  limitedCostTest: boolean;
}

/** "Any other activity not listed elsewhere" (004): the sector the server also starts from. */
const defaultSector = '004';

export function flatRateValues(settings: FlatRateSettings | null): FlatRateValues {
  const sector = flatRateSector(settings?.sector ?? defaultSector) ?? flatRateSector(defaultSector);
  const rateTenths = settings?.rateTenths ?? sector?.rateTenths ?? 120;
  return {
    enabled: settings !== null,
    sector: settings?.sector ?? defaultSector,
    rate: formatRateTenths(rateTenths).replace('%', ''),
    firstYearUntil: settings?.firstYearUntil ?? '',
    limitedCostTest: settings?.limitedCostTest ?? true,
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
    limitedCostTest: values.limitedCostTest,
  });
  return parsed.success ? { settings: parsed.data } : { errors: ['sector'] };
}

/** Whether the form differs from what is saved, so Save is offered only for a change. */
export function flatRateChanged(values: FlatRateValues, saved: FlatRateSettings | null): boolean {
  const built = buildFlatRate(values);
  if ('errors' in built) return true;
  return JSON.stringify(built.settings) !== JSON.stringify(saved);
}
