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

/** Every text of a translation, by its dotted path (list items by index). */
function textsOf(value: unknown, path = '', texts = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') texts.set(path, value);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) textsOf(inner, path ? `${path}.${key}` : key, texts);
  }
  return texts;
}

/**
 * Texts that read the same in Spanish, so a Spanish text equal to the English one is no
 * forgotten translation. Kept short: names, codes and words Spanish shares with English.
 */
const sameInSpanish = new Set([
  // Product, service and company names.
  'VAT Wise',
  '© {{year}} VAT Wise',
  'HMRC',
  'HMRC Assist',
  'Google',
  'GitHub',
  // The language menu names each language in that language.
  'English',
  'Español',
  // HMRC Assist's switch between HMRC's own English and Welsh messages.
  'Cymraeg',
  // Codes.
  'VRN {{vrn}}',
  'SHA-256',
  'SHA-256 {{hash}}',
  // Spanish words spelt as in English.
  'Editor',
  'Error',
  'No',
  'Normal',
]);

/**
 * Sources' addresses, and the titles of GOV.UK and HMRC Developer Hub pages quoted as published
 * (in English, so a reader can find them), are the same in every language.
 */
function sameEverywhere(path: string, text: string): boolean {
  if (/^https?:\/\//.test(text)) return true;
  return /(^|\.)sources\.\d+\.label$/.test(path) && /^(GOV\.UK|HMRC Developer Hub): /.test(text);
}

describe('Spanish translations', () => {
  const english = byLanguage('en');
  const spanish = byLanguage('es');

  it('has a text for every text English has', () => {
    const missing: string[] = [];
    for (const [namespace, content] of english) {
      const spanishTexts = textsOf(spanish.get(namespace));
      for (const path of textsOf(content).keys()) {
        if (!spanishTexts.has(path)) missing.push(`${namespace}:${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has every Spanish plural form of each counted text', () => {
    // i18next picks the form by Intl.PluralRules: Spanish has one, many (a million…) and other.
    const forms = new Intl.PluralRules('es').resolvedOptions().pluralCategories;
    const missing: string[] = [];
    for (const [namespace, content] of english) {
      const spanishTexts = textsOf(spanish.get(namespace));
      const counted = [...textsOf(content).keys()].flatMap((path) => /^(.*)_(one|other)$/.exec(path)?.[1] ?? []);
      for (const base of new Set(counted)) {
        for (const form of forms) {
          if (!spanishTexts.has(`${base}_${form}`)) missing.push(`${namespace}:${base}_${form}`);
        }
      }
    }
    expect(forms).toEqual(expect.arrayContaining(['one', 'other']));
    expect(missing).toEqual([]);
  });

  it('leaves no text in English', () => {
    const untranslated: string[] = [];
    for (const [namespace, content] of english) {
      const spanishTexts = textsOf(spanish.get(namespace));
      for (const [path, text] of textsOf(content)) {
        // Only texts with words: '{{start}} – {{end}}' reads the same in any language.
        const words = text.replace(/\{\{[^}]*\}\}/g, '');
        if (spanishTexts.get(path) !== text || !/\p{L}/u.test(words)) continue;
        if (sameInSpanish.has(text) || sameEverywhere(path, text)) continue;
        untranslated.push(`${namespace}:${path} ${JSON.stringify(text)}`);
      }
    }
    expect(untranslated).toEqual([]);
  });
});
