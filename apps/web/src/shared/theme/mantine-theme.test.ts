import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, luminance, mix, readableOn, themeColourNames } from './colours';
import { buildTheme, cssVariablesResolver, primaryShade, surfacesOf } from './mantine-theme';

const AA = 4.5;

function resolved(colour: (typeof themeColourNames)[number]) {
  const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme({ colour, radius: 'rounded' }));
  const { light, dark } = cssVariablesResolver(theme);
  const variables = { light: light as Record<string, string>, dark: dark as Record<string, string> };
  return { theme, variables, surfaces: surfacesOf(theme) };
}

describe('contrast helpers', () => {
  it('measures contrast as WCAG 2.1 does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(luminance('#ffffff')).toBeCloseTo(1, 5);
  });

  it('leaves a readable colour alone and moves an unreadable one only as far as it must', () => {
    expect(readableOn('#000000', ['#ffffff'])).toBe('#000000');
    const dimmed = readableOn('#868e96', ['#ffffff']);
    expect(contrastRatio(dimmed, '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(dimmed, '#ffffff')).toBeLessThan(5.2);
    const onDark = readableOn('#828282', ['#242424', '#2e2e2e']);
    expect(contrastRatio(onDark, '#2e2e2e')).toBeGreaterThanOrEqual(AA);
  });
});

describe.each(themeColourNames)('the %s theme reaches WCAG 2.1 AA text contrast', (colour) => {
  const { theme, variables, surfaces } = resolved(colour);

  it('dimmed text and placeholders, light and dark, on every surface', () => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const name of ['--mantine-color-dimmed', '--mantine-color-placeholder']) {
        for (const surface of surfaces[scheme]) {
          expect(
            contrastRatio(variables[scheme][name] as string, surface),
            `${scheme} ${name} on ${surface}`,
          ).toBeGreaterThanOrEqual(AA);
        }
      }
    }
  });

  it('links, coloured text and outline buttons in every theme colour, light and dark', () => {
    for (const scheme of ['light', 'dark'] as const) {
      expect(variables[scheme]['--mantine-color-anchor']).toBe(`var(--mantine-color-${colour}-text)`);
      for (const name of Object.keys(theme.colors)) {
        for (const kind of ['text', 'outline']) {
          const value = variables[scheme][`--mantine-color-${name}-${kind}`] as string;
          for (const surface of surfaces[scheme]) {
            expect(contrastRatio(value, surface), `${scheme} ${name}-${kind} on ${surface}`).toBeGreaterThanOrEqual(AA);
          }
        }
      }
    }
  });

  it('light variants (badges, alerts, the active link) on their own tint', () => {
    for (const name of Object.keys(theme.colors)) {
      const shades = theme.colors[name] as unknown as string[];
      const light = variables.light[`--mantine-color-${name}-light-color`] as string;
      expect(contrastRatio(light, shades[1] as string), `light ${name}`).toBeGreaterThanOrEqual(AA);
      const dark = variables.dark[`--mantine-color-${name}-light-color`] as string;
      expect(contrastRatio(dark, mix(shades[9] as string, 0, 0.5)), `dark ${name}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('filled buttons and badges: the automatic black or white label reads on the filled shade', () => {
    for (const scheme of ['light', 'dark'] as const) {
      const filled = (theme.colors[colour] as unknown as string[])[primaryShade[scheme]] as string;
      const label = luminance(filled) > theme.luminanceThreshold ? '#000000' : '#ffffff';
      expect(contrastRatio(label, filled), `${scheme} filled ${filled}`).toBeGreaterThanOrEqual(AA);
    }
  });
});
