import type { MantineColorsTuple } from '@mantine/core';

/** The ten theme colours of docs/reference/product.md §9, each with its base shade. */
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

/** A colour moved towards white (target 255) or black (target 0) by amount, 0 to 1. */
export function mix(hex: string, target: number, amount: number): string {
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

/** A channel's (0 to 255) linear value, for WCAG 2.1 relative luminance. */
function linear(channel: number): number {
  const value = channel / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

function luminanceOf([red, green, blue]: readonly [number, number, number]): number {
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  return luminanceOf(channels(hex));
}

const ratioOf = (first: number, second: number) => (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);

/** WCAG 2.1 contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** WCAG 2.1 AA for normal text is 4.5:1; a little more leaves room for anti-aliasing and rounding. */
export const TEXT_CONTRAST = 4.6;

/**
 * Answers by colour and backgrounds: the theme's CSS variables ask for the same few dozen on every
 * render of the theme provider, each a search of up to fifty steps.
 */
const readableCache = new Map<string, string>();

/**
 * The colour nearest to the given one that reads as text on every one of the backgrounds: it is
 * darkened (on light backgrounds) or lightened (on dark ones) in small steps, keeping its hue, until
 * the contrast with each background is at least the minimum. A colour that already reads is returned as it is.
 */
export function readableOn(hex: string, backgrounds: readonly string[], minimum = TEXT_CONTRAST): string {
  const key = `${hex} ${backgrounds.join(' ')} ${minimum}`;
  let readable = readableCache.get(key);
  if (readable === undefined) {
    readable = findReadable(hex, backgrounds, minimum);
    readableCache.set(key, readable);
  }
  return readable;
}

function findReadable(hex: string, backgrounds: readonly string[], minimum: number): string {
  // Numbers rather than #rrggbb strings while searching (the same rounded steps as mix()).
  const backgroundLuminances = backgrounds.map(luminance);
  const darkBackgrounds = backgroundLuminances.every((value) => value < 0.18);
  const target = darkBackgrounds ? 255 : 0;
  const start = channels(hex);
  for (let amount = 0; amount <= 1; amount += 0.02) {
    const step = Math.min(amount, 1);
    const candidate = start.map((channel) => Math.round(channel + (target - channel) * step)) as [
      number,
      number,
      number,
    ];
    const candidateLuminance = luminanceOf(candidate);
    if (backgroundLuminances.every((background) => ratioOf(candidateLuminance, background) >= minimum)) {
      return `#${candidate.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
    }
  }
  return darkBackgrounds ? '#ffffff' : '#000000';
}
