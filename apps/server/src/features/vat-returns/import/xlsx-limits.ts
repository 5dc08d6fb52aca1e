import zlib from 'node:zlib';
import type { ImportProblem } from '@vatwise/domain';
import { Tokenizer } from 'htmlparser2';
import {
  cellTooLongProblem,
  maxCellChars,
  maxColumns,
  maxDataRows,
  maxUnpackedBytes,
  textTooLongProblem,
  tooManyColumnsProblem,
  tooManyRowsProblem,
  unpacksTooLargeProblem,
} from './limits';

/**
 * The import limits checked while an XLSX unpacks, before read-excel-file (which unpacks every
 * part whole, then parses it) is given the file. The parts are inflated a chunk at a time, and the
 * XML of the shared strings and of the first sheet is parsed as it comes; the first limit broken
 * stops the inflating at once and is answered with its row and column. So a 96 KB file whose one cell unpacks to 95 MB is
 * refused within its first kilobytes instead of holding a worker for the 30-second time limit.
 *
 * The XML is tokenized by htmlparser2 in its XML mode: it takes the text a chunk at a time and hands
 * on a text's or an attribute's pieces as they arrive (one of any length is counted without being
 * held whole), it never stops at malformed XML (so nothing malformed can end the checks early and
 * leave the rest unread), and it is fast and maintained. saxes, the other streaming parser to hand,
 * holds each text whole until it ends and stops at the first malformed character; saxen (which
 * read-excel-file uses) and fast-xml-parser take a whole document at once.
 */

/** A part of the ZIP as a reader going through it from the start finds it. */
interface ZipPart {
  name: string;
  deflated: boolean;
  data: Buffer;
}

/** What a part's reading came to: read to its end, stopped at a limit, or neither. */
type Outcome = 'whole' | 'stopped' | 'too large' | 'damaged';

/** The first limit broken; 'damaged' for a ZIP or XML that is no workbook; null within every limit. */
export type XlsxCheck = ImportProblem | 'damaged' | null;

/** Excel's own sheet size: a row or column beyond it is no workbook Excel saved. */
const excelMaxRows = 1_048_576;
const excelMaxColumns = 16_384;

/**
 * The most characters a cell's text may take as written: `_xHHHH_` escapes (ECMA-376 Part 1,
 * §22.9.2.19) write one character as seven, and spaces around it are trimmed when it is read.
 * Any other text, a tag or an attribute this long is no part of a workbook.
 */
const maxWrittenChars = maxCellChars * 8;

/** Inflated a chunk at a time: small enough that a limit stops it within a few kilobytes. */
const chunkBytes = 64 * 1024;

const localHeader = 0x04034b50;
const dataDescriptor = Buffer.from([0x50, 0x4b, 0x07, 0x08]);

/**
 * The ZIP's parts in the order its local headers come, each with its data, as read-excel-file's
 * unzipper reads it (from the start, not through the central directory, which could list other
 * parts than those read); null for a ZIP that is damaged, or holds one name twice.
 */
export function zipParts(content: Buffer): ZipPart[] | null {
  const parts: ZipPart[] = [];
  const names = new Set<string>();
  let at = 0;
  while (at + 4 <= content.length && content.readUInt32LE(at) === localHeader) {
    if (at + 30 > content.length) return null;
    const flags = content.readUInt16LE(at + 6);
    const method = content.readUInt16LE(at + 8);
    const compressed = content.readUInt32LE(at + 18);
    const nameLength = content.readUInt16LE(at + 26);
    const dataStart = at + 30 + nameLength + content.readUInt16LE(at + 28);
    const name = content.toString('utf8', at + 30, at + 30 + nameLength);
    let dataEnd = dataStart + compressed;
    at = dataEnd;
    if ((flags & 0x08) !== 0 && compressed === 0) {
      // The sizes follow the data, in a descriptor that the reader looks for.
      dataEnd = content.indexOf(dataDescriptor, dataStart);
      if (dataEnd < 0) return null;
      at = dataEnd + 16;
    }
    if (dataEnd > content.length || names.has(name)) return null;
    names.add(name);
    parts.push({ name, deflated: method !== 0, data: content.subarray(dataStart, dataEnd) });
  }
  return parts;
}

/**
 * Inflates one part a chunk at a time, counting what it unpacks to against the budget left, and
 * hands each chunk's text to `take` (if given) until it answers false.
 */
function unpack(part: ZipPart, budget: { left: number }, take?: (text: string) => boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const decoder = new TextDecoder('utf-8');
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (!settled) {
        settled = true;
        resolve(outcome);
      }
    };
    const onBytes = (bytes: Buffer): boolean => {
      budget.left -= bytes.length;
      if (budget.left < 0) {
        settle('too large');
        return false;
      }
      if (take && !take(decoder.decode(bytes, { stream: true }))) {
        settle('stopped');
        return false;
      }
      return true;
    };
    const onEnd = () => {
      if (take) take(decoder.decode());
      settle('whole');
    };
    if (!part.deflated) {
      for (let at = 0; at < part.data.length; at += chunkBytes) {
        if (!onBytes(part.data.subarray(at, at + chunkBytes))) return;
      }
      onEnd();
      return;
    }
    const inflate = zlib.createInflateRaw({ chunkSize: chunkBytes });
    inflate.on('data', (bytes: Buffer) => {
      // Destroying the stream stops the inflating: nothing more of the part is unpacked.
      if (!settled && !onBytes(bytes)) inflate.destroy();
    });
    inflate.on('end', onEnd);
    inflate.on('error', () => settle('damaged'));
    inflate.end(part.data);
  });
}

/**
 * What a part's XML is told, tags by local name (`x:c` is `c`, as read-excel-file reads them);
 * an answer of false stops the reading.
 */
interface XmlEvents {
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
async function scanXml(part: ZipPart, budget: { left: number }, events: XmlEvents): Promise<Outcome> {
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
class CellText {
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

/** Where the workbook keeps its first sheet and its shared strings (as read-excel-file finds them). */
function workbookParts() {
  const relations = new Map<string, { type: string; target: string }>();
  let firstSheet: string | undefined;
  const path = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  const pathOf = (kind: string) => {
    for (const { type, target } of relations.values()) if (type.endsWith(`/${kind}`)) return path(target);
    return undefined;
  };
  return {
    relationships: {
      attributesOf: { tags: new Set(['Relationship']), names: new Set(['Id', 'Type', 'Target']) },
      open(name: string, attributes: ReadonlyMap<string, string>) {
        const [id, type, target] = [attributes.get('Id'), attributes.get('Type'), attributes.get('Target')];
        if (name === 'Relationship' && id && type && target) relations.set(id, { type, target });
        return true;
      },
      close: () => true,
      text: () => true,
    } satisfies XmlEvents,
    workbook: {
      attributesOf: { tags: new Set(['sheet']), names: new Set(['id']) },
      open(name: string, attributes: ReadonlyMap<string, string>) {
        if (name === 'sheet' && firstSheet === undefined) {
          firstSheet = attributes.get('id');
        }
        return true;
      },
      close: () => true,
      text: () => true,
    } satisfies XmlEvents,
    sheetPath: () => {
      const target = firstSheet === undefined ? undefined : relations.get(firstSheet)?.target;
      return target === undefined ? undefined : path(target);
    },
    sharedStringsPath: () => pathOf('sharedStrings') ?? 'xl/sharedStrings.xml',
  };
}

/** The shared strings, up to the first longer than a cell may hold (its index, once found). */
function sharedStringLimits() {
  let index = 0;
  const text = new CellText();
  let item: CellText | null = null;
  let inText = false;
  let inPhonetic = false;
  const state = { tooLong: null as number | null };
  const events: XmlEvents = {
    attributesOf: { tags: new Set(), names: new Set() },
    open(name) {
      if (name === 'si') {
        text.reset();
        item = text;
      } else if (name === 't') inText = true;
      else if (name === 'rPh') inPhonetic = true;
      return true;
    },
    close(name) {
      if (name === 'si' && item) {
        item.finish();
        if (item.tooLong) {
          state.tooLong = index;
          return false;
        }
        item = null;
        index++;
      } else if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      return true;
    },
    text(text) {
      // A phonetic reading (rPh) is not part of the text read.
      if (!item || !inText || inPhonetic) return true;
      item.add(text);
      if (!item.tooLong) return true;
      state.tooLong = index;
      return false;
    },
  };
  return { events, state };
}

/** 'AB12' as its 0-based column and 1-based row (read a character at a time: it is read for every cell). */
function cellAddress(reference: string | undefined): { column: number; row: number } | null {
  if (reference === undefined) return null;
  let column = 0;
  let at = 0;
  for (; at < reference.length && at < 4; at++) {
    const code = reference.charCodeAt(at) | 0x20; // lower case
    if (code < 97 || code > 122) break;
    column = column * 26 + code - 96;
  }
  const row = Number(reference.slice(at));
  return at === 0 || at > 3 || !Number.isInteger(row) || row < 1 ? null : { column: column - 1, row };
}

/**
 * The first sheet's cells, rows and columns against the limits, in the order they are written:
 * a cell too long, a cell with a value beyond maxColumns, or the row of record maxDataRows + 1
 * (counting rows with a value, the heading row first).
 */
function sheetLimits(tooLongString: number | null) {
  const state = { problem: null as ImportProblem | null, damaged: false };
  let inSheetData = false;
  let row = 0;
  let rowHasValue = false;
  let previousColumn = -1;
  let rowsWithValues = 0;
  // The cell being read (one at a time, so one is kept and reset).
  let inCell = false;
  let column = 0;
  let type = 'n';
  /** The text of <v>, or of an inline string's <t>s. */
  const value = new CellText();
  /** The start of <v>: a shared string's index. */
  let index = '';
  let inValue = false;
  let inInline = false;
  let inText = false;
  let inPhonetic = false;

  const stop = (problem: ImportProblem) => {
    state.problem = problem;
    return false;
  };
  const damaged = () => {
    state.damaged = true;
    return false;
  };

  function endCell(): boolean {
    inCell = false;
    value.finish();
    if (value.tooLong) return stop(cellTooLongProblem(row, column));
    if (type === 's' && tooLongString !== null && Number(index.trim()) === tooLongString) {
      return stop(cellTooLongProblem(row, column));
    }
    // An error cell is read as empty; a shared string is taken to have a value (its text was
    // counted only for its length).
    if (type === 'e' || value.empty) return true;
    if (column >= maxColumns) return stop(tooManyColumnsProblem(row, column));
    if (!rowHasValue) {
      rowHasValue = true;
      rowsWithValues++;
      if (rowsWithValues > maxDataRows + 1) return stop(tooManyRowsProblem(row));
    }
    return true;
  }

  const events: XmlEvents = {
    attributesOf: { tags: new Set(['row', 'c']), names: new Set(['r', 't']) },
    open(name, attributes) {
      if (inCell) {
        if (name === 'v') inValue = true;
        else if (name === 'is') inInline = true;
        else if (name === 't') inText = true;
        else if (name === 'rPh') inPhonetic = true;
      } else if (name === 'c' && inSheetData) {
        const address = cellAddress(attributes.get('r'));
        column = address?.column ?? previousColumn + 1;
        if (column >= excelMaxColumns || (address && address.row > excelMaxRows)) return damaged();
        previousColumn = column;
        inCell = true;
        type = attributes.get('t') ?? 'n';
        value.reset();
        index = '';
        inValue = inInline = inText = inPhonetic = false;
      } else if (name === 'row' && inSheetData) {
        const number = attributes.get('r');
        row = number === undefined ? row + 1 : Number(number);
        if (!Number.isInteger(row) || row < 1 || row > excelMaxRows) return damaged();
        rowHasValue = false;
        previousColumn = -1;
      } else if (name === 'sheetData') inSheetData = true;
      return true;
    },
    close(name) {
      if (inCell) {
        if (name === 'v') inValue = false;
        else if (name === 'c') return endCell();
        else if (name === 'is') inInline = false;
        else if (name === 't') inText = false;
        else if (name === 'rPh') inPhonetic = false;
      } else if (name === 'sheetData') inSheetData = false;
      return true;
    },
    text(text) {
      if (!inCell || !(inValue || (inInline && inText && !inPhonetic))) return true;
      if (inValue && type === 's' && index.length < 16) index += text.slice(0, 16);
      value.add(text);
      return value.tooLong ? stop(cellTooLongProblem(row, column)) : true;
    },
  };
  return { events, state };
}

/**
 * The first limit the XLSX breaks, found as it unpacks (in the order read: the shared strings,
 * then the first sheet's rows and cells, then the unpacked size of the other parts); 'damaged'
 * for a ZIP or XML that is no workbook; null when it is within every limit.
 */
export async function xlsxLimitProblem(fileName: string, content: Buffer): Promise<XlsxCheck> {
  const parts = zipParts(content);
  if (!parts) return 'damaged';
  const byName = new Map(parts.map((part) => [part.name, part]));
  const budget = { left: maxUnpackedBytes };
  const read = new Set<ZipPart>();
  /** A problem, 'damaged', or undefined to go on. */
  const failed = (outcome: Outcome): XlsxCheck | undefined => {
    if (outcome === 'too large') return unpacksTooLargeProblem(fileName);
    if (outcome === 'damaged') return 'damaged';
    return undefined;
  };
  const scan = (part: ZipPart, events: XmlEvents) => {
    read.add(part);
    return scanXml(part, budget, events);
  };

  const relationships = byName.get('xl/_rels/workbook.xml.rels');
  const workbook = byName.get('xl/workbook.xml');
  if (relationships && workbook) {
    const paths = workbookParts();
    const found =
      failed(await scan(relationships, paths.relationships)) ?? failed(await scan(workbook, paths.workbook));
    if (found !== undefined) return found;

    const strings = sharedStringLimits();
    const stringsPart = byName.get(paths.sharedStringsPath());
    if (stringsPart) {
      const failure = failed(await scan(stringsPart, strings.events));
      if (failure !== undefined) return failure;
    }
    const sheetPart = byName.get(paths.sheetPath() ?? '');
    if (sheetPart) {
      const sheet = sheetLimits(strings.state.tooLong);
      const outcome = await scan(sheetPart, sheet.events);
      if (sheet.state.problem) return sheet.state.problem;
      if (sheet.state.damaged) return 'damaged';
      const failure = failed(outcome);
      if (failure !== undefined) return failure;
    }
    // A text too long that the first sheet never uses is still no export to import.
    if (strings.state.tooLong !== null) return textTooLongProblem(fileName);
  }

  for (const part of parts) {
    if (read.has(part)) continue;
    // Only what the part really unpacks to counts (its headers can lie); a damaged part that
    // read-excel-file needs is its to report.
    if ((await unpack(part, budget)) === 'too large') return unpacksTooLargeProblem(fileName);
  }
  return null;
}
