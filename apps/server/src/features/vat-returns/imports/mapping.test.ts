import { describe, expect, it } from 'vitest';
import { checkMapping, suggestMapping } from './mapping';

describe('suggestMapping', () => {
  it.each([
    [
      ['Date', 'Description', 'Net', 'VAT'],
      {
        date: 'Date',
        description: 'Description',
        net: 'Net',
        vat: 'VAT',
        kind: null,
        defaultKind: 'sale',
        rate: null,
        paidOn: null,
      },
    ],
    [
      ['Invoice date', 'Details', 'Net amount', 'VAT amount', 'Type', 'VAT rate', 'Gross'],
      {
        date: 'Invoice date',
        description: 'Details',
        net: 'Net amount',
        vat: 'VAT amount',
        kind: 'Type',
        defaultKind: 'sale',
        rate: 'VAT rate',
        paidOn: null,
      },
    ],
    [
      ['TRANSACTION DATE', 'narrative', 'Amount (ex VAT)', 'Tax', 'Sale/Purchase', 'Tax code'],
      {
        date: 'TRANSACTION DATE',
        description: 'narrative',
        net: 'Amount (ex VAT)',
        vat: 'Tax',
        kind: 'Sale/Purchase',
        defaultKind: 'sale',
        rate: 'Tax code',
        paidOn: null,
      },
    ],
    [
      ['Reference', 'Net £', 'VAT (£)', 'Date:', 'Direction', 'Rate'],
      {
        date: 'Date:',
        description: 'Reference',
        net: 'Net £',
        vat: 'VAT (£)',
        kind: 'Direction',
        defaultKind: 'sale',
        rate: 'Rate',
        paidOn: null,
      },
    ],
  ])('recognises transaction headings %j', (columns, mapping) => {
    expect(suggestMapping('transactions', columns)).toEqual(mapping);
  });

  it.each([['Paid on'], ['Payment date'], ['DATE PAID'], ['Paid'], ['Fecha de pago']])(
    'recognises the payment date heading %j, apart from the invoice date',
    (heading) => {
      expect(suggestMapping('transactions', ['Date', heading, 'Description', 'Net', 'VAT'])).toMatchObject({
        date: 'Date',
        paidOn: heading,
      });
    },
  );

  it('prefers Paid on to a bare Paid column, and leaves the payment date out when no heading says it', () => {
    expect(suggestMapping('transactions', ['Date', 'Paid', 'Description', 'Net', 'VAT', 'Paid on'])).toMatchObject({
      paidOn: 'Paid on',
    });
    expect(suggestMapping('transactions', ['Date', 'Description', 'Net', 'VAT', 'Due date'])).toMatchObject({
      paidOn: null,
    });
  });

  it('prefers Description to Reference when a file has both', () => {
    expect(suggestMapping('transactions', ['Date', 'Reference', 'Description', 'Net', 'VAT'])).toMatchObject({
      description: 'Description',
    });
  });

  it.each([
    [['Box', 'Amount'], { box: 'Box', amount: 'Amount' }],
    [['Box number', 'Value'], { box: 'Box number', amount: 'Value' }],
    [['Label', 'BOX', 'Total'], { box: 'BOX', amount: 'Total' }],
  ])('recognises box-total headings %j', (columns, mapping) => {
    expect(suggestMapping('boxTotals', columns)).toEqual(mapping);
  });

  it('gives no suggestion when a needed column cannot be recognised', () => {
    expect(suggestMapping('transactions', ['When', 'What', 'Net', 'VAT'])).toBeNull();
    expect(suggestMapping('transactions', ['Date', 'Description', 'Gross'])).toBeNull();
    expect(suggestMapping('boxTotals', ['Box', 'Pounds'])).toBeNull();
  });
});

describe('checkMapping', () => {
  const columns = ['Date', 'Details', 'Net', 'VAT'];
  const mapping = {
    date: 'Date',
    description: 'Details',
    net: 'Net',
    vat: 'VAT',
    kind: null,
    defaultKind: 'sale' as const,
    rate: null,
    paidOn: null,
  };

  it('accepts a mapping whose columns are all in the file', () => {
    expect(checkMapping('transactions', mapping, columns)).toEqual([]);
  });

  it('names each missing column and lists the columns the file has', () => {
    expect(checkMapping('transactions', { ...mapping, net: 'Amount', rate: 'Rate' }, columns)).toEqual([
      {
        row: null,
        column: 'Amount',
        message:
          'The net amount column "Amount" is not in the file. The file\'s columns are: "Date", "Details", "Net", "VAT"',
      },
      {
        row: null,
        column: 'Rate',
        message:
          'The VAT rate column "Rate" is not in the file. The file\'s columns are: "Date", "Details", "Net", "VAT"',
      },
    ]);
  });

  it('matches column names exactly, as the mapping was saved', () => {
    expect(checkMapping('boxTotals', { box: 'box', amount: 'Amount' }, ['Box', 'Amount'])).toEqual([
      {
        row: null,
        column: 'box',
        message: 'The box number column "box" is not in the file. The file\'s columns are: "Box", "Amount"',
      },
    ]);
  });

  it('names a missing payment date column, and refuses it on the invoice date column', () => {
    expect(checkMapping('transactions', { ...mapping, paidOn: 'Paid on' }, columns)[0]?.message).toBe(
      'The payment date column "Paid on" is not in the file. The file\'s columns are: "Date", "Details", "Net", "VAT"',
    );
    expect(checkMapping('transactions', { ...mapping, paidOn: 'Date' }, columns)[0]?.message).toBe(
      'The column "Date" is chosen for both the date and the payment date: choose a different column for one of them',
    );
  });

  it('refuses one column for two fields, and a mapping of the other kind', () => {
    expect(checkMapping('transactions', { ...mapping, vat: 'Net' }, columns)).toEqual([
      {
        row: null,
        column: 'Net',
        message:
          'The column "Net" is chosen for both the net amount and the VAT: choose a different column for one of them',
      },
    ]);
    expect(checkMapping('boxTotals', mapping, columns)[0]?.message).toBe(
      'The columns chosen are for transactions, but this is an import of box totals',
    );
    expect(checkMapping('transactions', { box: 'Box', amount: 'Amount' }, columns)[0]?.message).toBe(
      'The columns chosen are for box totals, but this is an import of transactions',
    );
  });
});
