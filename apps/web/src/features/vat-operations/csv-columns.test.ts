import type { Liability, Obligation, Payment, Penalty } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../shared/export/csv';
import {
  csvFileName,
  liabilityCsvColumns,
  obligationCsvColumns,
  paymentCsvColumns,
  penaltyCsvColumns,
} from './csv-columns';

// The key itself stands in for its translation, so the test sees which text each header uses.
const label = (key: string) => key;

describe('CSV files of the VAT tables', () => {
  it('writes obligations with ISO dates and the shown status, and never the period key', () => {
    const obligations: Obligation[] = [
      { periodKey: '18A1', start: '2017-01-01', end: '2017-03-31', due: '2017-05-07', status: 'O', received: null },
      {
        periodKey: '#001',
        start: '2017-04-01',
        end: '2017-06-30',
        due: '2017-08-07',
        status: 'F',
        received: '2017-08-01',
      },
    ];
    const csv = toCsv(obligations, obligationCsvColumns(label, '2026-01-01'));
    expect(csv.split('\r\n')).toEqual([
      'csv.periodStart,csv.periodEnd,obligations.columns.due,obligations.columns.status,obligations.columns.received',
      '2017-01-01,2017-03-31,2017-05-07,states.overdue,',
      '2017-04-01,2017-06-30,2017-08-07,states.fulfilled,2017-08-01',
      '',
    ]);
    expect(csv).not.toContain('18A1');
    expect(csv).not.toContain('#001');
  });

  it('writes money from pence as plain decimals, negatives and missing amounts included', () => {
    const liabilities: Liability[] = [
      {
        taxPeriod: { from: '2017-07-01', to: '2017-07-31' },
        type: 'VAT Central Assessment',
        originalAmountPence: 820_050,
        outstandingAmountPence: -5,
        due: '2017-09-07',
      },
      {
        taxPeriod: null,
        type: 'VAT OA Debit Charge',
        originalAmountPence: 300_000,
        outstandingAmountPence: null,
        due: null,
      },
    ];
    const rows = toCsv(liabilities, liabilityCsvColumns(label)).split('\r\n');
    expect(rows[1]).toBe('2017-07-01,2017-07-31,VAT Central Assessment,8200.50,-0.05,2017-09-07');
    expect(rows[2]).toBe(',,VAT OA Debit Charge,3000.00,,');

    const payments: Payment[] = [
      { amountPence: 153_465, received: '2017-03-05' },
      { amountPence: 9100, received: null },
    ];
    expect(toCsv(payments, paymentCsvColumns(label)).split('\r\n').slice(1, 3)).toEqual([
      '1534.65,2017-03-05',
      '91.00,',
    ]);
  });

  it('writes penalties with their kind translated and their charge reference', () => {
    const penalty: Penalty = {
      kind: 'latePayment',
      id: 'XV123451234512',
      category: 'LPP1',
      status: 'posted',
      taxPeriod: { from: '2024-01-01', to: '2024-03-31' },
      createdOn: '2024-06-06',
      expiresOn: null,
      chargeReference: 'XP123456789012',
      amountPence: 40_000,
      outstandingPence: 40_000,
      dueOn: '2024-07-06',
      appealStatus: null,
    };
    expect(toCsv([penalty], penaltyCsvColumns(label)).split('\r\n')[1]).toBe(
      'penalties.kinds.latePayment,LPP1,posted,2024-01-01,2024-03-31,400.00,400.00,2024-07-06,XP123456789012',
    );
  });

  it('names files by what they hold, whose and for when', () => {
    expect(csvFileName('obligations', '123456789', '2025-05-21', '2026-05-20')).toBe(
      'obligations-123456789-2025-05-21-2026-05-20.csv',
    );
    expect(csvFileName('penalties', '123456789', '2026-05-20')).toBe('penalties-123456789-2026-05-20.csv');
  });
});
