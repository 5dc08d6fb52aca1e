/**
 * A strict JSON parser (RFC 8259) that keeps each number's source text. JSON.parse turns `100.100`
 * into 100.1, losing the scale HMRC's validation looks at (decimal.ts), and Node 20's JSON.parse has
 * no access to source text. Objects become Maps so that any key, `__proto__` included, is plain
 * data; a repeated key keeps its last value, as Jackson does.
 *
 * Written here rather than taken from npm because the simulator must read a body as HMRC does:
 * lossless-json 4.3.3, the maintained library for this, refuses a repeated key ("Duplicate key")
 * where HMRC's Jackson keeps the last, and overflows the stack on 20,000 nested arrays where this
 * parser refuses past 1,000 levels (tried on 2026-11-24).
 */

/** A JSON number, kept as written. */
export class JsonNumber {
  constructor(readonly source: string) {}
}

export type LosslessJson = null | boolean | string | JsonNumber | LosslessJson[] | LosslessObject;
export type LosslessObject = Map<string, LosslessJson>;

class JsonSyntaxError extends Error {}

/** Deeper documents are refused rather than allowed to exhaust the stack (Jackson's default is 1000). */
const maxDepth = 1000;

const numberSyntax = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const escapes: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** The document, or undefined when `text` is not exactly one JSON value. */
export function parseLosslessJson(text: string): LosslessJson | undefined {
  let at = 0;
  let depth = 0;

  const fail = (): never => {
    throw new JsonSyntaxError();
  };

  const skipWhitespace = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text.charAt(at))) at += 1;
  };

  const expect = (literal: string): void => {
    if (!text.startsWith(literal, at)) fail();
    at += literal.length;
  };

  const parseString = (): string => {
    expect('"');
    let out = '';
    for (;;) {
      if (at >= text.length) fail();
      const char = text.charAt(at);
      at += 1;
      if (char === '"') return out;
      if (char === '\\') {
        const code = text.charAt(at);
        at += 1;
        if (code === 'u') {
          const hex = text.slice(at, at + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail();
          out += String.fromCharCode(parseInt(hex, 16));
          at += 4;
        } else {
          const escaped = escapes[code];
          if (escaped === undefined) fail();
          out += escaped;
        }
      } else if (char < ' ') {
        fail(); // control characters must be escaped (RFC 8259 section 7)
      } else {
        out += char;
      }
    }
  };

  const parseValue = (): LosslessJson => {
    skipWhitespace();
    const char = text.charAt(at);
    if (char === '{' || char === '[') {
      depth += 1;
      if (depth > maxDepth) fail();
      const container = char === '{' ? parseObject() : parseArray();
      depth -= 1;
      return container;
    }
    if (char === '"') return parseString();
    if (text.startsWith('true', at)) {
      at += 4;
      return true;
    }
    if (text.startsWith('false', at)) {
      at += 5;
      return false;
    }
    if (text.startsWith('null', at)) {
      at += 4;
      return null;
    }
    numberSyntax.lastIndex = at;
    const match = numberSyntax.exec(text);
    if (!match) return fail();
    at += match[0].length;
    return new JsonNumber(match[0]);
  };

  const parseObject = (): LosslessObject => {
    at += 1;
    const object: LosslessObject = new Map();
    skipWhitespace();
    if (text.charAt(at) === '}') {
      at += 1;
      return object;
    }
    for (;;) {
      skipWhitespace();
      const key = parseString();
      skipWhitespace();
      expect(':');
      object.set(key, parseValue());
      skipWhitespace();
      if (text.charAt(at) !== ',') {
        expect('}');
        return object;
      }
      at += 1;
    }
  };

  const parseArray = (): LosslessJson[] => {
    at += 1;
    const array: LosslessJson[] = [];
    skipWhitespace();
    if (text.charAt(at) === ']') {
      at += 1;
      return array;
    }
    for (;;) {
      array.push(parseValue());
      skipWhitespace();
      if (text.charAt(at) !== ',') {
        expect(']');
        return array;
      }
      at += 1;
    }
  };

  try {
    const value = parseValue();
    skipWhitespace();
    return at === text.length ? value : undefined;
  } catch (error) {
    if (error instanceof JsonSyntaxError) return undefined;
    throw error;
  }
}
