import type { VatRecord } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../shared/export/csv';
import { recordCsvColumns, recordCsvFileName } from './record-csv';

describe('records as CSV', () => {
  it('writes amounts as exact decimals and an adjustment’s box and reason', () => {
    const records: VatRecord[] = [
      {
        id: 'a',
        vrn: '123456789',
        createdAt: '2026-01-01T00:00:00Z',
        source: { importId: 'i', row: 4 },
        kind: 'sale',
        date: '2026-01-02',
        description: 'Consulting, January',
        netPence: 100_005,
        vatPence: 20_001,
        rate: 'standard',
        treatment: 'normal',
      },
      {
        id: 'b',
        vrn: '123456789',
        createdAt: '2026-01-01T00:00:00Z',
        source: null,
        kind: 'adjustment',
        date: '2026-01-03',
        description: 'Correction',
        box: 4,
        amountPence: -1_250,
        adjustmentType: 'errorCorrection',
        reason: 'Duplicate invoice',
      },
    ];
    const csv = toCsv(
      records,
      recordCsvColumns((key) => key),
    );
    expect(csv.split('\r\n')).toEqual([
      'columns.date,columns.description,columns.type,csv.rate,csv.box,columns.net,columns.vat,csv.reason,csv.sourceRow',
      '2026-01-02,"Consulting, January",kinds.sale,rates.standard,,1000.05,200.01,,4',
      '2026-01-03,Correction,kinds.adjustment,,4,,-12.50,Duplicate invoice,',
      '',
    ]);
    expect(recordCsvFileName('123456789', '2026-01-01', '2026-03-31')).toBe(
      'vat-records-123456789-2026-01-01-to-2026-03-31.csv',
    );
  });
});
