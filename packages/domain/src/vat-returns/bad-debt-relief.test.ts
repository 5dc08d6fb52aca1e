import { describe, expect, it } from 'vitest';
import {
  badDebtClaim,
  badDebtDates,
  badDebtReliefRepayment,
  inputTaxRepayment,
  type UnpaidInvoice,
  unpaidInvoiceProblems,
  vatFractionOf,
} from './bad-debt-relief';

const invoice = (changes: Partial<UnpaidInvoice> = {}): UnpaidInvoice => ({
  supplyDate: '2024-01-10',
  dueDate: '2024-02-09',
  grossPence: 120_000,
  rate: 'standard',
  paidPence: 0,
  ...changes,
});

describe('bad debt relief dates', () => {
  it('runs from the later of the supply and due dates, as HMRC’s example does (VR7420)', () => {
    // Supplied 25 January 2010, due 14 February: claimable from 14 August 2010 until 14 August 2014.
    expect(badDebtDates('2010-01-25', '2010-02-14')).toEqual({
      relevantDate: '2010-02-14',
      claimableFrom: '2010-08-14',
      claimUntil: '2014-08-14',
    });
    // Payment due before the supply (paid in advance terms): the supply date counts.
    expect(badDebtDates('2024-03-31', '2024-03-01').relevantDate).toBe('2024-03-31');
  });

  it('keeps to the last day of a shorter month', () => {
    expect(badDebtDates('2023-08-31', '2023-08-31')).toMatchObject({
      claimableFrom: '2024-02-29',
      claimUntil: '2028-02-29',
    });
  });
});

describe('badDebtClaim', () => {
  it('claims the VAT fraction of an unpaid £1,200 invoice at 20%: £200 in box 4', () => {
    const claim = badDebtClaim(invoice(), { periodEnd: '2024-09-30', today: '2024-10-15' });
    expect(claim).toMatchObject({ standing: 'claimable', unpaidPence: 120_000, claimPence: 20_000 });
  });

  it('reduces the claim in proportion to a part payment (N700/18)', () => {
    // £600 of £1,200 paid: relief on the £600 unpaid, 1/6 of it.
    expect(
      badDebtClaim(invoice({ paidPence: 60_000 }), { periodEnd: '2024-09-30', today: '2024-10-01' }),
    ).toMatchObject({ unpaidPence: 60_000, claimPence: 10_000 });
    // At 5% the fraction is 1/21: £2,100 unpaid holds £100 of VAT.
    expect(
      badDebtClaim(invoice({ grossPence: 210_000, rate: 'reduced' }), { periodEnd: '2024-09-30', today: '2024-10-01' })
        .claimPence,
    ).toBe(10_000);
  });

  it('is too early before six months have passed by the end of the period, and too late after 4½ years', () => {
    // Due 9 February 2024: claimable from 9 August 2024.
    expect(badDebtClaim(invoice(), { periodEnd: '2024-08-08', today: '2024-09-01' }).standing).toBe('tooEarly');
    expect(badDebtClaim(invoice(), { periodEnd: '2024-08-09', today: '2024-09-01' }).standing).toBe('claimable');
    expect(badDebtClaim(invoice(), { periodEnd: '2028-06-30', today: '2028-08-09' }).standing).toBe('claimable');
    expect(badDebtClaim(invoice(), { periodEnd: '2028-06-30', today: '2028-08-10' }).standing).toBe('tooLate');
  });

  it('names what is wrong with an invoice it cannot work on', () => {
    expect(unpaidInvoiceProblems(invoice({ supplyDate: '2024-02-30', grossPence: 0 }))).toEqual([
      'supplyDate',
      'gross',
    ]);
    expect(unpaidInvoiceProblems(invoice({ paidPence: 120_000 }))).toEqual(['paidInFull']);
    expect(unpaidInvoiceProblems(invoice({ paidPence: -1 }))).toEqual(['paid']);
    expect(() =>
      badDebtClaim(invoice({ paidPence: 120_000 }), { periodEnd: '2024-09-30', today: '2024-10-01' }),
    ).toThrow(RangeError);
  });
});

describe('vatFractionOf', () => {
  it('rounds to the nearest penny', () => {
    expect(vatFractionOf(100_01, 'standard')).toBe(16_67); // 1,666.83… → 1,667p
    expect(vatFractionOf(100, 'reduced')).toBe(5); // 4.76p → 5p
  });
});

describe('badDebtReliefRepayment', () => {
  it('repays the share of the relief the later payment is of what was unpaid, in box 1 (VBDR4200)', () => {
    // Relief of £200 on £1,200 unpaid; the customer then pays £300: a quarter of the relief.
    expect(badDebtReliefRepayment({ claimPence: 20_000, unpaidAtClaimPence: 120_000, paymentPence: 30_000 })).toBe(
      5_000,
    );
    // Paying it all repays it all, to the penny, even where the fraction rounded.
    expect(badDebtReliefRepayment({ claimPence: 16_67, unpaidAtClaimPence: 100_01, paymentPence: 100_01 })).toBe(16_67);
    // More than was unpaid repays no more than the relief.
    expect(badDebtReliefRepayment({ claimPence: 20_000, unpaidAtClaimPence: 120_000, paymentPence: 200_000 })).toBe(
      20_000,
    );
  });
});

describe('inputTaxRepayment', () => {
  it('takes back the input tax on what the business has not paid its supplier 6 months on (reg 172H)', () => {
    // Bought for £2,400 with VAT (£400 reclaimed), due 31 March 2024, £1,200 paid: £200 to repay from 30 September.
    expect(
      inputTaxRepayment(
        invoice({ supplyDate: '2024-03-01', dueDate: '2024-03-31', grossPence: 240_000, paidPence: 120_000 }),
      ),
    ).toEqual({
      dueOn: '2024-09-30',
      repayPence: 20_000,
    });
  });
});
