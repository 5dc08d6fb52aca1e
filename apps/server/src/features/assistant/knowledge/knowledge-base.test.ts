import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadKnowledgeBase, parsePassage } from './knowledge-base';

const VALID = `---
title: Late submission penalty points
source: https://www.gov.uk/hmrc-internal-manuals/compliance-handbook/ch192200
appliesFrom: 2023-01-01
keywords: late return, points , , £200
---
Each late return earns a point.
`;

function withoutLine(markdown: string, field: string): string {
  return markdown
    .split('\n')
    .filter((line) => !line.startsWith(`${field}:`))
    .join('\n');
}

describe('parsePassage', () => {
  it('reads the front matter and the text', () => {
    expect(parsePassage('late-points', VALID)).toEqual({
      id: 'late-points',
      title: 'Late submission penalty points',
      source: 'https://www.gov.uk/hmrc-internal-manuals/compliance-handbook/ch192200',
      appliesFrom: '2023-01-01',
      keywords: ['late return', 'points', '£200'],
      text: 'Each late return earns a point.',
    });
  });

  it('treats appliesFrom and keywords as optional, and accepts Windows line endings', () => {
    const passage = parsePassage(
      'p',
      withoutLine(withoutLine(VALID, 'appliesFrom'), 'keywords').replace(/\n/g, '\r\n'),
    );
    expect(passage.appliesFrom).toBeNull();
    expect(passage.keywords).toEqual([]);
    expect(passage.text).toBe('Each late return earns a point.');
  });

  it('refuses a passage without a title, naming the file and the field', () => {
    expect(() => parsePassage('no-title', withoutLine(VALID, 'title'))).toThrow(/no-title\.md.*"title"/);
    expect(() => parsePassage('empty-title', VALID.replace(/^title: .*$/m, 'title:'))).toThrow(
      /empty-title\.md.*"title"/,
    );
  });

  it('refuses a passage without a source, naming the file and the field', () => {
    expect(() => parsePassage('no-source', withoutLine(VALID, 'source'))).toThrow(/no-source\.md.*"source"/);
  });

  it('refuses a source that is not an https URL', () => {
    expect(() => parsePassage('p', VALID.replace('https://www.gov.uk', 'http://www.gov.uk'))).toThrow(
      /"source".*https/,
    );
    expect(() => parsePassage('p', VALID.replace(/^source: .*$/m, 'source: VAT Notice 700/12'))).toThrow(/"source"/);
  });

  it('refuses a passage without front matter', () => {
    expect(() => parsePassage('bare', 'Just some text.')).toThrow(/bare\.md.*front matter/);
    expect(() => parsePassage('open', '---\ntitle: x\nsource: https://www.gov.uk\nNo closing line')).toThrow(
      /front matter/,
    );
  });

  it('refuses impossible dates, unknown fields, repeated fields and empty text', () => {
    expect(() => parsePassage('p', VALID.replace('2023-01-01', '2023-02-30'))).toThrow(/"appliesFrom"/);
    expect(() => parsePassage('p', VALID.replace('2023-01-01', '1 Jan 2023'))).toThrow(/"appliesFrom"/);
    expect(() => parsePassage('p', VALID.replace('keywords:', 'keyword:'))).toThrow(
      /unknown front matter field "keyword"/,
    );
    expect(() => parsePassage('p', VALID.replace('keywords:', 'title: Again\nkeywords:'))).toThrow(
      /"title" appears twice/,
    );
    expect(() => parsePassage('p', VALID.replace('Each late return earns a point.', ''))).toThrow(/text.*empty/);
  });

  it('refuses an id that is not lower-case words joined by hyphens', () => {
    expect(() => parsePassage('Late Points', VALID)).toThrow(/Late Points\.md/);
  });
});

describe('loadKnowledgeBase', () => {
  const tempDirs: string[] = [];
  afterEach(() => {
    for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  function tempDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vatwise-kb-'));
    tempDirs.push(dir);
    return dir;
  }

  it('loads the real knowledge base: 60–120 well-formed passages with unique ids', () => {
    const passages = loadKnowledgeBase();
    expect(passages.length).toBeGreaterThanOrEqual(60);
    expect(passages.length).toBeLessThanOrEqual(120);
    const ids = passages.map((passage) => passage.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());
    for (const passage of passages) {
      expect(new URL(passage.source).protocol, passage.id).toBe('https:');
      if (passage.appliesFrom !== null) {
        expect(passage.appliesFrom, passage.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${passage.appliesFrom}T00:00:00Z`).toISOString().slice(0, 10), passage.id).toBe(
          passage.appliesFrom,
        );
      }
      const words = passage.text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
      expect(words, `${passage.id} word count`).toBeGreaterThanOrEqual(60);
      expect(words, `${passage.id} word count`).toBeLessThanOrEqual(250);
    }
  });

  it('keeps key figures from the reference', () => {
    const text = (id: string) => loadKnowledgeBase().find((passage) => passage.id === id)?.text ?? '';
    expect(text('registration-thresholds')).toContain('£90,000');
    expect(text('registration-thresholds')).toContain('£88,000');
    expect(text('frs-rates-professional-services')).toContain('Computer and IT consultancy or data processing: 14.5%');
    expect(text('frs-limited-cost-trader')).toContain('16.5%');
    expect(text('late-submission-penalty-points')).toContain('£200');
    expect(text('late-payment-penalties')).toMatch(/3%.*3%.*10% a year/s);
  });

  it('holds no notes meant for its authors: a caution a user needs is written for the user', () => {
    // How the research behind a figure went ("not verified", "[U]", "third-party summary") is for
    // us; a user reads the answer, so a doubt is told as what to check (the current rate on GOV.UK).
    const authorsNotes = [
      /\bnot been (checked|verified|confirmed)\b/i,
      /\bunverified\b/i,
      /\bknowledge base\b/i,
      /\b(the|this) research\b/i,
      /\bsources (checked|seen)\b/i,
      /\bvalues seen\b/i,
      /\bthird-party\b/i,
      /\bsingle firm\b/i,
      /\[(U|P|V)\]/,
      /\b(TODO|FIXME|TBC|XXX)\b/,
    ];
    const found = loadKnowledgeBase().flatMap((passage) =>
      authorsNotes
        .filter((pattern) => pattern.test(`${passage.title}\n${passage.keywords.join(', ')}\n${passage.text}`))
        .map((pattern) => `${passage.id}: ${pattern.source}`),
    );
    expect(found).toEqual([]);
  });

  it('loads only markdown files, sorted by id', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'b-passage.md'), VALID);
    fs.writeFileSync(path.join(dir, 'a-passage.md'), VALID);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a passage');
    expect(loadKnowledgeBase(dir).map((passage) => passage.id)).toEqual(['a-passage', 'b-passage']);
  });

  it('names the file of a broken passage', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'broken.md'), withoutLine(VALID, 'source'));
    expect(() => loadKnowledgeBase(dir)).toThrow(/broken\.md.*"source"/);
  });

  it('refuses duplicate ids', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'same.md'), VALID);
    fs.writeFileSync(path.join(dir, 'same.MD'), VALID);
    // Ids differing only in case would collide on a case-insensitive file system (and in URLs).
    expect(fs.readdirSync(dir)).toHaveLength(2);
    expect(() => loadKnowledgeBase(dir)).toThrow(/duplicate passage id "same"/);
  });
});
