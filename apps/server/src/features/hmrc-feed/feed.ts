import type { HmrcFeedEntry } from '@vatwise/domain';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** An Atom feed reduced to what the Home dashboard shows. */
export interface ParsedFeed {
  title: string;
  entries: HmrcFeedEntry[];
}

export const maxEntries = 20;
const maxSummaryChars = 400;
const fallbackTitle = 'HM Revenue & Customs';

/** The document is not a usable Atom feed; the message says why, without quoting the body. */
export class FeedFormatError extends Error {
  override name = 'FeedFormatError';
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Keep every value a string: an id or title of digits must not become a number.
  parseTagValue: false,
  parseAttributeValue: false,
  // `atom:entry` and `entry` alike.
  removeNSPrefix: true,
  // Besides XML's own five, decodes &#8217; and the common HTML names (&rsquo;, &pound;) GOV.UK
  // titles carry; without it the parser leaves numeric references undecoded.
  htmlEntities: true,
  // One <entry> or one <link> must still come back as a list.
  isArray: (_name, jPath) => jPath === 'feed.entry' || jPath === 'feed.entry.link',
});

type XmlNode = string | number | boolean | null | undefined | XmlNode[] | { [key: string]: XmlNode };

const isObject = (node: XmlNode): node is { [key: string]: XmlNode } =>
  typeof node === 'object' && node !== null && !Array.isArray(node);

/** The text of an element, whether it has attributes (`{#text, @_type}`) or not (a plain string). */
function textOf(node: XmlNode): string {
  if (node === null || node === undefined) return '';
  if (typeof node !== 'object') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join(' ');
  // xhtml content is nested elements: their words, in document order as far as the parser keeps it.
  return Object.entries(node)
    .filter(([key]) => !key.startsWith('@_'))
    .map(([, value]) => textOf(value))
    .join(' ');
}

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  pound: '£',
  euro: '€',
};

/** Elements inside a run of text: their tags go without leaving a space ("<a>software</a>." stays "software."). */
const inlineElements = new Set(
  'a abbr b bdi bdo cite code data dfn em i kbd mark q s samp small span strong sub sup time u var'.split(' '),
);

/** Escaped HTML (Atom's type="html") as plain words: tags dropped, entities decoded once. */
function htmlToText(html: string): string {
  return html
    .replace(/<\/?([a-z][a-z0-9]*)\b[^>]*>/gi, (_tag, name: string) =>
      inlineElements.has(name.toLowerCase()) ? '' : ' ',
    )
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return namedEntities[name.toLowerCase()] ?? whole;
    });
}

/** An Atom text construct (title, summary) as one line of plain text. */
function plainText(node: XmlNode): string {
  const type = isObject(node) ? textOf(node['@_type']) : 'text';
  const text = type === 'html' ? htmlToText(textOf(node)) : textOf(node);
  return text.replace(/\s+/g, ' ').trim();
}

/** The entry's web page: rel="alternate" (Atom's default rel), resolved against the feed's address, http(s) only. */
function linkOf(links: XmlNode, base: string): string | undefined {
  const candidates = (Array.isArray(links) ? links : [links]).filter(isObject);
  const alternate = candidates.find((link) => (textOf(link['@_rel']) || 'alternate') === 'alternate') ?? candidates[0];
  const href = alternate ? textOf(alternate['@_href']).trim() : '';
  if (!href) return undefined;
  try {
    const url = new URL(href, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

function isoInstant(value: string): string | undefined {
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** One entry, or nothing when it lacks what the card needs (a title, a web link, a date). */
function entryOf(node: XmlNode, base: string): HmrcFeedEntry | undefined {
  if (!isObject(node)) return undefined;
  const title = plainText(node.title);
  const url = linkOf(node.link, base);
  // Atom requires <updated>; <published> stands in for feeds that skimp on it.
  const updated = isoInstant(textOf(node.updated)) ?? isoInstant(textOf(node.published));
  if (!title || !url || !updated) return undefined;
  const summaryText = plainText(node.summary);
  const summary =
    summaryText.length > maxSummaryChars ? `${summaryText.slice(0, maxSummaryChars - 1).trimEnd()}…` : summaryText;
  return { id: textOf(node.id).trim() || url, title, url, updated, ...(summary ? { summary } : {}) };
}

/**
 * Reads an Atom document: its title and at most 20 entries, newest first. Anything that is not
 * well-formed XML with a <feed> root throws a FeedFormatError.
 * @param baseUrl the feed's own address, against which relative links are resolved.
 */
export function parseAtomFeed(xml: string, baseUrl: string): ParsedFeed {
  // The parser itself accepts broken documents (unclosed tags, stray text) without complaint.
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    const { msg, line, col } = validation.err;
    throw new FeedFormatError(`The feed is not well-formed XML: ${msg} (line ${line}, column ${col ?? '?'}).`);
  }
  let document: XmlNode;
  try {
    document = parser.parse(xml) as XmlNode;
  } catch (error) {
    throw new FeedFormatError(
      `The feed could not be parsed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!isObject(document) || document.feed === undefined) {
    const root = isObject(document) ? Object.keys(document).find((key) => !key.startsWith('?')) : undefined;
    throw new FeedFormatError(`The document is not an Atom feed (its root element is <${root ?? 'none'}>).`);
  }
  // An empty <feed/> comes back as '': a feed with nothing in it, not an error.
  const feed = isObject(document.feed) ? document.feed : {};
  const entries = (Array.isArray(feed.entry) ? feed.entry : [])
    .map((entry) => entryOf(entry, baseUrl))
    .filter((entry): entry is HmrcFeedEntry => entry !== undefined)
    .sort((a, b) => Date.parse(b.updated) - Date.parse(a.updated))
    .slice(0, maxEntries);
  return { title: plainText(feed.title) || fallbackTitle, entries };
}
