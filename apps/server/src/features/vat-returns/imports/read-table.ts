import type { ImportProblem } from '@vatwise/domain';
import { parse } from 'csv-parse/sync';
import { type CellValue, cellText, isBlank } from './cells';
import {
  cellTooLongProblem,
  columnLetter,
  maxCellChars,
  maxColumns,
  maxDataRows,
  maxFileBytes,
  maxUnpackedBytes,
  megabytesOf,
  tooManyColumnsProblem,
  tooManyRowsProblem,
  unpacksTooLargeProblem,
} from './limits';
import { xlsxLimitProblem } from './xlsx-limits';

/**
 * An uploaded file as a table: its column headings and its rows, numbered as a spreadsheet shows
 * them (the heading row is row 1 when it is the first line). CSV (comma, semicolon or tab separated,
 * UTF-8 with or without BOM, or Windows-1252 as older Excel saves it) and XLSX (the first sheet) are
 * read; anything else is refused with a message saying how to save the file instead. The limits
 * (limits.ts) are checked as the file is read: the first one broken stops the reading.
 */

export type { CellValue };

export { columnLetter, maxCellChars, maxColumns, maxDataRows, maxFileBytes, maxUnpackedBytes };

export interface TableRow {
  /** 1-based, as a spreadsheet shows it. */
  row: number;
  /** Keyed by column heading; empty cells are null, text is trimmed. */
  cells: Record<string, CellValue>;
}

export interface Table {
  columns: string[];
  rows: TableRow[];
}

export type ReadTableResult = Table | { problem: ImportProblem };

type Grid = CellValue[][];

const fileProblem = (message: string): { problem: ImportProblem } => ({
  problem: { row: null, column: null, message },
});

/** A file over maxFileBytes: its size when known (else only that it is over). */
export function fileTooLargeProblem(sizeBytes?: number): ImportProblem {
  const size =
    sizeBytes === undefined
      ? `more than ${megabytesOf(maxFileBytes)}`
      : `${(Math.ceil((sizeBytes * 10) / (1024 * 1024)) / 10).toFixed(1)} MB`;
  return {
    row: null,
    column: null,
    message: `The file is ${size}; the largest file VAT Wise can import is ${megabytesOf(maxFileBytes)}. Split it into smaller files (for example one per month) and import each`,
  };
}

const saveAs = 'Save it as CSV or as an Excel workbook (.xlsx) and import that';

export async function readTable(fileName: string, content: Buffer): Promise<ReadTableResult> {
  if (content.length === 0) return fileProblem('The file is empty');
  if (content.length > maxFileBytes) return { problem: fileTooLargeProblem(content.length) };
  const grid = startsWith(content, zipMagic) ? await readXlsx(fileName, content) : readText(fileName, content);
  return 'problem' in grid ? grid : toTable(grid, startsWith(content, zipMagic));
}

// --- format detection -----------------------------------------------------------------------

const zipMagic = [0x50, 0x4b, 0x03, 0x04];
const oleMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const pdfMagic = [0x25, 0x50, 0x44, 0x46]; // %PDF

function startsWith(content: Buffer, magic: number[]): boolean {
  return content.length >= magic.length && magic.every((byte, index) => content[index] === byte);
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

function notSpreadsheet(fileName: string, content: Buffer): { problem: ImportProblem } | null {
  const extension = extensionOf(fileName);
  if (startsWith(content, oleMagic)) {
    return fileProblem(
      extension === 'xlsx' || extension === 'xlsm'
        ? `"${fileName}" is protected with a password. Open it in Excel, remove the password and save it again as .xlsx, or save it as CSV`
        : `"${fileName}" is an old Excel workbook (.xls), which VAT Wise cannot read. Open it in Excel and save it as an Excel workbook (.xlsx) or as CSV, then import that`,
    );
  }
  if (startsWith(content, pdfMagic)) {
    return fileProblem(
      `"${fileName}" is a PDF, not a spreadsheet. Export your records from your software or spreadsheet as CSV or as an Excel workbook (.xlsx) and import that`,
    );
  }
  return null;
}

// --- XLSX -----------------------------------------------------------------------------------

async function readXlsx(fileName: string, content: Buffer): Promise<Grid | { problem: ImportProblem }> {
  const unpacked = unpackedBytes(content);
  if (unpacked === null) return unreadableWorkbook(fileName);
  if (unpacked > maxUnpackedBytes) return { problem: unpacksTooLargeProblem(fileName) };
  // The sizes a ZIP declares can lie, and read-excel-file unpacks every part whole before it
  // reads any: so the parts are first unpacked a chunk at a time, checking the limits as they come.
  const limit = await xlsxLimitProblem(fileName, content);
  if (limit === 'damaged') return unreadableWorkbook(fileName);
  if (limit) return { problem: limit };
  let data: unknown[][];
  try {
    // Loaded on the first spreadsheet rather than at every start.
    const { readSheet } = await import('read-excel-file/node');
    data = (await readSheet(content, 1)) as unknown[][];
  } catch {
    return unreadableWorkbook(fileName);
  }
  return data.map((row) => row.map(toCell));
}

function unreadableWorkbook(fileName: string): { problem: ImportProblem } {
  const extension = extensionOf(fileName);
  if (extension === 'ods') return fileProblem(`"${fileName}" is an OpenDocument spreadsheet (.ods). ${saveAs}`);
  if (extension === 'numbers') return fileProblem(`"${fileName}" is an Apple Numbers file. ${saveAs}`);
  if (extension !== 'xlsx' && extension !== 'xlsm') {
    return fileProblem(`"${fileName}" is not a CSV file or an Excel workbook (.xlsx). ${saveAs}`);
  }
  return fileProblem(
    `"${fileName}" could not be read as an Excel workbook: it may be damaged. Open it in Excel and save it again as .xlsx, or save it as CSV`,
  );
}

/**
 * What the ZIP's entries add up to once unpacked, from its central directory (a guard against a
 * small file that unpacks to gigabytes); null when there is no readable central directory.
 */
export function unpackedBytes(content: Buffer): number | null {
  const endRecord = 0x06054b50;
  const entryRecord = 0x02014b50;
  const earliest = Math.max(0, content.length - 22 - 0xffff);
  for (let at = content.length - 22; at >= earliest; at--) {
    if (content.readUInt32LE(at) !== endRecord) continue;
    const entries = content.readUInt16LE(at + 10);
    let offset = content.readUInt32LE(at + 16);
    if (entries === 0xffff || offset === 0xffffffff) return Number.POSITIVE_INFINITY; // ZIP64: far too big here
    let total = 0;
    for (let index = 0; index < entries; index++) {
      if (offset + 46 > content.length || content.readUInt32LE(offset) !== entryRecord) return null;
      const size = content.readUInt32LE(offset + 24);
      if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
      total += size;
      offset +=
        46 + content.readUInt16LE(offset + 28) + content.readUInt16LE(offset + 30) + content.readUInt16LE(offset + 32);
    }
    return total;
  }
  return null;
}

function toCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

/**
 * A row with a value beyond maxColumns or a cell longer than maxCellChars, named by row and
 * column. Both are checked as the file is read (readText, xlsx-limits.ts); this is the last check.
 */
function oversizedCell(grid: Grid): { problem: ImportProblem } | null {
  for (const [index, cells] of grid.entries()) {
    const long = cells.findIndex(
      (cell, column) =>
        (typeof cell === 'string' && cell.length > maxCellChars) || (column >= maxColumns && !isBlank(cell)),
    );
    if (long >= maxColumns) return { problem: tooManyColumnsProblem(index + 1, long) };
    if (long >= 0) return { problem: cellTooLongProblem(index + 1, long) };
  }
  return null;
}

// --- CSV ------------------------------------------------------------------------------------

/**
 * The first limit the CSV's records break, record by record in the order they were written. A
 * CSV is at most maxFileBytes and packs nothing, so it is parsed whole first: csv-parse's
 * per-record hook (on_record) would cost a fifth of the parsing again.
 */
function csvLimitProblem(records: string[][]): ImportProblem | null {
  let recordsWithValues = 0;
  for (const [index, record] of records.entries()) {
    const row = index + 1;
    let hasValue = false;
    for (let column = 0; column < record.length; column++) {
      if (column >= maxColumns) return tooManyColumnsProblem(row, column);
      const field = record[column] ?? '';
      if (field.length > maxCellChars) return cellTooLongProblem(row, column);
      hasValue ||= field.trim() !== '';
    }
    if (hasValue && ++recordsWithValues > maxDataRows + 1) return tooManyRowsProblem(row);
  }
  return null;
}

function readText(fileName: string, content: Buffer): Grid | { problem: ImportProblem } {
  const refused = notSpreadsheet(fileName, content);
  if (refused) return refused;
  const text = decodeText(content);
  if (text === null || /^\s*</.test(text)) {
    return fileProblem(`"${fileName}" is not a CSV file or an Excel workbook (.xlsx). ${saveAs}`);
  }
  if (text.trim() === '') return fileProblem('The file is empty');
  const delimiter = detectDelimiter(text);
  try {
    const records = parse(text, {
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
    const limit = csvLimitProblem(records);
    return limit ? { problem: limit } : records;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'CSV_QUOTE_NOT_CLOSED') {
      const line = unclosedQuoteLine(text, delimiter) ?? (error as { lines?: number }).lines;
      return fileProblem(
        `The file could not be read: the quote (") opened on line ${line} is never closed. Close it, or write a quote inside a field as two quotes ("")`,
      );
    }
    const line = (error as { lines?: unknown }).lines;
    return fileProblem(
      `The file could not be read as CSV${typeof line === 'number' ? ` (near line ${line})` : ''}. Check that line, or save the file again as CSV from your spreadsheet`,
    );
  }
}

/** Text from UTF-8 (with or without BOM), UTF-16 with BOM, or Windows-1252; null for binary content. */
function decodeText(content: Buffer): string | null {
  if (startsWith(content, [0xef, 0xbb, 0xbf])) return new TextDecoder('utf-8').decode(content.subarray(3));
  if (startsWith(content, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(content.subarray(2));
  if (startsWith(content, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(content.subarray(2));
  const sample = content.subarray(0, 8192);
  if (sample.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return new TextDecoder('windows-1252').decode(content);
  }
}

/** The separator used most in the heading line (outside quotes): comma, semicolon or tab. */
function detectDelimiter(text: string): string {
  const headerLine = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** The line on which the quoted field that never closes began (csv-parse reports the end of the file). */
function unclosedQuoteLine(text: string, delimiter: string): number | null {
  let line = 1;
  let quoted = false;
  let openedOn = 0;
  let fieldStart = true;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    const newline = char === '\n' || (char === '\r' && text[index + 1] !== '\n');
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') index++;
        else quoted = false;
      } else if (newline) line++;
    } else if (char === '"' && fieldStart) {
      quoted = true;
      openedOn = line;
      fieldStart = false;
    } else if (char === delimiter) {
      fieldStart = true;
    } else if (newline) {
      line++;
      fieldStart = true;
    } else if (char !== '\r') {
      fieldStart = false;
    }
  }
  return quoted ? openedOn : null;
}

// --- headings and rows ----------------------------------------------------------------------

function normaliseCell(value: CellValue | undefined): CellValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  return value;
}

function toTable(grid: Grid, xlsx: boolean): ReadTableResult {
  const tooLarge = oversizedCell(grid);
  if (tooLarge) return tooLarge;
  const headerIndex = grid.findIndex((cells) => cells.some((cell) => !isBlank(cell)));
  const headerCells = grid[headerIndex];
  if (!headerCells) {
    return fileProblem(
      xlsx
        ? 'The first sheet of the workbook is empty: put the records on the first sheet, with the column headings in row 1'
        : 'The file is empty',
    );
  }
  const headerRow = headerIndex + 1;
  const filled = headerCells.filter((cell) => !isBlank(cell));
  if (filled.every((cell) => typeof cell !== 'string' || !/\p{L}/u.test(cell))) {
    return fileProblem(
      `Row ${headerRow} should name the columns, but it looks like data (${filled.map((cell) => cellText(cell)).join(', ')}). Add a row of column headings above the data, such as Date, Description, Net and VAT (or Box and Amount)`,
    );
  }

  const dataRows = grid.slice(headerIndex + 1);
  let recordCount = 0;
  for (const [offset, cells] of dataRows.entries()) {
    if (cells.some((cell) => !isBlank(cell)) && ++recordCount > maxDataRows) {
      return { problem: tooManyRowsProblem(headerRow + 1 + offset) };
    }
  }
  const width = dataRows.reduce((widest, cells) => Math.max(widest, cells.length), headerCells.length);
  const columns: { name: string; index: number }[] = [];
  const seen = new Map<string, number>();
  for (let index = 0; index < width; index++) {
    const name = cellText(headerCells[index] ?? null);
    if (name === '') {
      const used = dataRows.findIndex((cells) => !isBlank(cells[index] ?? null));
      if (used >= 0) {
        return {
          problem: {
            row: headerRow,
            column: null,
            message: `Column ${columnLetter(index)} has data (from row ${headerRow + 1 + used}) but no heading in row ${headerRow}: give it a heading, or delete the column`,
          },
        };
      }
      continue;
    }
    const earlier = seen.get(name.toLowerCase());
    if (earlier !== undefined) {
      return {
        problem: {
          row: headerRow,
          column: name,
          message: `The heading "${name}" is used twice (columns ${columnLetter(earlier)} and ${columnLetter(index)}): give each column a different heading`,
        },
      };
    }
    seen.set(name.toLowerCase(), index);
    columns.push({ name, index });
  }

  const rows: TableRow[] = [];
  dataRows.forEach((cells, offset) => {
    if (cells.every((cell) => isBlank(cell))) return;
    rows.push({
      row: headerRow + 1 + offset,
      cells: Object.fromEntries(columns.map(({ name, index }) => [name, normaliseCell(cells[index])])),
    });
  });
  return { columns: columns.map(({ name }) => name), rows };
}
