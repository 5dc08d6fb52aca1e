import type { MantineColorsTuple } from '@mantine/core';

/** The ten theme colours of spec section 9, each with its base shade. */
export const themeColours = {
  bluenavy: '#1f3a68',
  blueyale: '#0f4d92',
  blueolympic: '#0077b6',
  greenmoss: '#4f6b2e',
  greenlime: '#4d8a16',
  purplemonster: '#6a2c91',
  orangecarrot: '#c85a12',
  redruby: '#9b111e',
  yellowgranola: '#a87a12',
  greysteel: '#5b6770',
} as const;

export type ThemeColour = keyof typeof themeColours;
export const themeColourNames = Object.keys(themeColours) as ThemeColour[];

export function isThemeColour(value: unknown): value is ThemeColour {
  return typeof value === 'string' && Object.hasOwn(themeColours, value);
}

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(hex: string, target: number, amount: number): string {
  const mixed = channels(hex).map((channel) => Math.round(channel + (target - channel) * amount));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Mantine wants ten shades per colour, lightest first. The base sits at index 6 (the shade
 * Mantine uses for filled buttons in light mode); lighter shades mix towards white, darker
 * ones towards black.
 */
export function shadesOf(base: string): MantineColorsTuple {
  const tints = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18].map((amount) => mix(base, 255, amount));
  const shades = [0.15, 0.3, 0.45].map((amount) => mix(base, 0, amount));
  return [...tints, base, ...shades] as unknown as MantineColorsTuple;
}
