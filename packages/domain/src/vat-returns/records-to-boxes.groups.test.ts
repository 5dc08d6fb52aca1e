import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FlatRateSettings, type VatRecord } from './api';
import { flatRateParts } from './flat-rate';
import { boxFactsOfKey, boxGroupKey, computeReturn, computeReturnOfGroups, groupOfRecord } from './records-to-boxes';
import type { RecordGroup } from './record-groups';
import { itContractor, purchase, quarter, recordsArb, sale, settingsArb } from './records-to-boxes.test-records';

/** The records of the period grouped by their box facts and part, amounts summed: what the database's GROUP BY does. */
function grouped(records: readonly VatRecord[], flatRate: FlatRateSettings | null): RecordGroup[] {
  const parts = flatRate ? flatRateParts(quarter, flatRate.firstYearUntil) : [];
  const groups = new Map<string, RecordGroup>();
  for (const record of records) {
    if (record.date < quarter.start || record.date > quarter.end) continue;
    const part = flatRate ? parts.findIndex((each) => record.date >= each.from && record.date <= each.to) : 0;
    const one = groupOfRecord(record, part);
    const key = `${boxGroupKey(one)}#${part}`;
    const group = groups.get(key);
    if (group) {
      group.records += 1;
      group.netPence += one.netPence;
      group.vatPence += one.vatPence;
    } else {
      // As read back from the database: the facts from the stored key, no record id.
      groups.set(key, { ...one, ...boxFactsOfKey(boxGroupKey(one)), recordId: null });
    }
  }
  return [...groups.values()];
}

describe('computeReturnOfGroups: the boxes from grouped records', () => {
  const amounts = fc.oneof(
    fc.integer({ min: -400_000, max: 400_000 }),
    fc.constantFrom(0, 200_000, -200_000, 166_667, 33_333),
  );

  it('gives the same return as the records one by one, and finds each box’s records by their keys', () => {
    fc.assert(
      fc.property(recordsArb(amounts), settingsArb, (records, settings) => {
        const one = computeReturn(records, quarter, settings);
        const { computed, keysByBox } = computeReturnOfGroups(grouped(records, settings), quarter, settings);
        expect({ ...computed, contributions: null }).toEqual({ ...one, contributions: null });
        const inPeriod = records.filter((record) => record.date >= quarter.start && record.date <= quarter.end);
        for (const key of Object.keys(keysByBox) as (keyof typeof keysByBox)[]) {
          const byKey = inPeriod
            .filter((record) => keysByBox[key].includes(boxGroupKey(groupOfRecord(record))))
            .map((record) => record.id);
          expect(byKey).toEqual(one.contributions[key].map((line) => line.recordId));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads back every key it writes', () => {
    fc.assert(
      fc.property(recordsArb(amounts), (records) => {
        for (const record of records) {
          const facts = groupOfRecord(record);
          expect(boxGroupKey(boxFactsOfKey(boxGroupKey(facts)))).toBe(boxGroupKey(facts));
        }
      }),
    );
  });

  it('puts the construction reverse charge in the same boxes as the records one by one', () => {
    // Two subcontractors' invoices group together (same box facts), beside a sale of the same kind.
    const records = [
      purchase('labour-1', '2024-02-10', 1_000_000, 200_000, 'standard', 'constructionReverseCharge'),
      purchase('labour-2', '2024-03-10', 250_050, 50_010, 'standard', 'constructionReverseCharge'),
      sale('to-contractor', '2024-02-11', 1_000_000, 200_000, 'standard', 'constructionReverseCharge'),
    ];
    for (const settings of [null, itContractor]) {
      const { computed } = computeReturnOfGroups(grouped(records, settings), quarter, settings);
      expect(computed.boxes).toEqual(computeReturn(records, quarter, settings).boxes);
      expect(computed.boxes).toMatchObject({ box1: 250_010, box4: 250_010, box6: 1_000_000, box7: 1_250_000 });
    }
  });

  it('refuses a key it did not write', () => {
    expect(() => boxFactsOfKey('sale|standard|normal||11|huge')).toThrow(RangeError);
    expect(() => boxFactsOfKey('gift|||1|100|below')).toThrow(RangeError);
  });
});
