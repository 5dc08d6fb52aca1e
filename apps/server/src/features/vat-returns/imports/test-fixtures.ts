import zlib from 'node:zlib';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import { columnLetter } from './limits';

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

/**
 * A ZIP of the parts, each deflated, as a spreadsheet program writes one. The parts named in
 * `unlisted` are left out of its central directory (where a reader that trusts it would not look).
 */
export function zipFile(parts: Record<string, string | Buffer>, options: { unlisted?: string[] } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  let listed = 0;
  for (const [name, body] of Object.entries(parts)) {
    const raw = typeof body === 'string' ? Buffer.from(body) : body;
    const data = zlib.deflateRawSync(raw, { level: 9 });
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(zlib.crc32(raw), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    if (!options.unlisted?.includes(name)) {
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(8, 10);
      central.writeUInt32LE(zlib.crc32(raw), 16);
      central.writeUInt32LE(data.length, 20);
      central.writeUInt32LE(raw.length, 24);
      central.writeUInt16LE(fileName.length, 28);
      central.writeUInt32LE(offset, 42);
      centrals.push(central, fileName);
      listed++;
    }
    locals.push(local, fileName, data);
    offset += local.length + fileName.length + data.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(
    centrals.reduce((size, part) => size + part.length, 0),
    12,
  );
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const spreadsheetMl = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relationship = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * An XLSX written part by part: its first sheet's <sheetData> content and, if given, its shared
 * strings' <sst> content (text, or bytes for the very large).
 */
export function xlsxFromXml(
  sheetData: string | Buffer,
  sharedStrings?: string | Buffer,
  options: { unlisted?: string[] } = {},
): Buffer {
  const wrap = (start: string, body: string | Buffer, end: string) =>
    Buffer.concat([Buffer.from(start), Buffer.from(body), Buffer.from(end)]);
  return zipFile(
    {
      '[Content_Types].xml': `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
      'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="${spreadsheetMl}" xmlns:r="${relationship}"><sheets><sheet name="Records" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationship}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${relationship}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      'xl/worksheets/sheet1.xml': wrap(
        `<?xml version="1.0"?><worksheet xmlns="${spreadsheetMl}"><sheetData>`,
        sheetData,
        '</sheetData></worksheet>',
      ),
      ...(sharedStrings === undefined
        ? {}
        : {
            'xl/sharedStrings.xml': wrap(
              `<?xml version="1.0"?><sst xmlns="${spreadsheetMl}">`,
              sharedStrings,
              '</sst>',
            ),
          }),
    },
    options,
  );
}

/** A cell of inline text, written as Excel writes one. */
const textCell = (reference: string, text: string) => `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;

/**
 * Hostile workbooks, each a few kilobytes that break one limit early on: the cell B2 of `bytes`
 * characters (95 MB by default, under the 100 MB unpacked limit), held as a shared string or
 * inline; a heading row of `columns` columns; and `records` rows of records under a heading row.
 */
export const hostileXlsx = {
  longSharedString(bytes = 95 * 1024 * 1024): Buffer {
    return xlsxFromXml(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>3</v></c></row>',
      Buffer.concat([
        Buffer.from('<si><t>Date</t></si><si><t>Description</t></si><si><t>2026-04-01</t></si><si><t>'),
        Buffer.alloc(bytes, 'x'),
        Buffer.from('</t></si>'),
      ]),
    );
  },
  longInlineString(bytes = 95 * 1024 * 1024): Buffer {
    return xlsxFromXml(
      Buffer.concat([
        Buffer.from(
          `<row r="1">${textCell('A1', 'Date')}${textCell('B1', 'Description')}</row><row r="2">${textCell('A2', '2026-04-01')}<c r="B2" t="inlineStr"><is><t>`,
        ),
        Buffer.alloc(bytes, 'x'),
        Buffer.from('</t></is></c></row>'),
      ]),
    );
  },
  wide(columns = 2_000): Buffer {
    const cells = Array.from({ length: columns }, (_, index) =>
      textCell(`${columnLetter(index)}1`, `Heading ${index + 1}`),
    );
    return xlsxFromXml(`<row r="1">${cells.join('')}</row>`);
  },
  tall(records: number): Buffer {
    const rows = [`<row r="1">${textCell('A1', 'Box')}${textCell('B1', 'Amount')}</row>`];
    for (let row = 2; row <= records + 1; row++)
      rows.push(`<row r="${row}"><c r="A${row}"><v>1</v></c><c r="B${row}"><v>10</v></c></row>`);
    return xlsxFromXml(rows.join(''));
  },
};
