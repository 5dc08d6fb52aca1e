import type { ImportProblem } from '@vatwise/domain';
import {
  cellTooLongProblem,
  maxColumns,
  maxDataRows,
  maxUnpackedBytes,
  textTooLongProblem,
  tooManyColumnsProblem,
  tooManyRowsProblem,
  unpacksTooLargeProblem,
} from './limits';
import { type Outcome, type ZipPart, unpack, zipParts } from './xlsx-zip';
import { CellText, type XmlEvents, scanXml } from './xlsx-xml';

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

/** The first limit broken; 'damaged' for a ZIP or XML that is no workbook; null within every limit. */
export type XlsxCheck = ImportProblem | 'damaged' | null;

/** Excel's own sheet size: a row or column beyond it is no workbook Excel saved. */
const excelMaxRows = 1_048_576;
const excelMaxColumns = 16_384;

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
