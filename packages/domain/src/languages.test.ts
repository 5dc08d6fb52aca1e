import { describe, expect, it } from 'vitest';
import { languageLocales, languageOf, localesOf, ukLocale } from './languages';

describe('languages', () => {
  it('formats English as in the UK while the page says en-US', () => {
    expect(languageLocales.en).toEqual({
      intl: 'en-GB',
      dayjs: 'en-gb',
      i18next: 'en',
      htmlLang: 'en-US',
      direction: 'ltr',
    });
    expect(ukLocale).toBe('en-GB');
  });

  it('lays out only enrtl right to left', () => {
    expect(languageLocales.enrtl.direction).toBe('rtl');
    expect(languageLocales.es.direction).toBe('ltr');
  });

  it('reads a browser or i18next code by its first part, English when unknown', () => {
    expect(languageOf('es-ES')).toBe('es');
    expect(languageOf('ES')).toBe('es');
    expect(languageOf('enrtl')).toBe('enrtl');
    expect(languageOf('en-US')).toBe('en');
    expect(languageOf('fr')).toBe('en');
    expect(localesOf('es').intl).toBe('es-ES');
    expect(localesOf('de-DE').intl).toBe('en-GB');
  });
});
