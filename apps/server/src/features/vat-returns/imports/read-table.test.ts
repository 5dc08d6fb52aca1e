import { describe, expect, it } from 'vitest';
import {
  columnLetter,
  maxCellChars,
  maxDataRows,
  maxFileBytes,
  maxUnpackedBytes,
  readTable,
  type ReadTableResult,
  type Table,
  unpackedBytes,
} from './read-table';
import { csvFile, dateCell, hostileXlsx, moneyCell, xlsxFile, xlsxFromXml } from './test-fixtures';

function table(result: ReadTableResult): Table {
  if ('problem' in result) throw new Error(`Expected a table, got: ${result.problem.message}`);
  return result;
}

function problem(result: ReadTableResult) {
  if (!('problem' in result)) throw new Error(`Expected a problem, got a table of ${result.rows.length} rows`);
  return result.problem;
}

describe('readTable: CSV', () => {
  it('reads a comma-separated file, quoted fields and all, numbering rows as a spreadsheet does', async () => {
    const result = table(
      await readTable(
        'sales.csv',
        csvFile([
          ' Date , Description,Net,VAT',
          '05/04/2026,"Widgets, blue",100.00,20.00',
          '',
          '06/04/2026,"Said ""hello""",(12.30),-2.46',
          ',,,',
          '07/04/2026,"Two',
          'lines","£1,234.56",0',
        ]),
      ),
    );
    expect(result.columns).toEqual(['Date', 'Description', 'Net', 'VAT']);
    expect(result.rows.map((row) => row.row)).toEqual([2, 4, 6]);
    expect(result.rows[0]?.cells).toEqual({
      Date: '05/04/2026',
      Description: 'Widgets, blue',
      Net: '100.00',
      VAT: '20.00',
    });
    expect(result.rows[1]?.cells).toEqual({
      Date: '06/04/2026',
      Description: 'Said "hello"',
      Net: '(12.30)',
      VAT: '-2.46',
    });
    expect(result.rows[2]?.cells).toEqual({
      Date: '07/04/2026',
      Description: 'Two\r\nlines',
      Net: '£1,234.56',
      VAT: '0',
    });
  });

  it('reads a semicolon-separated file with a UTF-8 BOM', async () => {
    const result = table(
      await readTable(
        'ledger.csv',
        csvFile(['Date;Details;Net £;VAT', '31/05/2026;Rent; £1,234.56 ;246,91'], { bom: true }),
      ),
    );
    expect(result.columns).toEqual(['Date', 'Details', 'Net £', 'VAT']);
    expect(result.rows).toEqual([
      { row: 2, cells: { Date: '31/05/2026', Details: 'Rent', 'Net £': '£1,234.56', VAT: '246,91' } },
    ]);
  });

  it('reads a Windows-1252 file (as older Excel saves CSV) with its £ signs', async () => {
    const content = Buffer.concat([Buffer.from('Box,Amount\r\n1,'), Buffer.from([0xa3]), Buffer.from('10.00\r\n')]);
    expect(table(await readTable('boxes.csv', content)).rows[0]?.cells).toEqual({ Box: '1', Amount: '£10.00' });
  });

  it('skips blank lines above the headings and counts them as rows', async () => {
    const result = table(
      await readTable('x.csv', csvFile(['', ',', 'Box,Amount', '1,10', '', '2,5'], { newline: '\n' })),
    );
    expect(result.rows.map((row) => row.row)).toEqual([4, 6]);
  });

  it('ignores a column with neither heading nor data (a trailing separator)', async () => {
    const result = table(await readTable('x.csv', csvFile(['Box,Amount,', '1,10,'])));
    expect(result.columns).toEqual(['Box', 'Amount']);
  });

  it('refuses an empty file', async () => {
    expect(problem(await readTable('x.csv', Buffer.alloc(0)))).toEqual({
      row: null,
      column: null,
      message: 'The file is empty',
    });
    expect(problem(await readTable('x.csv', csvFile(['', '  ', ''], { bom: true }))).message).toBe('The file is empty');
  });

  it('refuses an unclosed quote, naming the line it opened on', async () => {
    const result = await readTable(
      'x.csv',
      csvFile(['Date,Description,Net,VAT', '05/04/2026,ok,1,0', '06/04/2026,"oops,1,0', '07/04/2026,x,1,0']),
    );
    expect(problem(result).message).toBe(
      'The file could not be read: the quote (") opened on line 3 is never closed. Close it, or write a quote inside a field as two quotes ("")',
    );
  });

  it('refuses a first row that is data rather than headings', async () => {
    expect(problem(await readTable('x.csv', csvFile(['05/04/2026,100.00,20.00'])))).toEqual({
      row: null,
      column: null,
      message:
        'Row 1 should name the columns, but it looks like data (05/04/2026, 100.00, 20.00). Add a row of column headings above the data, such as Date, Description, Net and VAT (or Box and Amount)',
    });
  });

  it('refuses duplicate headings, whatever their case', async () => {
    expect(problem(await readTable('x.csv', csvFile(['Date,VAT,Net,vat', '05/04/2026,1,5,1'])))).toEqual({
      row: 1,
      column: 'vat',
      message: 'The heading "vat" is used twice (columns B and D): give each column a different heading',
    });
  });

  it('refuses a column with data but no heading', async () => {
    expect(problem(await readTable('x.csv', csvFile(['Date,,Net', '05/04/2026,,5', '06/04/2026,x,5'])))).toEqual({
      row: 1,
      column: null,
      message: 'Column B has data (from row 3) but no heading in row 1: give it a heading, or delete the column',
    });
  });

  it('refuses a PDF, whatever it is called', async () => {
    const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1');
    expect(problem(await readTable('records.csv', pdf)).message).toBe(
      '"records.csv" is a PDF, not a spreadsheet. Export your records from your software or spreadsheet as CSV or as an Excel workbook (.xlsx) and import that',
    );
  });

  it('refuses an old Excel workbook (.xls) and other binary files', async () => {
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(problem(await readTable('records.xls', xls)).message).toBe(
      '"records.xls" is an old Excel workbook (.xls), which VAT Wise cannot read. Open it in Excel and save it as an Excel workbook (.xlsx) or as CSV, then import that',
    );
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(problem(await readTable('photo.csv', png)).message).toBe(
      '"photo.csv" is not a CSV file or an Excel workbook (.xlsx). Save it as CSV or as an Excel workbook (.xlsx) and import that',
    );
  });

  it('refuses a file over 20 MB', async () => {
    expect(problem(await readTable('big.csv', Buffer.alloc(maxFileBytes + 1, 'a'))).message).toBe(
      'The file is 20.1 MB; the largest file VAT Wise can import is 20 MB. Split it into smaller files (for example one per month) and import each',
    );
  });

  it('refuses more than 150,000 rows of records', async () => {
    const lines = ['Box,Amount', ...Array.from({ length: maxDataRows + 1 }, () => '1,1')];
    expect(problem(await readTable('many.csv', csvFile(lines)))).toEqual({
      row: 150_002,
      column: null,
      message:
        'The file has more than 150,000 rows of records (record 150,001 is on row 150,002); VAT Wise imports at most 150,000 at a time. Split it into smaller files (for example one per month) and import each',
    });
    expect(table(await readTable('enough.csv', csvFile(lines.slice(0, -1)))).rows).toHaveLength(maxDataRows);
  });
});

describe('readTable: XLSX', () => {
  it('reads the first sheet with real date and number cells, numbering rows as Excel does', async () => {
    const content = await xlsxFile([
      ['Invoice date', 'Details', 'Net', 'VAT'],
      [dateCell(2026, 4, 5), 'Widgets', moneyCell(100.5), moneyCell(20.1)],
      [null, null, null, null],
      [dateCell(2026, 6, 30), '  Rent  ', 1234.56, 0],
    ]);
    const result = table(await readTable('ledger.xlsx', content));
    expect(result.columns).toEqual(['Invoice date', 'Details', 'Net', 'VAT']);
    expect(result.rows).toEqual([
      {
        row: 2,
        cells: { 'Invoice date': new Date('2026-04-05T00:00:00Z'), Details: 'Widgets', Net: 100.5, VAT: 20.1 },
      },
      { row: 4, cells: { 'Invoice date': new Date('2026-06-30T00:00:00Z'), Details: 'Rent', Net: 1234.56, VAT: 0 } },
    ]);
  });

  it('recognises an XLSX by its content, not its name', async () => {
    const content = await xlsxFile([
      ['Box', 'Amount'],
      [1, 10],
    ]);
    expect(table(await readTable('boxes.csv', content)).rows).toEqual([{ row: 2, cells: { Box: 1, Amount: 10 } }]);
  });

  it('refuses an empty first sheet and a damaged workbook', async () => {
    expect(problem(await readTable('empty.xlsx', await xlsxFile([[null]]))).message).toBe(
      'The first sheet of the workbook is empty: put the records on the first sheet, with the column headings in row 1',
    );
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 1)]);
    expect(problem(await readTable('broken.xlsx', damaged)).message).toBe(
      '"broken.xlsx" could not be read as an Excel workbook: it may be damaged. Open it in Excel and save it again as .xlsx, or save it as CSV',
    );
  });
  it('refuses a workbook that says it would unpack to more than 100 MB', async () => {
    const content = await xlsxFile([
      ['Box', 'Amount'],
      [1, 10],
    ]);
    expect(unpackedBytes(content)).toBeGreaterThan(0);
    expect(unpackedBytes(content)).toBeLessThan(maxUnpackedBytes);
    // Declare the first entry huge in the central directory, as a "zip bomb" would.
    const bomb = Buffer.from(content);
    const endAt = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    bomb.writeUInt32LE(maxUnpackedBytes + 1, bomb.readUInt32LE(endAt + 16) + 24);
    expect(problem(await readTable('bomb.xlsx', bomb)).message).toBe(
      '"bomb.xlsx" unpacks to more than 100 MB, which is too large to import. Save the records as CSV, or split them into smaller workbooks',
    );
  });
});

describe('readTable: limits checked as the file is read', () => {
  /** Refused long before the 30-second time limit could have stopped it. */
  const quickly = 10_000;
  const timed = async (read: () => Promise<ReadTableResult>) => {
    const started = performance.now();
    const result = await read();
    return { result, ms: performance.now() - started };
  };
  const longCell = {
    row: 2,
    column: 'B',
    message:
      'The cell in column B of row 2 holds more than 32,767 characters, which is more than a spreadsheet cell can: check that the file is the export you meant',
  };

  it('reads a workbook written part by part (the hostile ones below are written so)', async () => {
    const content = xlsxFromXml(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Amount</t></is></c></row><row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>10.5</v></c></row>',
      '<si><t>Box</t></si>',
    );
    expect(table(await readTable('boxes.xlsx', content))).toEqual({
      columns: ['Box', 'Amount'],
      rows: [{ row: 2, cells: { Box: 1, Amount: 10.5 } }],
    });
  });

  it('refuses a cell that unpacks to 95 MB as a shared string or inline, within its first kilobytes', async () => {
    for (const content of [hostileXlsx.longSharedString(), hostileXlsx.longInlineString()]) {
      expect(content.length).toBeLessThan(200 * 1024);
      const { result, ms } = await timed(() => readTable('long.xlsx', content));
      expect(problem(result)).toEqual(longCell);
      expect(ms).toBeLessThan(quickly);
    }
  });

  it('counts a cell as read: trimmed, escapes read as one character', async () => {
    const padded = `${' '.repeat(1_000)}${'x'.repeat(maxCellChars)}${' '.repeat(1_000)}`;
    // Seven characters as written for each one read, across the chunks the XML is read in.
    const escaped = '_x0041_'.repeat(maxCellChars);
    const sheet = (text: string) =>
      `<row r="1"><c r="A1" t="inlineStr"><is><t>Note</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>${text}</t></is></c></row>`;
    expect(table(await readTable('padded.xlsx', xlsxFromXml(sheet(padded)))).rows).toHaveLength(1);
    expect(table(await readTable('escaped.xlsx', xlsxFromXml(sheet(escaped)))).rows).toHaveLength(1);
    expect(problem(await readTable('long.xlsx', xlsxFromXml(sheet(`${padded}x`)))).column).toBe('A');
  });

  it('refuses a row of 2,000 columns at the first column past the limit', async () => {
    const { result, ms } = await timed(() => readTable('wide.xlsx', hostileXlsx.wide(2_000)));
    expect(problem(result)).toEqual({
      row: 1,
      column: 'ALM',
      message:
        'Row 1 has more than 1,000 columns (it reaches column ALM); VAT Wise reads at most 1,000. Delete the columns you do not need and save the file again',
    });
    expect(ms).toBeLessThan(quickly);
    const csv = await readTable(
      'wide.csv',
      csvFile([Array.from({ length: 2_000 }, (_, index) => `c${index}`).join(',')]),
    );
    expect(problem(csv)).toEqual(problem(result));
  });

  it('refuses the row of record 150,001, and reads 150,000', async () => {
    const { result, ms } = await timed(() => readTable('many.xlsx', hostileXlsx.tall(maxDataRows + 1)));
    expect(problem(result)).toEqual({
      row: 150_002,
      column: null,
      message:
        'The file has more than 150,000 rows of records (record 150,001 is on row 150,002); VAT Wise imports at most 150,000 at a time. Split it into smaller files (for example one per month) and import each',
    });
    expect(ms).toBeLessThan(quickly);
    expect(table(await readTable('enough.xlsx', hostileXlsx.tall(maxDataRows))).rows).toHaveLength(maxDataRows);
  });

  it('refuses a CSV cell over 32,767 characters, naming its row and column', async () => {
    const csv = csvFile([
      'Date,Description,Net,VAT',
      '2026-04-01,Books,10.00,0.00',
      `2026-04-02,Books,${'9'.repeat(40_000)},0.00`,
    ]);
    expect(problem(await readTable('long.csv', csv))).toEqual({
      row: 3,
      column: 'C',
      message:
        'The cell in column C of row 3 holds more than 32,767 characters, which is more than a spreadsheet cell can: check that the file is the export you meant',
    });
  });

  it('checks the parts as a reader going through the ZIP finds them, listed in its directory or not', async () => {
    // read-excel-file reads the parts one after another from the start, as they come.
    const hidden = xlsxFromXml(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>3</v></c></row>',
      `<si><t>Date</t></si><si><t>Description</t></si><si><t>2026-04-01</t></si><si><t>${'x'.repeat(100_000)}</t></si>`,
      { unlisted: ['xl/sharedStrings.xml'] },
    );
    expect(problem(await readTable('hidden.xlsx', hidden))).toEqual(longCell);
  });

  it('refuses as damaged a tag or attribute no workbook has, without reading it to its end', async () => {
    const attribute = xlsxFromXml(
      Buffer.concat([
        Buffer.from('<row r="1"><c r="A1" s="'),
        Buffer.alloc(95 * 1024 * 1024, '1'),
        Buffer.from('"><v>1</v></c></row>'),
      ]),
    );
    const { result, ms } = await timed(() => readTable('odd.xlsx', attribute));
    expect(problem(result).message).toBe(
      '"odd.xlsx" could not be read as an Excel workbook: it may be damaged. Open it in Excel and save it again as .xlsx, or save it as CSV',
    );
    expect(ms).toBeLessThan(quickly);
  });
});

describe('columnLetter', () => {
  it('labels columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});
