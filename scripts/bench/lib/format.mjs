// How the bench writes figures: units, ratios to a yardstick, and aligned tables. Every line a
// section prints goes through `print`, so the results file can keep each section's output.

/** @typedef {number | undefined} Figure */
export const mb = (/** @type {Figure} */ bytes) =>
  bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const kb = (/** @type {Figure} */ bytes) => (bytes === undefined ? 'n/a' : `${(bytes / 1024).toFixed(1)} KB`);
export const ms = (/** @type {Figure} */ value, digits = 1) =>
  value === undefined ? 'n/a' : `${value.toFixed(digits)} ms`;
export const seconds = (/** @type {Figure} */ value) =>
  value === undefined ? 'n/a' : `${(value / 1000).toFixed(2)} s`;
/** @returns {Figure} */
export const ratio = (/** @type {Figure} */ a, /** @type {Figure} */ b) =>
  a === undefined || b === undefined || b === 0 ? undefined : a / b;
export const times = (/** @type {Figure} */ value) => (value === undefined ? 'n/a' : `${value.toFixed(2)}x`);
export const percent = (/** @type {Figure} */ value) => (value === undefined ? 'n/a' : `${(value * 100).toFixed(0)}%`);
export const num = (/** @type {Figure} */ value) => (value === undefined ? 'n/a' : String(Math.round(value)));

/** @type {string[] | undefined} */
let transcript;

/**
 * From now on, every printed line is also kept in `lines` (undefined: no longer kept).
 * @param {string[] | undefined} lines
 */
export function keepPrintedLines(lines) {
  transcript = lines;
}

/**
 * Prints a line, and keeps it for the results file.
 * @param {string} line
 */
export function print(line) {
  console.log(line);
  transcript?.push(line);
}

/**
 * Prints rows in aligned columns.
 * @param {string[]} header
 * @param {unknown[][]} rows
 */
export function table(header, rows) {
  const all = [header, ...rows].map((row) => row.map((cell) => String(cell ?? '')));
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column]?.length ?? 0)));
  const line = (/** @type {string[]} */ row) =>
    `  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd();
  print(line(all[0] ?? []));
  print(`  ${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of all.slice(1)) print(line(row));
}
