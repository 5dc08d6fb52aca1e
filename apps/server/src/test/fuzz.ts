import { isValidVrn } from '@vatwise/domain';

/**
 * Bad inputs for the API fuzz test (api-fuzz.test.ts), made from each route's JSON Schema (the
 * OpenAPI document the routes' zod schemas produce). Seeded, so a failure reproduces with its seed.
 */

/** mulberry32: a small seeded generator; the same seed gives the same cases. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** The part of JSON Schema the OpenAPI document uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  default?: unknown;
}

/** A JSON text nested `depth` levels, written as text: JSON.stringify itself would overflow the stack. */
export function deepJson(depth: number, kind: 'array' | 'object' = 'array'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** A JSON value nested `depth` levels, for fields (kept small enough to stringify). */
function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
}

export const pathTricks = [
  '..',
  '../',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '%252e%252e%252f',
  '..%5c..%5cwindows',
  'a%2Fb',
  'a%252Fb',
  '%2F',
  'a%00b',
  '%00',
  'x%0d%0aSet-Cookie:%20a=b',
  '%c0%ae%c0%ae%2f',
  '.',
  '%20',
  '~root',
  'a;b=c',
] as const;

export const unicodeStrings = [
  'Ünïcödé ✓',
  '😀👩‍👩‍👧‍👦🇬🇧',
  '\u202Eevil\u202C',
  'zero\u200Bwidth',
  'lone\uD800surrogate',
  'İıſK',
  '１２３４５６７８９',
  'e\u0301\u0301\u0301\u0301',
  '\uFEFFbom',
  '中文字符',
  'مرحبا',
] as const;

export const injectionStrings = [
  "' OR 1=1 --",
  '"; DROP TABLE "user"; --',
  '%',
  '_',
  '\\',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '$where',
] as const;

export const hugeStrings = ['a'.repeat(5_000), 'é'.repeat(70_000), 'x'.repeat(300_000)] as const;

export const wrongTypes: readonly unknown[] = [null, true, false, 0, -1, 1.5, [], {}, ['a'], { a: 1 }, '', ' '];

export const numbers: readonly unknown[] = [
  -1,
  -0.5,
  0,
  1e308,
  -1e308,
  2 ** 53 + 1,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
  5e-324,
  0.1,
  '1',
  '1e999',
  'NaN',
  '-Infinity',
];

/** Each class of bad value, so the fuzz can say which it sent. */
export const badValueClasses = {
  wrongType: wrongTypes,
  number: numbers,
  unicode: unicodeStrings,
  control: ['nul\u0000byte', '\u0000', 'bell\u0007 escape\u001b[31m', 'line\r\nbreak'],
  injection: injectionStrings,
  pathTrick: pathTricks,
  huge: hugeStrings,
  nested: [nested(20), nested(200), nested(2_000)],
  // Parsed, not written as literals: JSON.parse keeps __proto__ as an own key, as a request body does.
  pollution: [JSON.parse('{"__proto__":{"role":0}}'), JSON.parse('{"constructor":{"prototype":{"role":0}}}')],
} as const;
export type BadValueClass = keyof typeof badValueClasses;

/** A VRN whose check digits are right, so a mutation of another field gets past the VRN's own check. */
export const validVrn = (() => {
  for (let candidate = 100_000_000; ; candidate++) if (isValidVrn(String(candidate))) return String(candidate);
})();

/** Well-formed values by field name, where the schema's pattern or refinement would refuse a generic string. */
const wellFormedByName: Record<string, unknown> = {
  vrn: validVrn,
  user_vrn: validVrn,
  from: '2024-01-01',
  to: '2024-03-31',
  date: '2024-02-01',
  firstYearUntil: '2024-12-31',
  periodKey: '24A1',
  period_key: '24A1',
  chargeReference: 'XA123456789012',
  scenario: 'DEFAULT',
  sector: '012',
  flat_rate_sector: '012',
  email: 'fuzz@example.com',
  // Never an account's real password, so a fuzzed call cannot turn on two-factor or change one.
  password: 'Wrong-Horse-Battery-8',
  currentPassword: 'Wrong-Horse-Battery-8',
  newPassword: 'Other-Horse-Battery-7',
  idempotencyKey: '00000000-0000-4000-8000-000000000000',
  // A browser this server has; the sandbox user is never one of the account's, so nothing is launched.
  browser: 'chromium',
  callbackURL: '/app',
  redirectTo: '/user/reset-password',
};

/** A value the schema accepts, or close to it: the base a single bad field is put into. */
export function wellFormed(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'text';
  if (name in wellFormedByName) return wellFormedByName[name];
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return wellFormed(variant, name);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => wellFormed(part, name)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type ?? (schema.properties ? 'object' : 'string')) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) value[key] = wellFormed(property, key);
      return value;
    }
    case 'array':
      return [wellFormed(schema.items)];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
    case 'boolean':
      return false;
    default:
      return name.toLowerCase().includes('id') ? `fuzz-${name}` : 'text';
  }
}

/** The object schema of a body (the first variant of a union), merging allOf parts. */
export function objectShape(schema: JsonSchema | undefined): {
  properties: Record<string, JsonSchema>;
  required: string[];
} {
  if (!schema) return { properties: {}, required: [] };
  const parts = schema.allOf ?? [schema.oneOf?.[0] ?? schema.anyOf?.[0] ?? schema];
  const shapes = parts.map((part) =>
    part.oneOf || part.anyOf ? objectShape(part) : { properties: part.properties ?? {}, required: part.required ?? [] },
  );
  return {
    properties: Object.assign({}, ...shapes.map((shape) => shape.properties)),
    required: shapes.flatMap((shape) => shape.required),
  };
}

export interface BadValue {
  kind: BadValueClass;
  value: unknown;
}

/** `count` bad values drawn across every class, so each field meets each kind. */
export function badValues(random: Random, count: number): BadValue[] {
  const kinds = Object.keys(badValueClasses) as BadValueClass[];
  const values: BadValue[] = [];
  for (let index = 0; index < count; index++) {
    const kind = kinds[index % kinds.length] as BadValueClass;
    values.push({ kind, value: random.pick(badValueClasses[kind] as readonly unknown[]) });
  }
  return values;
}

/** A value as text in a URL (path or query): objects and arrays as JSON, which the route must refuse. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/** Path tricks stay as written (their %-escapes are the trick); anything else is encoded. */
export function inUrl(value: unknown): string {
  const text = asText(value);
  if ((pathTricks as readonly string[]).includes(text)) return text;
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a careless encoder would (invalid UTF-8).
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD')).replaceAll('%EF%BF%BD', '%ED%A0%80');
  }
}
