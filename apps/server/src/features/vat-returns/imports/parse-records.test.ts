import { type TransactionMapping, transactionMappingSchema } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import type { CellValue } from './cells';
import { capProblems, maxProblems, parseKind, parseRate, parseRecords } from './parse-records';
import type { Table } from './read-table';
import { quarter } from './test-fixtures';

/** A table as readTable gives it: the first data row is row 2. */
function tableOf(columns: string[], ...data: CellValue[][]): Table {
  return {
    columns,
    rows: data.map((cells, index) => ({
      row: index + 2,
      cells: Object.fromEntries(columns.map((column, at) => [column, cells[at] ?? null])),
    })),
  };
}

const basic: TransactionMapping = {
  date: 'Date',
  description: 'Description',
  net: 'Net',
  vat: 'VAT',
  kind: null,
  defaultKind: 'sale',
  rate: null,
  paidOn: null,
};
const columns = ['Date', 'Description', 'Net', 'VAT'];
const transactions = (...data: CellValue[][]) =>
  parseRecords('transactions', tableOf(columns, ...data), basic, quarter, 'q1.csv');

describe('parseRecords: transactions', () => {
  it('turns good rows into records in pence, with their row numbers', () => {
    const result = transactions(
      ['05/04/2026', 'Widgets, blue', '£1,234.56', '246.91'],
      ['2026-04-06', 'Credit note', '(100.00)', '(20.00)'],
      [new Date(Date.UTC(2026, 5, 30)), 'Books', 40, 0],
      ['01.05.2026', 'Fuel', '100', '5'],
      ['30-06-2026', null, '10', '2'],
    );
    expect(result.problems).toEqual([]);
    expect(result.rows).toEqual([2, 3, 4, 5, 6]);
    expect(result.records).toEqual([
      {
        kind: 'sale',
        date: '2026-04-05',
        description: 'Widgets, blue',
        netPence: 123456,
        vatPence: 24691,
        rate: 'standard',
        treatment: 'normal',
      },
      {
        kind: 'sale',
        date: '2026-04-06',
        description: 'Credit note',
        netPence: -10000,
        vatPence: -2000,
        rate: 'standard',
        treatment: 'normal',
      },
      {
        kind: 'sale',
        date: '2026-06-30',
        description: 'Books',
        netPence: 4000,
        vatPence: 0,
        rate: 'zero',
        treatment: 'normal',
      },
      {
        kind: 'sale',
        date: '2026-05-01',
        description: 'Fuel',
        netPence: 10000,
        vatPence: 500,
        rate: 'reduced',
        treatment: 'normal',
      },
      {
        kind: 'sale',
        date: '2026-06-30',
        description: 'Row 6 of q1.csv',
        netPence: 1000,
        vatPence: 200,
        rate: 'standard',
        treatment: 'normal',
      },
    ]);
  });

  it('infers the standard rate within 1p of rounding, and asks for a rate column otherwise', () => {
    const result = transactions(
      ['05/04/2026', 'Rounded down', '10.99', '2.19'],
      ['05/04/2026', 'Rounded up', '10.99', '2.20'],
      ['05/04/2026', 'Mixed', '100.00', '12.00'],
    );
    expect(result.records.map((record) => (record.kind === 'sale' ? record.rate : null))).toEqual([
      'standard',
      'standard',
    ]);
    expect(result.problems).toEqual([
      {
        row: 4,
        column: 'VAT',
        message:
          'Row 4, column "VAT": £12.00 is neither 20% nor 5% of the net £100.00, so the VAT rate cannot be worked out: add a column with each row\'s VAT rate and choose it as the rate column',
      },
    ]);
  });

  it('names the row and column of a non-numeric amount', () => {
    const result = transactions(['05/04/2026', 'a', '10', '2'], ['05/04/2026', 'b', '12.3.4', '2']);
    expect(result.problems).toEqual([
      { row: 3, column: 'Net', message: 'Row 3, column "Net": "12.3.4" is not an amount in pounds and pence' },
    ]);
    // The good row is still there; the caller decides what to do while problems remain.
    expect(result.rows).toEqual([2]);
  });

  it('refuses more than 2 decimal places and missing values', () => {
    const result = transactions(['05/04/2026', 'a', '10.005', '2'], [null, 'b', '10', null]);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'Row 2, column "Net": "10.005" has more than 2 decimal places: amounts are in pounds and pence, such as 12.35',
      'Row 3, column "Date" is empty: enter the date, such as 31/03/2026',
      'Row 3, column "VAT" is empty: enter the amount (0 if there is none)',
    ]);
    expect(result.records).toEqual([]);
  });

  it('refuses a date outside the period, and an impossible date', () => {
    const result = transactions(
      ['12/07/2026', 'Late', '10', '2'],
      ['31/02/2026', 'Impossible', '10', '2'],
      [new Date(Date.UTC(2026, 2, 31)), 'Early', '10', '2'],
    );
    expect(result.problems).toEqual([
      {
        row: 2,
        column: 'Date',
        message: 'Row 2, column "Date": 12/07/2026 is outside this return\'s period (1 Apr 2026 to 30 Jun 2026)',
      },
      { row: 3, column: 'Date', message: 'Row 3, column "Date": 31/02/2026 is not a real date' },
      {
        row: 4,
        column: 'Date',
        message: 'Row 4, column "Date": 31/03/2026 is outside this return\'s period (1 Apr 2026 to 30 Jun 2026)',
      },
    ]);
  });

  it('reads sale or purchase from a kind column, and refuses an unknown kind', () => {
    const table = tableOf(
      ['Date', 'Description', 'Net', 'VAT', 'Type'],
      ['05/04/2026', 'a', '10', '2', 'Sales'],
      ['05/04/2026', 'b', '10', '2', 'P'],
      ['05/04/2026', 'c', '10', '2', 'expense'],
      ['05/04/2026', 'd', '10', '2', 'refund'],
      ['05/04/2026', 'e', '10', '2', null],
    );
    const result = parseRecords('transactions', table, { ...basic, kind: 'Type' }, quarter, 'q1.csv');
    expect(result.records.map((record) => record.kind)).toEqual(['sale', 'purchase', 'purchase']);
    expect(result.problems).toEqual([
      {
        row: 5,
        column: 'Type',
        message: 'Row 5, column "Type": "refund" is not sale or purchase: write Sale or Purchase (or S or P)',
      },
      { row: 6, column: 'Type', message: 'Row 6, column "Type" is empty: write Sale or Purchase' },
    ]);
  });

  it('uses the default kind when there is no kind column', () => {
    const table = tableOf(columns, ['05/04/2026', 'Stock', '10', '2']);
    const result = parseRecords('transactions', table, { ...basic, defaultKind: 'purchase' }, quarter, 'x.csv');
    expect(result.records[0]?.kind).toBe('purchase');
  });

  it('reads the rate column and checks the VAT fits it', () => {
    const table = tableOf(
      ['Date', 'Description', 'Net', 'VAT', 'Rate'],
      ['05/04/2026', 'a', '100', '20', '20%'],
      ['05/04/2026', 'b', '100', '0', 'Exempt'],
      ['05/04/2026', 'c', '100', '0', 'outside scope'],
      ['05/04/2026', 'd', '100', '5', 'R'],
      ['05/04/2026', 'e', '100', '1', 'zero'],
      ['05/04/2026', 'f', '100', '16.67', 'standard'],
      ['05/04/2026', 'g', '100', '20', 'luxury'],
      ['05/04/2026', 'h', '1000', '199.50', 'S'],
    );
    const result = parseRecords('transactions', table, { ...basic, rate: 'Rate' }, quarter, 'x.csv');
    expect(result.records.map((record) => (record.kind === 'sale' ? record.rate : null))).toEqual([
      'standard',
      'exempt',
      'outsideScope',
      'reduced',
      'standard',
    ]);
    expect(result.rows).toEqual([2, 3, 4, 5, 9]);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'Row 6, column "VAT": the rate is zero but the VAT is £1.00: there is no VAT at that rate, so correct the VAT or the rate',
      'Row 7, column "VAT": £16.67 is not 20% of the net £100.00 (that would be £20.00): correct the VAT, the net amount or the rate',
      'Row 8, column "Rate": "luxury" is not a VAT rate: write standard (20%), reduced (5%), zero (0%), exempt or outside scope',
    ]);
  });

  it('reads the payment date column in every date format, an empty cell being unpaid', () => {
    const table = tableOf(
      ['Date', 'Description', 'Net', 'VAT', 'Paid on'],
      ['05/04/2026', 'Paid in the quarter', '100', '20', '20/04/2026'],
      ['06/04/2026', 'Paid after it', '100', '20', '2026-07-15'],
      ['07/04/2026', 'Paid, Excel date', '100', '20', new Date(Date.UTC(2026, 4, 1))],
      ['08/04/2026', 'Not paid', '100', '20', null],
      ['09/04/2026', 'Not paid, blank', '100', '20', '  '],
      ['10/04/2026', 'Deposit before the invoice', '100', '20', '3 Mar 2026'],
    );
    const result = parseRecords('transactions', table, { ...basic, paidOn: 'Paid on' }, quarter, 'x.csv');
    expect(result.problems).toEqual([]);
    expect(result.records.map((record) => [record.description, 'paidOn' in record ? record.paidOn : 'none'])).toEqual([
      ['Paid in the quarter', '2026-04-20'],
      ['Paid after it', '2026-07-15'],
      ['Paid, Excel date', '2026-05-01'],
      ['Not paid', null],
      ['Not paid, blank', null],
      // A payment in advance: cash accounting counts it when paid (VAT Notice 731), so it is kept.
      ['Deposit before the invoice', '2026-03-03'],
    ]);
  });

  it('gives records no payment date when no column is chosen for it', () => {
    const [record] = transactions(['05/04/2026', 'a', '10', '2']).records;
    expect(record).toBeDefined();
    expect(record && 'paidOn' in record).toBe(false);
  });

  it('names the row and column of a bad payment date, saying what to write', () => {
    const table = tableOf(
      ['Date', 'Description', 'Net', 'VAT', 'Paid on'],
      ['05/04/2026', 'a', '10', '2', 'yes'],
      ['05/04/2026', 'b', '10', '2', '31/04/2026'],
      ['05/04/2026', 'c', '10', '2', 45_000],
      ['05/04/2026', 'd', '10', '2', '01/05/2026'],
    );
    const result = parseRecords('transactions', table, { ...basic, paidOn: 'Paid on' }, quarter, 'x.csv');
    expect(result.rows).toEqual([5]);
    expect(result.problems).toEqual([
      {
        row: 2,
        column: 'Paid on',
        message:
          'Row 2, column "Paid on": "yes" is not a date: write it as 31/03/2026 or 2026-03-31; leave the cell empty if it is not paid yet',
      },
      {
        row: 3,
        column: 'Paid on',
        message: 'Row 3, column "Paid on": 31/04/2026 is not a real date; leave the cell empty if it is not paid yet',
      },
      {
        row: 4,
        column: 'Paid on',
        message:
          'Row 4, column "Paid on": 45000 is a number, not a date: format the column as a date, or write dates such as 31/03/2026; leave the cell empty if it is not paid yet',
      },
    ]);
  });

  it('reads a mapping remembered before the payment date column existed', () => {
    const stored = { date: 'Date', description: 'Description', net: 'Net', vat: 'VAT', kind: null, rate: null };
    const mapping = transactionMappingSchema.parse(stored);
    expect(mapping).toEqual({ ...basic, paidOn: null });
    const table = tableOf([...columns, 'Paid on'], ['05/04/2026', 'a', '10', '2', '06/04/2026']);
    const result = parseRecords('transactions', table, mapping, quarter, 'x.csv');
    expect(result.problems).toEqual([]);
    expect(result.records[0] && 'paidOn' in result.records[0]).toBe(false);
  });

  it('refuses a mapping that names a column the file does not have, before reading any row', () => {
    const result = parseRecords(
      'transactions',
      tableOf(columns, ['05/04/2026', 'a', '10', '2']),
      { ...basic, net: 'Amount' },
      quarter,
      'x.csv',
    );
    expect(result).toEqual({
      records: [],
      rows: [],
      problems: [
        {
          row: null,
          column: 'Amount',
          message:
            'The net amount column "Amount" is not in the file. The file\'s columns are: "Date", "Description", "Net", "VAT"',
        },
      ],
    });
  });

  it('refuses a file with headings but no rows', () => {
    expect(parseRecords('transactions', tableOf(columns), basic, quarter, 'x.csv').problems).toEqual([
      { row: null, column: null, message: 'The file has column headings but no rows of records under them' },
    ]);
  });

  it('cuts a long description to 200 characters', () => {
    const result = transactions(['05/04/2026', 'x'.repeat(250), '10', '2']);
    expect(result.records[0]?.description).toBe(`${'x'.repeat(199)}…`);
  });

  it('caps the problems at 200, the last saying how many more there are', () => {
    const rows = Array.from({ length: 250 }, (): CellValue[] => ['05/04/2026', 'a', 'ten', '2']);
    const result = transactions(...rows);
    expect(result.problems).toHaveLength(maxProblems);
    expect(result.problems[198]?.message).toBe('Row 200, column "Net": "ten" is not an amount in pounds and pence');
    expect(result.problems[199]).toEqual({ row: null, column: null, message: 'and 51 more problems' });
    expect(capProblems(result.problems.slice(0, 3))).toHaveLength(3);
  });
});

describe('parseRecords: box totals', () => {
  const boxes = (...data: CellValue[][]) =>
    parseRecords(
      'boxTotals',
      tableOf(['Box', 'Amount'], ...data),
      { box: 'Box', amount: 'Amount' },
      quarter,
      'Q1 boxes.xlsx',
    );

  it('turns each row into a box total dated the period end', () => {
    const result = boxes([1, 1234.56], ['Box 2', '0'], ['4', '(50.25)'], [6, 10000], ['Box 7: purchases', '£2,500']);
    expect(result.problems).toEqual([]);
    expect(result.rows).toEqual([2, 3, 4, 5, 6]);
    expect(result.records).toEqual([
      {
        kind: 'boxTotal',
        date: '2026-06-30',
        description: 'Box 1 total from Q1 boxes.xlsx',
        box: 1,
        amountPence: 123456,
      },
      { kind: 'boxTotal', date: '2026-06-30', description: 'Box 2 total from Q1 boxes.xlsx', box: 2, amountPence: 0 },
      {
        kind: 'boxTotal',
        date: '2026-06-30',
        description: 'Box 4 total from Q1 boxes.xlsx',
        box: 4,
        amountPence: -5025,
      },
      {
        kind: 'boxTotal',
        date: '2026-06-30',
        description: 'Box 6 total from Q1 boxes.xlsx',
        box: 6,
        amountPence: 1000000,
      },
      {
        kind: 'boxTotal',
        date: '2026-06-30',
        description: 'Box 7 total from Q1 boxes.xlsx',
        box: 7,
        amountPence: 250000,
      },
    ]);
  });

  it('refuses boxes 3 and 5, saying they are worked out', () => {
    expect(boxes([3, '100'], ['Box 5', '100']).problems).toEqual([
      {
        row: 2,
        column: 'Box',
        message:
          'Row 2, column "Box": box 3 (total VAT due) is worked out by VAT Wise from boxes 1 and 2, so it cannot be imported: delete this row',
      },
      {
        row: 3,
        column: 'Box',
        message:
          'Row 3, column "Box": box 5 (net VAT to pay or reclaim) is worked out by VAT Wise from boxes 3 and 4, so it cannot be imported: delete this row',
      },
    ]);
  });

  it('refuses pence in boxes 6 to 9', () => {
    expect(boxes([6, '1234.56'], [9, -10.5]).problems.map((problem) => problem.message)).toEqual([
      'Row 2, column "Amount": box 6 is in whole pounds, but £1,234.56 has pence: write £1,234, leaving out the pence',
      'Row 3, column "Amount": box 9 is in whole pounds, but −£10.50 has pence: write −£10, leaving out the pence',
    ]);
  });

  it('refuses a box that is not on the return, or not a number', () => {
    expect(
      boxes([10, '1'], ['Total', '1'], [1.5, '1'], [null, '1']).problems.map((problem) => problem.message),
    ).toEqual([
      'Row 2, column "Box": 10 is not a box of the VAT return: write 1, 2, 4, 6, 7, 8 or 9',
      'Row 3, column "Box": "Total" is not a box number: write 1, 2, 4, 6, 7, 8 or 9',
      'Row 4, column "Box": "1.5" is not a box number: write 1, 2, 4, 6, 7, 8 or 9',
      'Row 5, column "Box" is empty: write the box number (1, 2, 4, 6, 7, 8 or 9)',
    ]);
  });
});

describe('parseRate and parseKind', () => {
  it.each([
    ['standard', 'standard'],
    ['Standard rated', 'standard'],
    ['S', 'standard'],
    ['20%', 'standard'],
    ['20', 'standard'],
    ['T1', 'standard'],
    ['reduced', 'reduced'],
    ['5%', 'reduced'],
    ['zero-rated', 'zero'],
    ['0%', 'zero'],
    ['Z', 'zero'],
    ['E', 'exempt'],
    ['Outside the scope', 'outsideScope'],
    ['no VAT', 'outsideScope'],
    ['O', 'outsideScope'],
  ])('reads the rate %j as %s', (text, rate) => {
    expect(parseRate(text)).toBe(rate);
  });

  it('reads percentage cells from XLSX (0.2 shown as 20%)', () => {
    expect([0.2, 0.05, 0, 20, 5, 0.175].map(parseRate)).toEqual([
      'standard',
      'reduced',
      'zero',
      'standard',
      'reduced',
      undefined,
    ]);
  });

  it.each([
    ['sale', 'sale'],
    ['Sales', 'sale'],
    ['income', 'sale'],
    ['s', 'sale'],
    ['OUT', 'sale'],
    ['purchase', 'purchase'],
    ['purchases', 'purchase'],
    ['Expense', 'purchase'],
    ['P', 'purchase'],
    ['in', 'purchase'],
    ['refund', undefined],
  ])('reads the kind %j as %s', (text, kind) => {
    expect(parseKind(text)).toBe(kind);
  });
});
