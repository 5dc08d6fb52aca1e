import { type MantineThemeOverride, createTheme } from '@mantine/core';
import { shadesOf, themeColourNames, themeColours } from './colours';
import type { Preferences } from './preferences';

const colours = Object.fromEntries(themeColourNames.map((name) => [name, shadesOf(themeColours[name])]));

/** Breakpoints in em; sm is the spec's 768 px and xl its 1440 px. */
export const breakpoints = { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '90em' };

export function buildTheme(preferences: Pick<Preferences, 'colour' | 'radius'>): MantineThemeOverride {
  return createTheme({
    colors: colours,
    primaryColor: preferences.colour,
    primaryShade: { light: 6, dark: 4 },
    // Picks dark or light text on filled colours, so a pale theme stays readable.
    autoContrast: true,
    defaultRadius: preferences.radius === 'flat' ? 0 : 'md',
    breakpoints,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  });
}
