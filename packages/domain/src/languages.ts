/**
 * The languages VAT Wise is read in and, for each, the code every library wants for it. One table,
 * so the web's formats, its calendar, its translations and the page's lang attribute agree with
 * each other and with what the server writes.
 */

export const languages = ['en', 'es', 'enrtl'] as const;
export type Language = (typeof languages)[number];
export type TextDirection = 'ltr' | 'rtl';

export interface LanguageLocales {
  /** For Intl formats (numbers, dates, lists, relative times): English is formatted as in the UK. */
  intl: string;
  /** The dayjs locale the calendar's month and weekday names come from (its module's name). */
  dayjs: string;
  /** i18next's code for the language, which is also the name of its translation folders. */
  i18next: string;
  /** The page's lang attribute. */
  htmlLang: string;
  direction: TextDirection;
}

export const languageLocales: Readonly<Record<Language, Readonly<LanguageLocales>>> = {
  en: { intl: 'en-GB', dayjs: 'en-gb', i18next: 'en', htmlLang: 'en-US', direction: 'ltr' },
  es: { intl: 'es-ES', dayjs: 'es', i18next: 'es', htmlLang: 'es-ES', direction: 'ltr' },
  // English laid out right to left, to check the layout: English in every other way.
  enrtl: { intl: 'en-GB', dayjs: 'en-gb', i18next: 'enrtl', htmlLang: 'en-US', direction: 'rtl' },
};

/**
 * The UK's locale, for text that is the same whoever reads it: PDFs and audit reports, the UK
 * calendar date of an instant, and searching and sorting names.
 */
export const ukLocale = languageLocales.en.intl;

export function isLanguage(value: unknown): value is Language {
  return (languages as readonly unknown[]).includes(value);
}

/**
 * The language for a code from i18next or a browser ('es', 'es-ES', 'en-US'): one of ours by its
 * first part, else English.
 */
export function languageOf(code: string): Language {
  if (isLanguage(code)) return code;
  const primary = code.split('-')[0]?.toLowerCase();
  return isLanguage(primary) ? primary : 'en';
}

/** The table's row for a code from i18next or a browser (see languageOf). */
export const localesOf = (code: string): Readonly<LanguageLocales> => languageLocales[languageOf(code)];
