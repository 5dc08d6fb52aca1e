import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('CSV export', () => {
  it('quotes what needs quoting and leaves empty cells empty', () => {
    const csv = toCsv(
      [
        { name: 'Smith, J "Jo"', amount: '1234.56', note: null },
        { name: 'Plain', amount: '-5.00', note: 'line\nbreak' },
      ],
      [
        { header: 'Name', value: (row) => row.name },
        { header: 'Amount (£)', value: (row) => row.amount },
        { header: 'Note', value: (row) => row.note },
      ],
    );
    expect(csv).toBe('Name,Amount (£),Note\r\n"Smith, J ""Jo""",1234.56,\r\nPlain,-5.00,"line\nbreak"\r\n');
  });

  it('makes a cell that a spreadsheet would run as a formula inert', () => {
    expect(toCsv([{ v: '=HYPERLINK("x")' }], [{ header: 'v', value: (row) => row.v }])).toContain(
      `"'=HYPERLINK(""x"")"`,
    );
  });
});
