/**
 * Deterministic randomness for the simulated account: the same VRN (and period) always yields the
 * same figures, so a test user's history is stable across restarts and days, while two VRNs differ.
 * FNV-1a (32-bit) turns text into a seed; mulberry32 turns a seed into a stream of numbers in [0, 1).
 * Not for anything secret.
 */

export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export type Random = () => number;

export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const randomFor = (text: string): Random => mulberry32(hashText(text));

/** A whole number in [min, max], both included. */
export const intBetween = (random: Random, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));

/** `count` decimal digits derived from `text`; the first is never 0, so the value keeps its length. */
export function digitsFor(text: string, count: number): string {
  const random = randomFor(text);
  let out = String(intBetween(random, 1, 9));
  while (out.length < count) out += String(intBetween(random, 0, 9));
  return out;
}

/** A version-4-shaped UUID derived from `text` (Receipt-ID, docs/reference/hmrc-vat-api.md §3.5). */
export function uuidFor(text: string): string {
  const random = randomFor(text);
  const hex = Array.from({ length: 32 }, () => intBetween(random, 0, 15).toString(16));
  hex[12] = '4';
  hex[16] = (8 + intBetween(random, 0, 3)).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
