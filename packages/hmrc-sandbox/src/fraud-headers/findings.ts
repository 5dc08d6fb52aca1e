import { type KeyValues } from './formats';
import { messages } from './messages';

/** What one check says about one header, before grouping into HMRC's answer (codes of 5.3). */

export type ErrorCode = 'INVALID_HEADER' | 'INVALID_HEADERS' | 'MISSING_HEADER' | 'EMPTY_HEADER';
export type WarningCode = 'POTENTIALLY_INVALID_HEADER' | 'UNEXPECTED_HEADER';

export type Finding =
  { severity: 'error'; code: ErrorCode; message: string } | { severity: 'warning'; code: WarningCode; message: string };

export const invalid = (message: string): Finding => ({ severity: 'error', code: 'INVALID_HEADER', message });
export const doubtful = (message: string): Finding => ({
  severity: 'warning',
  code: 'POTENTIALLY_INVALID_HEADER',
  message,
});
export const missing = (message: string = messages.headerRequired): Finding => ({
  severity: 'error',
  code: 'MISSING_HEADER',
  message,
});
export const empty = (message: string = messages.empty): Finding => ({
  severity: 'error',
  code: 'EMPTY_HEADER',
  message,
});

// 5.1: "Never send placeholders such as null, undefined or unknown".
const PLACEHOLDERS = new Set(['null', 'undefined', 'unknown', 'nan', 'n/a', '[object object]']);
export const isPlaceholder = (value: string): boolean => PLACEHOLDERS.has(value.trim().toLowerCase());

export const unique = (findings: Finding[]): Finding[] =>
  findings.filter(
    (finding, index) =>
      findings.findIndex((other) => other.code === finding.code && other.message === finding.message) === index,
  );

/** Placeholders hidden inside a key-value structure are as bad as a placeholder value (5.1). */
export const placeholderValues = (structures: KeyValues[]): Finding[] =>
  structures.some((pairs) => [...pairs.values()].some(isPlaceholder)) ? [invalid(messages.placeholder)] : [];
