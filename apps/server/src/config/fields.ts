import { z } from 'zod';

/** The kinds of value a setting may take, each with a message that names its variable. */

export const booleanFlag = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(value), {
      message: `${name} must be true or false`,
    })
    .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

export const port = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 65535, {
      message: `${name} must be a whole number from 1 to 65535`,
    })
    .transform(Number);

export const httpUrl = (name: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'http:' || url.protocol === 'https:';
        } catch {
          return false;
        }
      },
      { message: `${name} must be a full http:// or https:// address` },
    );

export const positiveCount = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= 1, {
      message: `${name} must be a whole number, at least 1`,
    })
    .transform(Number);

/** A JSON setting read as a value, or undefined when it is not JSON (its schema then says what to fix). */
export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An address without its trailing slashes, so paths can be joined to it. */
export const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');
