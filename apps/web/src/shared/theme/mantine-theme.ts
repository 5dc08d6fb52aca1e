import { type CSSVariablesResolver, type MantineTheme, type MantineThemeOverride, createTheme } from '@mantine/core';
import { mix, readableOn, shadesOf, themeColourNames, themeColours } from './colours';
import type { Preferences } from './preferences';

const colours = Object.fromEntries(themeColourNames.map((name) => [name, shadesOf(themeColours[name])]));

/** Breakpoints in em; sm is the product reference's 768 px and xl its 1440 px. */
export const breakpoints = { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '90em' };

/** The shade filled buttons, badges and checkboxes use, per colour scheme. */
export const primaryShade = { light: 6, dark: 5 } as const;

export function buildTheme(preferences: Pick<Preferences, 'colour' | 'radius'>): MantineThemeOverride {
  return createTheme({
    colors: colours,
    primaryColor: preferences.colour,
    primaryShade,
    // Picks dark or light text on filled colours, so a pale theme stays readable. 0.179 is the
    // luminance at which black and white text contrast equally, so the pick always reaches 4.5:1
    // (Mantine's 0.3 put white text on mid-tones such as light.yellowgranola at 3.9:1).
    autoContrast: true,
    luminanceThreshold: 0.179,
    defaultRadius: preferences.radius === 'flat' ? 0 : 'md',
    breakpoints,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      // Mantine opens a menu onto a hidden focusable placeholder (role=presentation, tabindex=-1),
      // which a menu may not hold (ARIA: a menu's children are its items and groups).
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // A badge cut its text short to fit ('CARGANDO…' showed as 'CARGA…'): it keeps its whole
      // text, on a second line if its place is too narrow, as longer translations need.
      Badge: {
        styles: {
          root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', flexShrink: 0 },
          label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', overflowWrap: 'anywhere' },
        },
      },
    },
  });
}

const isHex = (value: string | undefined): value is string => /^#[0-9a-f]{6}$/i.test(value ?? '');

/**
 * The surfaces text sits on, per colour scheme: the body, cards and inputs, and the grey of
 * striped or hovered rows, menus and navigation links.
 */
export function surfacesOf(theme: MantineTheme): { light: string[]; dark: string[] } {
  const { gray, dark } = theme.colors;
  return {
    light: [theme.white, gray[0], gray[1]].filter(isHex),
    dark: [dark[7], dark[6], dark[5], dark[8]].filter(isHex),
  };
}

/**
 * Text colours that reach WCAG 2.1 AA (4.5:1) on the surfaces they are shown on, in light and dark
 * mode and for every colour of the theme; Mantine's defaults do not (its dimmed grey is 3.3:1 on
 * white, 3.5:1 on a dark card; a light badge's orange 3.6:1). Each colour is moved no further than
 * it must be, towards black in light mode and towards white in dark mode, so the look stays.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const surfaces = surfacesOf(theme);
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};

  for (const [name, shades] of Object.entries(theme.colors)) {
    if (!shades.every((shade) => isHex(shade))) continue;
    const [lightest, tint, tintHover, , fourth, , , , , darkest] = shades as unknown as string[];
    const filledLight = shades[primaryShade.light] as string;
    // Plain text in the colour (c="green", anchors) and an outline button's label.
    light[`--mantine-color-${name}-text`] = readableOn(filledLight, surfaces.light);
    light[`--mantine-color-${name}-outline`] = readableOn(filledLight, surfaces.light);
    dark[`--mantine-color-${name}-text`] = readableOn(fourth as string, surfaces.dark);
    dark[`--mantine-color-${name}-outline`] = readableOn(shades[primaryShade.dark - 4] as string, surfaces.dark);
    // The light variant (badges, alerts, the active navigation link): its text on its own tint.
    light[`--mantine-color-${name}-light-color`] = readableOn(darkest as string, [tint as string, tintHover as string]);
    dark[`--mantine-color-${name}-light-color`] = readableOn(lightest as string, [
      mix(darkest as string, 0, 0.5),
      mix(darkest as string, 0, 0.3),
    ]);
  }

  const { gray, dark: darkGreys, teal } = theme.colors;
  const dimmedLight = readableOn(gray[6], surfaces.light);
  const dimmedDark = readableOn(darkGreys[2], surfaces.dark);
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': dimmedLight,
      '--mantine-color-placeholder': dimmedLight,
      '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-text)`,
      '--mantine-color-error': 'var(--mantine-color-red-text)',
      '--mantine-color-success': readableOn(teal[8], surfaces.light),
    },
    dark: {
      ...dark,
      '--mantine-color-dimmed': dimmedDark,
      '--mantine-color-placeholder': dimmedDark,
      '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-text)`,
      '--mantine-color-error': 'var(--mantine-color-red-text)',
      '--mantine-color-success': readableOn(teal[4], surfaces.dark),
    },
  };
};
