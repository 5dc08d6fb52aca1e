import type { BoxWarning } from '@vatwise/domain';
import type { TFunction } from 'i18next';
import { formatBoxAmount, formatDate, formatMoney, localeOf } from '../../../shared/format/format';

/**
 * A box warning in the user's language: the server sends its code and figures (BoxWarning.params)
 * with an English sentence; the screen words it from `vatReturns:warnings.<code>`, formatting each
 * figure as the app does, and falls back to the English sentence for a code it has no words for.
 */
export function warningText(warning: BoxWarning, t: TFunction, language: string): string {
  const key = `vatReturns:warnings.${warning.code}`;
  const values: Record<string, string | number> = {
    boxes: new Intl.ListFormat(localeOf(language), { type: 'conjunction' }).format(warning.boxes.map(String)),
  };
  for (const [name, value] of Object.entries(warning.params ?? {})) {
    if (typeof value === 'number' && name.endsWith('Pence')) values[name] = formatMoney(value, language);
    else if (typeof value === 'number' && name.endsWith('Pounds')) values[name] = formatBoxAmount(6, value, language);
    else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) values[name] = formatDate(value, language);
    else values[name] = value;
  }
  return t(key, { ...values, defaultValue: warning.message });
}
