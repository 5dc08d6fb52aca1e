/**
 * Exact decimals for checking VAT return amounts the way HMRC does. HMRC's server (Play JSON on
 * Jackson) reads every JSON number into a java BigDecimal that keeps the number's written scale, then
 * rejects a box with `scale > 2` and boxes 6-9 unless `isWhole` (vat-api
 * DecimalMonetaryValueFormatValidation.scala, NonDecimalMonetaryValueFormatValidation.scala;
 * docs/reference/hmrc-vat-api.md §3.5). So `100.10` passes, `100.100` fails, `0.30000000000000004` fails and `500.00`
 * is a whole number. Binary floats cannot answer those questions; this module works on the decimal
 * text with bigint arithmetic.
 */

/** value = unscaled × 10^(−scale), as java.math.BigDecimal. */
export interface Decimal {
  unscaled: bigint;
  scale: number;
}

const numberPattern = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * Jackson/Play refuse numbers whose scale or digit count exceed these (play-json
 * BigDecimalParseSettings defaults), which stops a `1e999999999` from costing unbounded work here.
 */
const maxAbsScale = 6178;
const maxDigits = 310;

/** The decimal written in JSON number syntax (RFC 8259), or undefined. */
export function parseDecimal(text: string): Decimal | undefined {
  const match = numberPattern.exec(text);
  if (!match) return undefined;
  const [, sign = '', integer = '', fraction = '', exponent = '0'] = match;
  const digits = integer + fraction;
  if (digits.length > maxDigits) return undefined;
  const scale = fraction.length - Number(exponent);
  if (!Number.isSafeInteger(scale) || Math.abs(scale) > maxAbsScale) return undefined;
  const magnitude = BigInt(digits);
  return { unscaled: sign === '-' ? -magnitude : magnitude, scale };
}

/**
 * The decimal a JavaScript number stands for, read from its shortest round-trip text (String(n)).
 * For a body that has already been through JSON.parse this is the best available: `100.100` has
 * become 100.1, but float artefacts such as 0.1 + 0.2 still show as 17 decimals.
 */
export const decimalOfNumber = (value: number): Decimal | undefined =>
  Number.isFinite(value) ? parseDecimal(String(value)) : undefined;

const tenTo = (power: number): bigint => 10n ** BigInt(power);

export const isWhole = ({ unscaled, scale }: Decimal): boolean => scale <= 0 || unscaled % tenTo(scale) === 0n;

/** Negative, zero or positive as a is less than, equal to or greater than b (BigDecimal.compare). */
export function compareDecimals(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const left = a.unscaled * tenTo(scale - a.scale);
  const right = b.unscaled * tenTo(scale - b.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * The amount in integer pence. Only for values already known to have at most 2 decimals or to be
 * whole (undefined otherwise), and small enough to be a safe integer (undefined otherwise).
 */
export function toPence({ unscaled, scale }: Decimal): number | undefined {
  let pence: bigint;
  if (scale <= 2) pence = unscaled * tenTo(2 - scale);
  else {
    const divisor = tenTo(scale - 2);
    if (unscaled % divisor !== 0n) return undefined;
    pence = unscaled / divisor;
  }
  const asNumber = Number(pence);
  return Number.isSafeInteger(asNumber) ? asNumber : undefined;
}

/** A limit written as decimal text, e.g. '9999999999999.99'. */
export function decimal(text: string): Decimal {
  const parsed = parseDecimal(text);
  if (!parsed) throw new RangeError(`Not a decimal: ${text}`);
  return parsed;
}
