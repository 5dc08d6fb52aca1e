import writeXlsxFile, { type SheetData } from 'write-excel-file/node';

/** Test files built in memory: no binary fixtures in the repository. */

/** A CSV file from its lines, joined with CRLF as Excel saves them; `bom` adds the UTF-8 byte order mark. */
export function csvFile(lines: string[], options: { bom?: boolean; newline?: string } = {}): Buffer {
  const text = lines.join(options.newline ?? '\r\n') + (options.newline ?? '\r\n');
  return Buffer.concat([options.bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, 'utf8')]);
}

/** A date cell as Excel keeps it: a serial number shown with a date format. */
export const dateCell = (year: number, month: number, day: number) => ({
  value: new Date(Date.UTC(year, month - 1, day)),
  type: Date,
  format: 'dd/mm/yyyy',
});

/** A number cell shown with two decimals, as a spreadsheet of money would be. */
export const moneyCell = (value: number) => ({ value, type: Number, format: '#,##0.00' });

/** An XLSX workbook whose first sheet holds the rows. */
export async function xlsxFile(rows: SheetData): Promise<Buffer> {
  return writeXlsxFile(rows).toBuffer();
}

export const quarter = { start: '2026-04-01', end: '2026-06-30' };
