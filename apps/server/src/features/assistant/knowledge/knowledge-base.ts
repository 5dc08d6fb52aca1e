import fs from 'node:fs';
import path from 'node:path';

/**
 * The assistant's offline knowledge base: one markdown file per passage in `passages/`,
 * each with a small YAML-like front matter block (title, source, appliesFrom, keywords).
 */
export interface Passage {
  id: string;
  title: string;
  source: string;
  /** ISO date (YYYY-MM-DD) the figures in the passage apply from, or null when not dated. */
  appliesFrom: string | null;
  keywords: string[];
  text: string;
}

export const DEFAULT_PASSAGES_DIR = path.join(import.meta.dirname, 'passages');

const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const KNOWN_FIELDS = new Set(['title', 'source', 'appliesFrom', 'keywords']);

function fail(id: string, problem: string): never {
  throw new Error(`Knowledge passage ${id}.md: ${problem}`);
}

function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Parses one passage file. Strict: the front matter must be present and well formed, `title` and
 * `source` are required, `source` must be an https URL and `appliesFrom` a real calendar date.
 */
export function parsePassage(id: string, markdown: string): Passage {
  if (!ID_PATTERN.test(id)) fail(id, 'the file name must be lower-case words joined by hyphens');
  const normalised = markdown.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)([\s\S]*)$/.exec(normalised);
  if (!match) fail(id, 'missing front matter (a block between two "---" lines at the top of the file)');
  const [, header = '', body = ''] = match;

  const fields = new Map<string, string>();
  for (const [index, rawLine] of header.split('\n').entries()) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) fail(id, `front matter line ${index + 2} is not "field: value"`);
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (!KNOWN_FIELDS.has(key)) fail(id, `unknown front matter field "${key}"`);
    if (fields.has(key)) fail(id, `front matter field "${key}" appears twice`);
    fields.set(key, value);
  }

  const title = fields.get('title');
  if (!title) fail(id, 'front matter field "title" is missing or empty');
  const source = fields.get('source');
  if (!source) fail(id, 'front matter field "source" is missing or empty');
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    fail(id, `front matter field "source" is not a URL: ${source}`);
  }
  if (url.protocol !== 'https:') fail(id, `front matter field "source" must be an https URL: ${source}`);

  const appliesFromRaw = fields.get('appliesFrom');
  let appliesFrom: string | null = null;
  if (appliesFromRaw !== undefined) {
    if (!isRealDate(appliesFromRaw)) {
      fail(id, `front matter field "appliesFrom" must be a real date (YYYY-MM-DD): ${appliesFromRaw}`);
    }
    appliesFrom = appliesFromRaw;
  }

  const keywords = (fields.get('keywords') ?? '')
    .split(',')
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '');

  const text = body.trim();
  if (text === '') fail(id, 'the passage text after the front matter is empty');

  return { id, title, source, appliesFrom, keywords, text };
}

/** Loads every `*.md` passage in `dir`, sorted by id. Throws on a malformed passage or a duplicate id. */
export function loadKnowledgeBase(dir: string = DEFAULT_PASSAGES_DIR): Passage[] {
  const passages: Passage[] = [];
  const seen = new Set<string>();
  for (const fileName of fs.readdirSync(dir).sort()) {
    if (!fileName.toLowerCase().endsWith('.md')) continue;
    const id = fileName.slice(0, -'.md'.length);
    const key = id.toLowerCase();
    if (seen.has(key)) throw new Error(`Knowledge passage ${fileName}: duplicate passage id "${id}"`);
    seen.add(key);
    passages.push(parsePassage(id, fs.readFileSync(path.join(dir, fileName), 'utf8')));
  }
  return passages.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
