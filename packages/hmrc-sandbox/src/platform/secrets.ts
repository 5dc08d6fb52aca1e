import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Tokens, codes and passwords are kept only as hashes. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** 32 hex characters, the form of HMRC's access and refresh tokens. */
export const randomToken = (): string => randomBytes(16).toString('hex');

/** `count` random decimal digits, the first never 0 so the value keeps its length. */
export function randomDigits(count: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < count) out += String(randomInt(0, 10));
  return out;
}

export function randomFrom(alphabet: string, count: number): string {
  let out = '';
  while (out.length < count) out += alphabet.charAt(randomInt(0, alphabet.length));
  return out;
}

export const pick = <T>(items: readonly T[]): T => {
  const item = items[randomInt(0, items.length)];
  if (item === undefined) throw new RangeError('Cannot pick from an empty list');
  return item;
};
