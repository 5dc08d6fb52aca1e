import { describe, expect, it } from 'vitest';
import { choiceFromMapping, mappingFromChoice, sortProblems } from './import-mapping';

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
    });
    expect(mappingFromChoice('boxTotals', choiceFromMapping(null))).toBeNull();
    expect(mappingFromChoice('boxTotals', { columns: { box: 'Box', amount: 'Amount' }, defaultKind: 'sale' })).toEqual({
      box: 'Box',
      amount: 'Amount',
    });
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
