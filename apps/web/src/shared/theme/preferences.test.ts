import { describe, expect, it } from 'vitest';
import {
  PREFERENCES_STORAGE_KEY,
  defaultPreferences,
  directionOf,
  htmlLangOf,
  loadPreferences,
  parseStoredPreferences,
  savePreferences,
} from './preferences';

describe('preferences kept in this browser', () => {
  it('starts on the product reference’s defaults: light redruby, rounded, English', () => {
    expect(loadPreferences()).toEqual({ colorScheme: 'light', colour: 'redruby', radius: 'rounded', language: 'en' });
  });

  it('stores the theme as scheme.colour with radius, language and direction, and reads it back', () => {
    savePreferences({ colorScheme: 'dark', colour: 'greenmoss', radius: 'flat', language: 'enrtl' });
    expect(JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? '')).toEqual({
      theme: 'dark.greenmoss',
      radius: 'flat',
      language: 'enrtl',
      direction: 'rtl',
    });
    expect(loadPreferences()).toEqual({ colorScheme: 'dark', colour: 'greenmoss', radius: 'flat', language: 'enrtl' });
  });

  it('keeps the good fields of a damaged record and defaults the rest', () => {
    expect(parseStoredPreferences({ theme: 'dark.nocolour', radius: 'square', language: 'es' })).toEqual({
      ...defaultPreferences,
      colorScheme: 'dark',
      language: 'es',
    });
    expect(parseStoredPreferences('nonsense')).toEqual(defaultPreferences);
  });

  it('falls back to the defaults when the stored value is not JSON', () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, '{not json');
    expect(loadPreferences()).toEqual(defaultPreferences);
  });

  it('lays out enrtl right to left and gives each language its html lang', () => {
    expect(directionOf('enrtl')).toBe('rtl');
    expect(directionOf('es')).toBe('ltr');
    expect(htmlLangOf('es')).toBe('es-ES');
    expect(htmlLangOf('enrtl')).toBe('en-US');
  });
});
