/**
 * Money is integer pence inside the simulator. It becomes a JSON number only at the edge, through a
 * decimal string built with integer arithmetic: Number() of a string with at most 15 significant
 * digits round-trips exactly, so the number HMRC's client sees has no float artefacts
 * (docs/reference/hmrc-vat-api.md §3.2 "Money").
 */

/** '-1234.05' for -123405 pence. */
export function formatPence(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Pence must be a safe integer: ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const magnitude = Math.abs(pence);
  const pounds = Math.floor(magnitude / 100);
  const rest = magnitude % 100;
  return `${sign}${pounds}.${String(rest).padStart(2, '0')}`;
}

/** The JSON number for an amount in pence (100.1 for 10010; 500 for 50000). */
export const penceToJson = (pence: number): number => Number(formatPence(pence));

/** `rate` in tenths of a per cent (145 = 14.5%), rounded half up to the penny on the magnitude. */
export function percentOf(pence: number, rateTenthsOfPercent: number): number {
  const magnitude = Math.abs(pence) * rateTenthsOfPercent;
  const rounded = Math.floor((magnitude + 500) / 1000);
  return pence < 0 ? -rounded : rounded;
}

/** '£1,234.05' for 123405 pence, '-£12.00' for -1200: money as a page or message shows it. */
export function formatPounds(pence: number): string {
  const [pounds = '0', rest = '00'] = formatPence(Math.abs(pence)).split('.');
  const grouped = pounds.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${pence < 0 ? '-' : ''}£${grouped}.${rest}`;
}
