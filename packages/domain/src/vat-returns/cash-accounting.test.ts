import { describe, expect, it } from 'vitest';
import type { Treatment } from './api';
import {
  cashAccountingWarnings,
  cashBasisFor,
  cashDateOf,
  countsWhenPaid,
  taxableTurnoverOfGroups,
  yearTo,
} from './cash-accounting';
import { computeReturn, groupOfRecord } from './records-to-boxes';
import { type BusinessScheme, schemesInEffect, vatSchemesBodySchema } from './schemes';

const period = { start: '2026-01-01', end: '2026-03-31' };
const onCash: BusinessScheme[] = [{ scheme: 'cashAccounting', startsOn: '2025-07-01', endsOn: null }];

const sale = (id: string, date: string, vatPence: number, paidOn?: string | null) => ({
  id,
  kind: 'sale' as const,
  date,
  description: id,
  netPence: vatPence * 5,
  vatPence,
  rate: 'standard' as const,
  treatment: 'normal' as const,
  ...(paidOn === undefined ? {} : { paidOn }),
});

describe('cash accounting (VAT Notice 731)', () => {
  it('counts sales and purchases by payment date, and the rest by their own date', () => {
    const records = [
      sale('paid late', '2026-01-05', 2_000, '2026-04-02'),
      sale('paid in period', '2025-12-20', 1_000, '2026-02-01'),
      sale('unpaid', '2026-02-10', 4_000),
      sale('before joining', '2025-06-30', 8_000, '2026-01-10'),
      {
        id: 'import',
        kind: 'purchase' as const,
        date: '2026-01-15',
        description: 'Import VAT',
        netPence: 2_500,
        vatPence: 500,
        rate: 'standard' as const,
        treatment: 'postponedImport' as const,
        paidOn: '2026-05-01',
      },
      {
        id: 'fuel',
        kind: 'adjustment' as const,
        date: '2026-03-31',
        description: 'Fuel scale charge',
        box: 1 as const,
        amountPence: 700,
        adjustmentType: 'fuelScaleCharge' as const,
        reason: 'Private use of the van',
      },
    ];
    const cash = cashBasisFor(onCash, period);
    expect(cash).toEqual({ invoicedFrom: '2025-07-01', leavesOn: null });
    const byPayment = computeReturn(records, period, null, cash);
    expect(byPayment.boxes.box1).toBe(1_000 + 500 + 700);
    expect(byPayment.contributions.box1.map((line) => line.recordId)).toEqual(['paid in period', 'import', 'fuel']);
    const byInvoice = computeReturn(records, period, null);
    expect(byInvoice.boxes.box1).toBe(2_000 + 4_000 + 500 + 700);
  });

  it('brings every unpaid invoice of the scheme into the return of the period the business leaves in, once', () => {
    const leaving: BusinessScheme[] = [{ scheme: 'cashAccounting', startsOn: '2025-07-01', endsOn: '2026-02-15' }];
    const records = [
      sale('paid before the period', '2025-12-20', 1, '2025-12-30'),
      sale('unpaid from last year', '2025-11-01', 10),
      sale('paid after the period', '2026-01-10', 100, '2026-05-01'),
      sale('paid before leaving', '2026-02-10', 1_000, '2026-02-12'),
      sale('invoiced after leaving', '2026-02-20', 10_000),
      sale('before joining', '2025-06-30', 100_000),
    ];
    const cash = cashBasisFor(leaving, period);
    expect(cash).toEqual({ invoicedFrom: '2025-07-01', leavesOn: '2026-02-15' });
    expect(computeReturn(records, period, null, cash).boxes.box1).toBe(10 + 100 + 1_000 + 10_000);
    // The next quarter is on the invoice basis: the invoice paid in May was counted on leaving, not again.
    const next = { start: '2026-04-01', end: '2026-06-30' };
    expect(cashBasisFor(leaving, next)).toBeNull();
    expect(computeReturn(records, next, null, null).boxes.box1).toBe(0);
  });

  it('keeps imports, reverse charges and Northern Ireland/EU goods on the invoice basis', () => {
    const purchase = (treatment: Treatment) =>
      ({
        kind: 'purchase',
        date: '2026-01-01',
        description: 'x',
        netPence: 100,
        vatPence: 20,
        rate: 'standard',
        treatment,
        paidOn: null,
      }) as const;
    expect(countsWhenPaid(purchase('normal'))).toBe(true);
    expect(countsWhenPaid(purchase('capitalGoods'))).toBe(true);
    for (const treatment of ['postponedImport', 'reverseCharge', 'niEuGoods'] as const) {
      expect(countsWhenPaid(purchase(treatment))).toBe(false);
      expect(cashDateOf(purchase(treatment))).toBe('2026-01-01');
    }
    expect(cashDateOf(purchase('normal'))).toBeNull();
    expect(cashDateOf({ ...purchase('normal'), paidOn: '2026-02-03' })).toBe('2026-02-03');
  });

  it('applies only while a spell of the scheme covers a day of the period', () => {
    expect(cashBasisFor([], period)).toBeNull();
    expect(cashBasisFor([{ scheme: 'cashAccounting', startsOn: '2025-01-01', endsOn: '2025-12-31' }], period)).toBe(
      null,
    );
    // Joined mid-period: what was invoiced in the period counts when paid.
    expect(cashBasisFor([{ scheme: 'cashAccounting', startsOn: '2026-02-01', endsOn: null }], period)).toEqual({
      invoicedFrom: '2026-01-01',
      leavesOn: null,
    });
    expect(
      schemesInEffect(
        [
          { scheme: 'marginScheme', startsOn: '2026-03-31', endsOn: null },
          { scheme: 'cashAccounting', startsOn: '2020-01-01', endsOn: '2026-01-01' },
          { scheme: 'annualAccounting', startsOn: '2026-04-01', endsOn: null },
        ],
        period,
      ),
    ).toEqual(['cashAccounting', 'marginScheme']);
  });

  it('warns above £1,350,000 and above £1,600,000 of taxable turnover, and beside the flat rate scheme', () => {
    const year = yearTo('2026-03-31');
    expect(year).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    const codes = (pence: number, flatRate = false) =>
      cashAccountingWarnings({ yearTurnoverPence: BigInt(pence), year, flatRate }).map((warning) => warning.code);
    expect(codes(135_000_000)).toEqual([]);
    expect(codes(135_000_001)).toEqual(['CASH_ACCOUNTING_TURNOVER_NEAR_LIMIT']);
    expect(codes(160_000_000)).toEqual(['CASH_ACCOUNTING_TURNOVER_NEAR_LIMIT']);
    expect(codes(160_000_001)).toEqual(['CASH_ACCOUNTING_TURNOVER_OVER_LIMIT']);
    expect(codes(0, true)).toEqual(['CASH_ACCOUNTING_WITH_FLAT_RATE']);
    const groups = [
      groupOfRecord(sale('a', '2026-01-01', 100)),
      groupOfRecord({ ...sale('b', '2026-01-01', 0), rate: 'zero' }),
      groupOfRecord({ ...sale('c', '2026-01-01', 0), rate: 'exempt' }),
      groupOfRecord({ ...sale('d', '2026-01-01', 100), kind: 'purchase' }),
    ];
    // Standard (500) and zero-rated (1,000 net) sales; not exempt ones, not purchases.
    groups[1] = { ...groups[1]!, netPence: 1_000n };
    expect(taxableTurnoverOfGroups(groups)).toBe(1_500n);
  });
});

describe('a business’s schemes as set', () => {
  const body = (schemes: unknown[]) => vatSchemesBodySchema.safeParse({ vrn: '123456782', schemes });

  it('refuses a spell that ends before it starts, and overlapping spells of one scheme', () => {
    const backwards = body([{ scheme: 'cashAccounting', startsOn: '2026-01-02', endsOn: '2026-01-01' }]);
    expect(backwards.success).toBe(false);
    expect(backwards.error?.issues[0]?.path).toEqual(['schemes', 0, 'endsOn']);
    const overlapping = body([
      { scheme: 'cashAccounting', startsOn: '2026-01-01', endsOn: null },
      { scheme: 'cashAccounting', startsOn: '2027-01-01', endsOn: null },
    ]);
    expect(overlapping.error?.issues.map((issue) => issue.message)).toEqual([
      'The cash accounting spells from 2026-01-01 and from 2027-01-01 overlap: a business is on a scheme once at a time, so end the first before the second starts',
    ]);
  });

  it('accepts one spell after another, one-day spells and different schemes at once', () => {
    expect(
      body([
        { scheme: 'cashAccounting', startsOn: '2026-01-01', endsOn: '2026-01-01' },
        { scheme: 'cashAccounting', startsOn: '2026-01-02', endsOn: null },
        { scheme: 'annualAccounting', startsOn: '2026-01-01', endsOn: null },
      ]).success,
    ).toBe(true);
  });
});
