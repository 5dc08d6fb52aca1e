import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { previewImport } from './preview';
import { csvFile, dateCell, moneyCell, quarter, xlsxFile } from './test-fixtures';

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

describe('previewImport', () => {
  it('previews a good CSV with the mapping its headings suggest', async () => {
    const content = csvFile([
      'Date,Details,Net £,VAT,Type',
      '05/04/2026,"Consulting, April","£1,234.56",246.91,Sale',
      '06/04/2026,Returned stock,(100.00),(20.00),Purchase',
    ]);
    const preview = await previewImport({ kind: 'transactions', fileName: 'april.csv', content, period: quarter });
    expect(preview).toEqual({
      fileName: 'april.csv',
      sizeBytes: content.length,
      sha256: sha256(content),
      columns: ['Date', 'Details', 'Net £', 'VAT', 'Type'],
      mapping: {
        date: 'Date',
        description: 'Details',
        net: 'Net £',
        vat: 'VAT',
        kind: 'Type',
        defaultKind: 'sale',
        rate: null,
        paidOn: null,
      },
      records: [
        {
          kind: 'sale',
          date: '2026-04-05',
          description: 'Consulting, April',
          netPence: 123456,
          vatPence: 24691,
          rate: 'standard',
          treatment: 'normal',
        },
        {
          kind: 'purchase',
          date: '2026-04-06',
          description: 'Returned stock',
          netPence: -10000,
          vatPence: -2000,
          rate: 'standard',
          treatment: 'normal',
        },
      ],
      rows: [2, 3],
      problems: [],
    });
    expect(preview.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('previews a semicolon CSV with a BOM', async () => {
    const content = csvFile(['Invoice date;Narrative;Net amount;VAT amount', '30.06.2026;Books;12;0'], { bom: true });
    const preview = await previewImport({ kind: 'transactions', fileName: 'books.csv', content, period: quarter });
    expect(preview.problems).toEqual([]);
    expect(preview.records).toEqual([
      {
        kind: 'sale',
        date: '2026-06-30',
        description: 'Books',
        netPence: 1200,
        vatPence: 0,
        rate: 'zero',
        treatment: 'normal',
      },
    ]);
  });

  it('previews a good XLSX with real date and number cells', async () => {
    const content = await xlsxFile([
      ['Transaction date', 'Description', 'Net', 'VAT', 'VAT rate', 'Sale/Purchase'],
      [dateCell(2026, 4, 1), 'Laptop', moneyCell(999.99), moneyCell(200), 'Standard', 'P'],
      [dateCell(2026, 6, 30), 'Insurance', 250, 0, 'Exempt', 'P'],
      [null, null, null, null, null, null],
      [dateCell(2026, 5, 15), 'Sale of goods', 1000, 0.1 * 3 * 1000 - 100, '20%', 'S'],
    ]);
    const preview = await previewImport({ kind: 'transactions', fileName: 'q1.xlsx', content, period: quarter });
    expect(preview.problems).toEqual([]);
    expect(preview.rows).toEqual([2, 3, 5]);
    expect(preview.records).toEqual([
      {
        kind: 'purchase',
        date: '2026-04-01',
        description: 'Laptop',
        netPence: 99999,
        vatPence: 20000,
        rate: 'standard',
        treatment: 'normal',
      },
      {
        kind: 'purchase',
        date: '2026-06-30',
        description: 'Insurance',
        netPence: 25000,
        vatPence: 0,
        rate: 'exempt',
        treatment: 'normal',
      },
      {
        kind: 'sale',
        date: '2026-05-15',
        description: 'Sale of goods',
        netPence: 100000,
        vatPence: 20000,
        rate: 'standard',
        treatment: 'normal',
      },
    ]);
  });

  it('previews an XLSX of box totals', async () => {
    const content = await xlsxFile([
      ['Box number', 'Value'],
      [1, moneyCell(2400.5)],
      [4, 310.2],
      [6, 12000],
      [3, 2400.5],
    ]);
    const preview = await previewImport({ kind: 'boxTotals', fileName: 'boxes.xlsx', content, period: quarter });
    expect(preview.mapping).toEqual({ box: 'Box number', amount: 'Value' });
    expect(
      preview.records.map((record) => (record.kind === 'boxTotal' ? [record.box, record.amountPence] : null)),
    ).toEqual([
      [1, 240050],
      [4, 31020],
      [6, 1200000],
    ]);
    expect(preview.problems).toEqual([
      {
        row: 5,
        column: 'Box number',
        message:
          'Row 5, column "Box number": box 3 (total VAT due) is worked out by VAT Wise from boxes 1 and 2, so it cannot be imported: delete this row',
      },
    ]);
  });

  it('uses the remembered mapping only when the file has all its columns', async () => {
    const content = csvFile(['When,What,Ex VAT,Tax', '05/04/2026,Rent,100,20']);
    const remembered = {
      date: 'When',
      description: 'What',
      net: 'Ex VAT',
      vat: 'Tax',
      kind: null,
      defaultKind: 'purchase' as const,
      rate: null,
      paidOn: null,
    };
    const used = await previewImport({
      kind: 'transactions',
      fileName: 'rent.csv',
      content,
      rememberedMapping: remembered,
      period: quarter,
    });
    expect(used.mapping).toEqual(remembered);
    expect(used.records).toHaveLength(1);
    expect(used.records[0]?.kind).toBe('purchase');

    const other = csvFile(['Date,Description,Net,VAT', '05/04/2026,Rent,100,20']);
    const guessed = await previewImport({
      kind: 'transactions',
      fileName: 'rent.csv',
      content: other,
      rememberedMapping: remembered,
      period: quarter,
    });
    expect(guessed.mapping).toEqual({
      date: 'Date',
      description: 'Description',
      net: 'Net',
      vat: 'VAT',
      kind: null,
      defaultKind: 'sale',
      rate: null,
      paidOn: null,
    });
    expect(guessed.problems).toEqual([]);
  });

  it('prefers the mapping sent, and reports its missing columns', async () => {
    const content = csvFile(['Date,Description,Net,VAT', '05/04/2026,Rent,100,20']);
    const preview = await previewImport({
      kind: 'transactions',
      fileName: 'rent.csv',
      content,
      mapping: {
        date: 'Date',
        description: 'Description',
        net: 'Amount',
        vat: 'VAT',
        kind: null,
        defaultKind: 'sale',
        rate: null,
        paidOn: null,
      },
      period: quarter,
    });
    expect(preview.records).toEqual([]);
    expect(preview.problems).toEqual([
      {
        row: null,
        column: 'Amount',
        message:
          'The net amount column "Amount" is not in the file. The file\'s columns are: "Date", "Description", "Net", "VAT"',
      },
    ]);
  });

  it('asks for the columns when the headings are not recognised', async () => {
    const content = csvFile(['When,What,Ex,Tax', '05/04/2026,Rent,100,20']);
    const preview = await previewImport({ kind: 'transactions', fileName: 'x.csv', content, period: quarter });
    expect(preview.mapping).toBeNull();
    expect(preview.problems).toEqual([
      {
        row: null,
        column: null,
        message:
          'Choose which columns hold the date, description, net amount and VAT: VAT Wise could not tell from the headings ("When", "What", "Ex", "Tax")',
      },
    ]);
  });

  it.each([
    ['an empty file', 'x.csv', Buffer.alloc(0), 'The file is empty'],
    [
      'a header only',
      'x.csv',
      csvFile(['Date,Description,Net,VAT']),
      'The file has column headings but no rows of records under them',
    ],
    [
      'an unclosed quote',
      'x.csv',
      csvFile(['Date,Description,Net,VAT', '05/04/2026,"Rent,100,20']),
      'The file could not be read: the quote (") opened on line 2 is never closed. Close it, or write a quote inside a field as two quotes ("")',
    ],
    [
      'a PDF renamed .csv',
      'records.csv',
      Buffer.from('%PDF-1.4\n1 0 obj\n'),
      '"records.csv" is a PDF, not a spreadsheet. Export your records from your software or spreadsheet as CSV or as an Excel workbook (.xlsx) and import that',
    ],
  ])('refuses %s', async (_name, fileName, content, message) => {
    const preview = await previewImport({ kind: 'transactions', fileName, content, period: quarter });
    expect(preview.problems).toEqual([{ row: null, column: null, message }]);
    expect(preview.records).toEqual([]);
    expect(preview.sizeBytes).toBe(content.length);
    expect(preview.sha256).toBe(sha256(content));
  });

  it('names row and column for bad rows in a file, keeping the good ones', async () => {
    const content = csvFile([
      'Date,Description,Net,VAT,Type',
      '05/04/2026,Good,100,20,Sale',
      '12/07/2026,Late,100,20,Sale',
      '31/02/2026,Impossible,100,20,Sale',
      '06/04/2026,Bad net,12.3.4,20,Sale',
      '07/04/2026,Too precise,100.001,20,Sale',
      '08/04/2026,Unknown kind,100,20,Refund',
    ]);
    const preview = await previewImport({ kind: 'transactions', fileName: 'x.csv', content, period: quarter });
    expect(preview.rows).toEqual([2]);
    expect(preview.problems).toEqual([
      {
        row: 3,
        column: 'Date',
        message: 'Row 3, column "Date": 12/07/2026 is outside this return\'s period (1 Apr 2026 to 30 Jun 2026)',
      },
      { row: 4, column: 'Date', message: 'Row 4, column "Date": 31/02/2026 is not a real date' },
      { row: 5, column: 'Net', message: 'Row 5, column "Net": "12.3.4" is not an amount in pounds and pence' },
      {
        row: 6,
        column: 'Net',
        message:
          'Row 6, column "Net": "100.001" has more than 2 decimal places: amounts are in pounds and pence, such as 12.35',
      },
      {
        row: 7,
        column: 'Type',
        message: 'Row 7, column "Type": "Refund" is not sale or purchase: write Sale or Purchase (or S or P)',
      },
    ]);
  });

  it('refuses pence in box 6 of a box-totals CSV', async () => {
    const content = csvFile(['Box,Amount', '1,100.00', '6,"1,000.50"']);
    const preview = await previewImport({ kind: 'boxTotals', fileName: 'boxes.csv', content, period: quarter });
    expect(preview.rows).toEqual([2]);
    expect(preview.problems).toEqual([
      {
        row: 3,
        column: 'Amount',
        message:
          'Row 3, column "Amount": box 6 is in whole pounds, but £1,000.50 has pence: write £1,000, leaving out the pence',
      },
    ]);
  });
});
