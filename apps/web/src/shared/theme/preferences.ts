import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import { type Language, type TextDirection, isLanguage, languageLocales, languages } from '@vatwise/domain';
import { readStored, writeStored } from '../storage/local-storage';
import { type ThemeColour, isThemeColour } from './colours';

export { languages, type Language };
export type ColorScheme = 'light' | 'dark';
export type Radius = 'rounded' | 'flat';
export type Direction = TextDirection;

/** Preferences kept in this browser (docs/reference/product.md §3): colour theme, radius and language. */
export interface Preferences {
  colorScheme: ColorScheme;
  colour: ThemeColour;
  radius: Radius;
  language: Language;
}

export const defaultPreferences: Preferences = {
  colorScheme: 'light',
  colour: 'redruby',
  radius: 'rounded',
  language: 'en',
};

export const PREFERENCES_STORAGE_KEY = 'preferences';

/** The product reference writes a theme as 'light.redruby'; that is how it is stored too. */
export function themeKey(preferences: Pick<Preferences, 'colorScheme' | 'colour'>): string {
  return `${preferences.colorScheme}.${preferences.colour}`;
}

/** Direction follows the language: 'enrtl' is English laid out right to left. */
export function directionOf(language: Language): Direction {
  return languageLocales[language].direction;
}

/** The html lang attribute for each language choice (docs/reference/product.md §9 locales). */
export function htmlLangOf(language: Language): string {
  return languageLocales[language].htmlLang;
}

interface StoredPreferences {
  theme: string;
  radius: Radius;
  language: Language;
  direction: Direction;
}

/** Reads stored preferences, keeping each valid field and defaulting any that is missing or bad. */
export function parseStoredPreferences(value: unknown): Preferences {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Partial<
    Record<keyof StoredPreferences, unknown>
  >;
  const [scheme, colour] = typeof stored.theme === 'string' ? stored.theme.split('.') : [];
  return {
    colorScheme: scheme === 'dark' || scheme === 'light' ? scheme : defaultPreferences.colorScheme,
    colour: isThemeColour(colour) ? colour : defaultPreferences.colour,
    radius: stored.radius === 'flat' || stored.radius === 'rounded' ? stored.radius : defaultPreferences.radius,
    language: isLanguage(stored.language) ? stored.language : defaultPreferences.language,
  };
}

export function loadPreferences(): Preferences {
  return readStored(PREFERENCES_STORAGE_KEY, parseStoredPreferences) ?? defaultPreferences;
}

export function savePreferences(preferences: Preferences): void {
  const stored: StoredPreferences = {
    theme: themeKey(preferences),
    radius: preferences.radius,
    language: preferences.language,
    direction: directionOf(preferences.language),
  };
  writeStored(PREFERENCES_STORAGE_KEY, stored);
}

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: defaultPreferences,
  reducers: {
    colourChosen(state, action: PayloadAction<ThemeColour>) {
      state.colour = action.payload;
    },
    colorSchemeChosen(state, action: PayloadAction<ColorScheme>) {
      state.colorScheme = action.payload;
    },
    radiusChosen(state, action: PayloadAction<Radius>) {
      state.radius = action.payload;
    },
    languageChosen(state, action: PayloadAction<Language>) {
      state.language = action.payload;
    },
  },
});

export const { colourChosen, colorSchemeChosen, radiusChosen, languageChosen } = preferencesSlice.actions;
