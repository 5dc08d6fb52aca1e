import { errorCodes, hmrcMessageKeys, httpStatusMessageKeys } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';

/** Every translation file, by language and namespace, read straight from disk. */
const files = import.meta.glob<Record<string, unknown>>('../../**/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function byLanguage(language: string): Map<string, unknown> {
  const namespaces = new Map<string, unknown>();
  for (const [file, content] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match?.[1] === language) namespaces.set(match[2] ?? '', content);
  }
  return namespaces;
}

/** The shape of a translation: its keys and array lengths, with the texts left out. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]));
  }
  return typeof value;
}

function lookup(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);
}

describe('translations', () => {
  const english = byLanguage('en');
  const spanish = byLanguage('es');

  it('has the same namespaces in English and Spanish', () => {
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
    expect(english.has('common')).toBe(true);
  });

  it('gives Spanish every key and list English has, in the same shape', () => {
    for (const [namespace, content] of english) {
      expect(shapeOf(spanish.get(namespace)), namespace).toEqual(shapeOf(content));
    }
  });

  it('leaves no Spanish text empty', () => {
    const texts = JSON.stringify([...spanish.values()]);
    expect(texts).not.toMatch(/:\s*""/);
  });

  it('translates every error code of the catalogue, every HTTP status message and every HMRC message', () => {
    for (const language of [english, spanish]) {
      const common = language.get('common');
      for (const code of errorCodes) expect(lookup(common, `errors.${code}`), code).toEqual(expect.any(String));
      for (const key of httpStatusMessageKeys) expect(lookup(common, key), key).toEqual(expect.any(String));
      for (const key of hmrcMessageKeys) expect(lookup(common, key), key).toEqual(expect.any(String));
    }
  });
});
