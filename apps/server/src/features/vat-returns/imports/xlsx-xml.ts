import { Tokenizer } from 'htmlparser2';
import { maxCellChars } from './limits';
import { type Outcome, type ZipPart, unpack } from './xlsx-zip';

/** A workbook part's XML, tokenized as it unpacks (xlsx-limits.ts says why htmlparser2's tokenizer). */

/**
 * The most characters a cell's text may take as written: `_xHHHH_` escapes (ECMA-376 Part 1,
 * §22.9.2.19) write one character as seven, and spaces around it are trimmed when it is read.
 * Any other text, a tag or an attribute this long is no part of a workbook.
 */
const maxWrittenChars = maxCellChars * 8;

/**
 * What a part's XML is told, tags by local name (`x:c` is `c`, as read-excel-file reads them);
 * an answer of false stops the reading.
 */
export interface XmlEvents {
  /**
   * The tags and attributes (by local name) to be told of; no others are kept, since they are
   * read for every cell.
   */
  attributesOf: { tags: ReadonlySet<string>; names: ReadonlySet<string> };
  /** `attributes` holds the wanted ones, until the next tag. */
  open(name: string, attributes: ReadonlyMap<string, string>): boolean;
  close(name: string): boolean;
  text(text: string): boolean;
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * Unpacks a part and parses its XML as it comes, until an event answers false. htmlparser2's
 * tokenizer is used without its Parser: the Parser keeps every attribute value and tag name whole
 * before it tells of them (a 95 MB attribute would be read to its end first) and costs as much
 * again as the tokenizer on a large sheet.
 */
export async function scanXml(part: ZipPart, budget: { left: number }, events: XmlEvents): Promise<Outcome> {
  let outcome: Outcome | null = null;
  // The chunk being tokenized and where it starts in the part's text; the text before it from the
  // end of the last token told of, for a token begun in an earlier chunk.
  let chunk = '';
  let chunkStart = 0;
  let carried = '';
  let carriedStart = 0;
  let lastTokenEnd = 0;
  let textRun = 0;
  let tagName = '';
  let tagStart = 0;
  let tagWanted = false;
  let attributeName = '';
  let attributeWanted = false;
  let attributeValue = '';
  const attributes = new Map<string, string>();

  const stopWith = (reason: Outcome) => {
    outcome ??= reason;
    tokenizer.pause();
  };
  const slice = (start: number, end: number) =>
    start >= chunkStart
      ? chunk.slice(start - chunkStart, end - chunkStart)
      : (carried + chunk).slice(start - carriedStart, end - carriedStart);
  const tokenEnds = (end: number) => {
    lastTokenEnd = end;
  };
  const text = (value: string) => {
    textRun += value.length;
    if (!events.text(value)) stopWith('stopped');
    else if (textRun > maxWrittenChars) stopWith('damaged');
  };
  const openTag = () => {
    textRun = 0;
    if (!events.open(tagName, attributes)) stopWith('stopped');
  };
  const closeTag = (name: string) => {
    textRun = 0;
    if (!events.close(name)) stopWith('stopped');
  };

  const tokenizer = new Tokenizer(
    { xmlMode: true, decodeEntities: true },
    {
      onopentagname(start, end) {
        tokenEnds(end);
        tagStart = start;
        tagName = localName(slice(start, end));
        tagWanted = events.attributesOf.tags.has(tagName);
        if (attributes.size > 0) attributes.clear();
      },
      onattribname(start, end) {
        tokenEnds(end);
        if (!tagWanted) return;
        attributeName = localName(slice(start, end));
        attributeWanted = events.attributesOf.names.has(attributeName);
      },
      onattribdata(start, end) {
        tokenEnds(end);
        // The tag is measured as it comes, kept or not: one too long (in one attribute or many)
        // stops the reading.
        if (end - tagStart > maxWrittenChars) stopWith('damaged');
        else if (tagWanted && attributeWanted) attributeValue += slice(start, end);
      },
      onattribentity(codePoint) {
        if (tagWanted && attributeWanted) attributeValue += String.fromCodePoint(codePoint);
      },
      onattribend(_quote, end) {
        tokenEnds(end);
        if (end - tagStart > maxWrittenChars) stopWith('damaged');
        if (!tagWanted || !attributeWanted) return;
        attributes.set(attributeName, attributeValue);
        attributeValue = '';
      },
      onopentagend(end) {
        tokenEnds(end + 1);
        openTag();
      },
      onselfclosingtag(end) {
        tokenEnds(end + 1);
        openTag();
        if (outcome === null) closeTag(tagName);
      },
      onclosetag(start, end) {
        tokenEnds(end);
        closeTag(localName(slice(start, end)));
      },
      ontext(start, end) {
        tokenEnds(end);
        text(slice(start, end));
      },
      ontextentity(codePoint, end) {
        tokenEnds(end);
        text(String.fromCodePoint(codePoint));
      },
      oncdata(start, end, endOffset) {
        tokenEnds(end);
        text(slice(start, end - endOffset));
      },
      oncomment: (_start, end) => tokenEnds(end),
      ondeclaration: (_start, end) => tokenEnds(end),
      onprocessinginstruction: (_start, end) => tokenEnds(end),
      onend: () => undefined,
    },
  );

  const unpacked = await unpack(part, budget, (next) => {
    chunk = next;
    tokenizer.write(next);
    const chunkEnd = chunkStart + chunk.length;
    // A token still open (a tag name, comment, CDATA...) is carried into the next chunk, up to a
    // length no part of a workbook reaches.
    if (outcome === null && chunkEnd - lastTokenEnd > maxWrittenChars) stopWith('damaged');
    const keepFrom = Math.max(lastTokenEnd, carriedStart);
    carried =
      keepFrom >= chunkStart ? chunk.slice(keepFrom - chunkStart) : (carried + chunk).slice(keepFrom - carriedStart);
    carriedStart = keepFrom;
    chunkStart = chunkEnd;
    return outcome === null;
  });
  if (outcome === null && unpacked === 'whole') {
    chunk = '';
    tokenizer.end();
  }
  return outcome ?? unpacked;
}

/** Whether a character is one that String.prototype.trim removes (its set is that of \s). */
const isSpace = (code: number) =>
  code <= 32 ? code === 32 || (code >= 9 && code <= 13) : code >= 128 && /\s/.test(String.fromCharCode(code));

/** A `_xHHHH_` escape (ECMA-376 Part 1, §22.9.2.19), and one that may go on in the next piece. */
const escape = /_x([0-9A-Fa-f]{4})_/g;
const escapeBegun = /_(?:x[0-9A-Fa-f]{0,4})?$/;

/**
 * A cell's text length as read-excel-file reads it (its `_xHHHH_` escapes read, then trimmed),
 * counted piece by piece as the XML comes: it only grows, so the first piece that takes it over
 * the limit stops the reading.
 */
export class CellText {
  private written = 0;
  private read = 0;
  private start = -1;
  private end = 0;
  /** The end of the last piece when it may begin an escape that the next piece ends. */
  private held = '';

  reset(): void {
    this.written = 0;
    this.read = 0;
    this.start = -1;
    this.end = 0;
    this.held = '';
  }

  add(piece: string): void {
    this.written += piece.length;
    const text = this.held + piece;
    this.held = '';
    if (!text.includes('_')) {
      this.count(text);
      return;
    }
    // Read left to right as read-excel-file does; what follows the last escape may begin one.
    let read = '';
    let from = 0;
    escape.lastIndex = 0;
    for (let found = escape.exec(text); found; found = escape.exec(text)) {
      read += text.slice(from, found.index) + String.fromCharCode(parseInt(found[1] ?? '', 16));
      from = found.index + found[0].length;
    }
    const rest = text.slice(from);
    const begun = escapeBegun.exec(rest);
    this.held = begun ? rest.slice(begun.index) : '';
    this.count(read + (begun ? rest.slice(0, begun.index) : rest));
  }

  /** The text has ended: what was held is text as it stands. */
  finish(): void {
    const { held } = this;
    this.held = '';
    this.count(held);
  }

  private count(text: string): void {
    let first = 0;
    while (first < text.length && isSpace(text.charCodeAt(first))) first++;
    if (first < text.length) {
      let last = text.length - 1;
      while (isSpace(text.charCodeAt(last))) last--;
      if (this.start < 0) this.start = this.read + first;
      this.end = this.read + last + 1;
    }
    this.read += text.length;
  }

  get empty(): boolean {
    return this.start < 0 && this.held === '';
  }

  get tooLong(): boolean {
    return (this.start >= 0 && this.end - this.start > maxCellChars) || this.written > maxWrittenChars;
  }
}
