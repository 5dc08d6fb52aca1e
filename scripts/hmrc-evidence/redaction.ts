import type { Exchange, HeaderMap } from './model';

/**
 * How the evidence's secrets are redacted: credential headers, secret fields of JSON bodies, forms
 * and queries, and any secret value found elsewhere. Fraud prevention headers are kept.
 */

export const redacted = '[redacted]';

/** Headers whose whole value is a credential. Fraud prevention headers are kept: they are the evidence. */
const secretHeaders = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

/**
 * Field names whose value is a secret, in JSON bodies, forms and query strings. `code` is one only
 * in forms and queries (OAuth's authorisation code); in JSON it is HMRC's error code, which is evidence.
 */
const secretFields = [
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'code_verifier',
  'password',
  'newPassword',
  'currentPassword',
  'secret',
  'totpURI',
  'token',
];
const secretFormFields = [...secretFields, 'code'];
const secretArrayFields = ['backupCodes'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const jsonString = new RegExp(`"(${secretFields.map(escape).join('|')})"(\\s*:\\s*)"((?:[^"\\\\]|\\\\.)*)"`, 'gi');
const jsonArray = new RegExp(`"(${secretArrayFields.map(escape).join('|')})"(\\s*:\\s*)\\[[^\\]]*\\]`, 'gi');
const formField = new RegExp(`(^|[&?])(${secretFormFields.map(escape).join('|')})=([^&#]*)`, 'gi');

/** A JSON text with every secret field's value replaced; everything else byte for byte as it was. */
export function redactJsonText(text: string): string {
  return text.replace(jsonString, `"$1"$2"${redacted}"`).replace(jsonArray, `"$1"$2["${redacted}"]`);
}

/** A form body or query string (`a=1&code=…`) with every secret field's value replaced. */
export function redactForm(text: string): string {
  return text.replace(formField, (_match, lead: string, name: string) => `${lead}${name}=${redacted}`);
}

export function redactHeaders(headers: HeaderMap): HeaderMap {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, secretHeaders.has(name.toLowerCase()) ? redacted : value]),
  );
}

/** Replaces each known secret value wherever it appears (tokens copied into a message, a password echoed). */
export function scrubValues(text: string, secrets: Iterable<string>): string {
  let out = text;
  // Longest first, so a secret that contains another is replaced whole.
  for (const secret of [...new Set(secrets)].filter((value) => value.length >= 8).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(redacted);
  }
  return out;
}

const isForm = (headers: HeaderMap) =>
  Object.entries(headers).some(
    ([name, value]) =>
      name.toLowerCase() === 'content-type' && value.toLowerCase().includes('application/x-www-form-urlencoded'),
  );

function redactBody(body: string, headers: HeaderMap): string {
  return isForm(headers) ? redactForm(body) : redactJsonText(body);
}

/** The secret values an exchange carries: to scrub them from anywhere else they turn up. */
export function secretsIn(exchange: Exchange): string[] {
  const found: string[] = [];
  for (const headers of [exchange.requestHeaders, exchange.responseHeaders]) {
    for (const [name, value] of Object.entries(headers)) {
      if (!secretHeaders.has(name.toLowerCase())) continue;
      found.push(value, ...value.split(/[\s,;=]+/).filter((part) => part.length >= 8));
    }
  }
  const formValues = (text: string) =>
    [...text.matchAll(formField)].map((match) => decodeURIComponentSafe(match[3] ?? ''));
  const jsonValues = (text: string) => [...text.matchAll(jsonString)].map((match) => match[3] ?? '');
  for (const text of [exchange.url.split('?')[1] ?? '', exchange.requestBody]) found.push(...formValues(text));
  for (const text of [exchange.requestBody, exchange.responseBody]) found.push(...jsonValues(text));
  return found.filter((value) => value.length >= 8 && value !== redacted);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The exchange as the report shows it: credentials out, fraud prevention headers and everything else in. */
export function redactExchange<T extends Exchange>(exchange: T, secrets: Iterable<string> = []): T {
  const known = [...secrets];
  const scrub = (text: string) => scrubValues(text, known);
  const scrubHeaders = (headers: HeaderMap) =>
    Object.fromEntries(Object.entries(redactHeaders(headers)).map(([name, value]) => [name, scrub(value)]));
  const [path = '', query] = exchange.url.split('?');
  return {
    ...exchange,
    url: scrub(query === undefined ? path : `${path}?${redactForm(query)}`),
    requestHeaders: scrubHeaders(exchange.requestHeaders),
    requestBody: scrub(redactBody(exchange.requestBody, exchange.requestHeaders)),
    responseHeaders: scrubHeaders(exchange.responseHeaders),
    responseBody: scrub(redactBody(exchange.responseBody, exchange.responseHeaders)),
    ...(exchange.error === undefined ? {} : { error: scrub(exchange.error) }),
  };
}

/** Any value in a JSON-shaped tree, strings scrubbed of the known secrets (for HMRC's feedback body). */
export function scrubTree(value: unknown, secrets: Iterable<string>): unknown {
  const known = [...secrets];
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return scrubValues(node, known);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([key, child]) => [
          key,
          secretFields.some((field) => field.toLowerCase() === key.toLowerCase()) ? redacted : walk(child),
        ]),
      );
    }
    return node;
  };
  return walk(value);
}
