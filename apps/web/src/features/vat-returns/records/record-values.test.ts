import type { VatRecord } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { buildRecordInput, emptyRecordValues, valuesFromRecord } from './record-values';

const period = { start: '2026-01-01', end: '2026-03-31' };

describe('buildRecordInput', () => {
  it('makes a sale from typed pounds, in whole pence', () => {
    const values = {
      ...emptyRecordValues('sale', '2026-02-14'),
      description: ' Consulting ',
      net: '1,000.10',
      vat: '200.02',
    };
    expect(buildRecordInput(values, period)).toEqual({
      input: {
        kind: 'sale',
        date: '2026-02-14',
        description: 'Consulting',
        netPence: 100_010,
        vatPence: 20_002,
        rate: 'standard',
        treatment: 'normal',
      },
    });
  });

  it('refuses a date outside the period, and says which fields are wrong', () => {
    const values = { ...emptyRecordValues('purchase', '2026-04-01'), net: '12,50', vat: '' };
    expect(buildRecordInput(values, period)).toEqual({
      errors: {
        date: 'dateOutsidePeriod',
        description: 'descriptionRequired',
        net: 'amountInvalid',
        vat: 'amountInvalid',
      },
    });
    expect(buildRecordInput({ ...values, date: '2026-02-30' }, period)).toMatchObject({
      errors: { date: 'dateInvalid' },
    });
  });

  it('accepts the first and last days of the period', () => {
    for (const date of [period.start, period.end]) {
      const values = { ...emptyRecordValues('sale', date), description: 'x', net: '1', vat: '0.20' };
      expect(buildRecordInput(values, period)).toHaveProperty('input');
    }
  });

  it('needs an adjustment’s box and reason', () => {
    const values = { ...emptyRecordValues('adjustment', '2026-03-01'), description: 'Bad debt', amount: '-45.99' };
    expect(buildRecordInput(values, period)).toEqual({ errors: { box: 'boxRequired', reason: 'reasonRequired' } });
    expect(buildRecordInput({ ...values, box: '3', reason: 'Customer insolvent' }, period)).toEqual({
      errors: { box: 'boxRequired' },
    });
    expect(
      buildRecordInput({ ...values, box: '4', reason: 'Customer insolvent', adjustmentType: 'badDebtRelief' }, period),
    ).toEqual({
      input: {
        kind: 'adjustment',
        date: '2026-03-01',
        description: 'Bad debt',
        box: 4,
        amountPence: -4_599,
        adjustmentType: 'badDebtRelief',
        reason: 'Customer insolvent',
      },
    });
  });
});

describe('valuesFromRecord', () => {
  it('turns a record back into the text it is edited as, and back into the same record', () => {
    const record: VatRecord = {
      id: 'r1',
      vrn: '123456789',
      createdAt: '2026-01-01T00:00:00Z',
      source: null,
      kind: 'purchase',
      date: '2026-01-10',
      description: 'Laptop',
      netPence: 129_999,
      vatPence: 26_000,
      rate: 'standard',
      treatment: 'capitalGoods',
    };
    const values = valuesFromRecord(record);
    expect(values).toMatchObject({ net: '1299.99', vat: '260.00', treatment: 'capitalGoods' });
    expect(buildRecordInput(values, period)).toEqual({
      input: {
        kind: 'purchase',
        date: '2026-01-10',
        description: 'Laptop',
        netPence: 129_999,
        vatPence: 26_000,
        rate: 'standard',
        treatment: 'capitalGoods',
      },
    });
  });
});
