import { describe, expect, it } from 'vitest';
import { choiceFromMapping, mappingFromChoice, optionalFields, requiredFields, sortProblems } from './import-mapping';

describe('import mapping', () => {
  it('round-trips the server’s transaction mapping through the choice', () => {
    const mapping = {
      date: 'Date',
      description: 'Details',
      net: 'Net',
      vat: 'VAT',
      kind: null,
      defaultKind: 'purchase' as const,
      rate: 'Rate',
      paidOn: 'Paid on',
    };
    expect(mappingFromChoice('transactions', choiceFromMapping(mapping))).toEqual(mapping);
  });

  it('sends nothing until every required column is chosen', () => {
    const choice = { columns: { date: 'Date', description: 'Details', net: 'Net' }, defaultKind: 'sale' as const };
    expect(mappingFromChoice('transactions', choice)).toBeNull();
    expect(mappingFromChoice('transactions', { ...choice, columns: { ...choice.columns, vat: 'VAT' } })).toEqual({
      date: 'Date',
      description: 'Details',
      net: 'Net',
      vat: 'VAT',
      kind: null,
      defaultKind: 'sale',
      rate: null,
      paidOn: null,
    });
    expect(mappingFromChoice('boxTotals', choiceFromMapping(null))).toBeNull();
    expect(mappingFromChoice('boxTotals', { columns: { box: 'Box', amount: 'Amount' }, defaultKind: 'sale' })).toEqual({
      box: 'Box',
      amount: 'Amount',
    });
  });

  it('offers the payment date as an optional column, sent only when chosen', () => {
    expect(optionalFields.transactions).toContain('paidOn');
    expect(requiredFields.transactions).not.toContain('paidOn');
    const columns = { date: 'Date', description: 'Details', net: 'Net', vat: 'VAT' };
    expect(mappingFromChoice('transactions', { columns, defaultKind: 'sale' })).toMatchObject({ paidOn: null });
    expect(
      mappingFromChoice('transactions', { columns: { ...columns, paidOn: 'Date paid' }, defaultKind: 'sale' }),
    ).toMatchObject({ paidOn: 'Date paid' });
    // Cleared in the wizard ("Not in the file"): the payment date is read from no column.
    expect(
      mappingFromChoice('transactions', { columns: { ...columns, paidOn: null }, defaultKind: 'sale' }),
    ).toMatchObject({ paidOn: null });
  });

  it('lists the whole file’s problems first, then by row', () => {
    const problems = [
      { row: 7, column: 'Net', message: 'b' },
      { row: null, column: null, message: 'a' },
      { row: 3, column: 'Date', message: 'c' },
    ];
    expect(sortProblems(problems).map((problem) => problem.message)).toEqual(['a', 'c', 'b']);
  });
});
