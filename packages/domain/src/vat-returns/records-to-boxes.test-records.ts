import fc from 'fast-check';
import { addDays } from '../vat/dates';
import {
  type AdjustmentType,
  type EnterableBox,
  type FlatRateSettings,
  type NineBoxes,
  type Treatment,
  type VatRateKind,
  type VatRecord,
} from './api';

/**
 * Records, boxes and fast-check arbitraries shared by the tests of records-to-boxes.ts, one file
 * per subject: standard accounting, the flat rate scheme, properties, grouped records.
 */

export const quarter = { start: '2024-01-01', end: '2024-03-31' };
export const base = { vrn: '123456789', createdAt: '2024-04-01T09:00:00Z', source: null };

function transaction(
  kind: 'sale' | 'purchase',
  id: string,
  date: string,
  netPence: number,
  vatPence: number,
  rate: VatRateKind = 'standard',
  treatment: Treatment = 'normal',
): VatRecord {
  return { ...base, id, kind, date, description: id, netPence, vatPence, rate, treatment };
}
type TransactionArgs = [
  id: string,
  date: string,
  netPence: number,
  vatPence: number,
  rate?: VatRateKind,
  treatment?: Treatment,
];
export const sale = (...args: TransactionArgs) => transaction('sale', ...args);
export const purchase = (...args: TransactionArgs) => transaction('purchase', ...args);
export const adjustment = (
  id: string,
  date: string,
  box: EnterableBox,
  amountPence: number,
  adjustmentType: AdjustmentType,
): VatRecord => ({
  ...base,
  id,
  kind: 'adjustment',
  date,
  description: id,
  box,
  amountPence,
  adjustmentType,
  reason: 'Correcting an error',
});
export const boxTotal = (id: string, date: string, box: EnterableBox, amountPence: number): VatRecord => ({
  ...base,
  id,
  kind: 'boxTotal',
  date,
  description: id,
  box,
  amountPence,
});

export const boxesOf = (values: Partial<NineBoxes>): NineBoxes => ({
  box1: 0,
  box2: 0,
  box3: 0,
  box4: 0,
  box5: 0,
  box6: 0,
  box7: 0,
  box8: 0,
  box9: 0,
  ...values,
});

export const itContractor: FlatRateSettings = {
  sector: '009',
  rateTenths: 145,
  firstYearUntil: null,
  limitedCostTest: true,
};

export const dateArb = fc.integer({ min: -10, max: 100 }).map((offset) => addDays(quarter.start, offset));
const recordArb = (amount: fc.Arbitrary<number>): fc.Arbitrary<VatRecord> =>
  fc.oneof(
    fc
      .record({
        kind: fc.constantFrom('sale' as const, 'purchase' as const),
        date: dateArb,
        netPence: amount,
        vatPence: amount,
        rate: fc.constantFrom<VatRateKind>('standard', 'reduced', 'zero', 'exempt', 'outsideScope'),
        treatment: fc.constantFrom<Treatment>(
          'normal',
          'niEuGoods',
          'reverseCharge',
          'postponedImport',
          'capitalGoods',
          'relevantGoods',
          'constructionReverseCharge',
        ),
      })
      .map((fields) => ({ ...base, ...fields, id: 'r', description: 'r' })),
    fc
      .record({
        date: dateArb,
        box: fc.constantFrom<EnterableBox>(1, 2, 4, 6, 7, 8, 9),
        amountPence: amount,
      })
      .map((fields) => ({ ...base, ...fields, id: 'r', description: 'r', kind: 'boxTotal' as const })),
  );
export const recordsArb = (amount: fc.Arbitrary<number>) =>
  fc
    .array(recordArb(amount), { maxLength: 30 })
    .map((records) => records.map((record, index) => ({ ...record, id: `r${index}` })));
export const settingsArb: fc.Arbitrary<FlatRateSettings | null> = fc.option(
  fc.record({
    sector: fc.constant('009'),
    rateTenths: fc.integer({ min: 0, max: 1000 }),
    firstYearUntil: fc.option(dateArb),
    limitedCostTest: fc.boolean(),
  }),
);
