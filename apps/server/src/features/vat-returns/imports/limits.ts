import { type ImportProblem, importLimits, ukLocale } from '@vatwise/domain';

/**
 * The import limits (packages/domain/src/vat-returns/import-limits.ts) and the problems that name
 * them. Each is checked while the file is read (read-table.ts for CSV, xlsx-limits.ts for XLSX),
 * so the first limit broken stops the reading there, with its row and column.
 */

export const { maxFileBytes, maxDataRows, maxUnpackedBytes, maxColumns, maxCellChars } = importLimits;

export const megabytesOf = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const count = (value: number) => value.toLocaleString(ukLocale);

/** 'A' for column 0, 'AA' for column 26, as a spreadsheet labels them. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/** A cell holding more than maxCellChars: `row` is 1-based, `column` 0-based. */
export function cellTooLongProblem(row: number, column: number): ImportProblem {
  return {
    row,
    column: columnLetter(column),
    message: `The cell in column ${columnLetter(column)} of row ${row} holds more than ${count(maxCellChars)} characters, which is more than a spreadsheet cell can: check that the file is the export you meant`,
  };
}

/** A shared string over maxCellChars that no cell of the first sheet uses. */
export function textTooLongProblem(fileName: string): ImportProblem {
  return {
    row: null,
    column: null,
    message: `"${fileName}" holds a text of more than ${count(maxCellChars)} characters, which is more than a spreadsheet cell can: check that the file is the export you meant`,
  };
}

/** A row reaching past maxColumns: `column` is the 0-based column found beyond the limit. */
export function tooManyColumnsProblem(row: number, column: number): ImportProblem {
  return {
    row,
    column: columnLetter(column),
    message: `Row ${row} has more than ${count(maxColumns)} columns (it reaches column ${columnLetter(column)}); VAT Wise reads at most ${count(maxColumns)}. Delete the columns you do not need and save the file again`,
  };
}

/** The row holding record maxDataRows + 1 (rows of records are counted after the heading row). */
export function tooManyRowsProblem(row: number): ImportProblem {
  return {
    row,
    column: null,
    message: `The file has more than ${count(maxDataRows)} rows of records (record ${count(maxDataRows + 1)} is on row ${count(row)}); VAT Wise imports at most ${count(maxDataRows)} at a time. Split it into smaller files (for example one per month) and import each`,
  };
}

export function unpacksTooLargeProblem(fileName: string): ImportProblem {
  return {
    row: null,
    column: null,
    message: `"${fileName}" unpacks to more than ${megabytesOf(maxUnpackedBytes)}, which is too large to import. Save the records as CSV, or split them into smaller workbooks`,
  };
}
