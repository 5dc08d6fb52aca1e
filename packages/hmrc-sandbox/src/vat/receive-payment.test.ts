import { describe, expect, it } from 'vitest';
import type { StoredCharge, VatAccount } from './model';
import { receivePayment } from './receive-payment';

const charge = (reference: string, due: string, outstanding: number): StoredCharge => ({
  chargeReference: reference,
  type: 'VAT Return Debit Charge',
  originalAmountPence: 10_000,
  outstandingAmountPence: outstanding,
  due,
  postedOn: '2026-01-01',
  payments: [],
});

const account = (charges: StoredCharge[]): VatAccount => ({
  schemaVersion: 1,
  vrn: '123456782',
  registrationDate: '2020-01-01',
  createdOn: '2026-06-01',
  asOf: '2026-06-01',
  directDebit: false,
  repaymentBankAccount: false,
  obligations: [],
  returns: [],
  charges,
});

describe('a payment received on a VAT account', () => {
  it('pays the oldest debt first, one payment per charge, and says what was left over', () => {
    const before = account([
      charge('XV2', '2026-05-07', 10_000),
      charge('XV1', '2026-02-07', 4_000),
      charge('XV0', '2025-11-07', 0),
    ]);
    const { account: after, allocatedPence, unallocatedPence } = receivePayment(before, 20_000, '2026-06-10', '123456');
    expect({ allocatedPence, unallocatedPence }).toEqual({ allocatedPence: 14_000, unallocatedPence: 6_000 });
    const [late, early, paid] = after.charges;
    expect(early).toMatchObject({
      outstandingAmountPence: 0,
      payments: [{ amountPence: 4_000, received: '2026-06-10' }],
    });
    expect(late).toMatchObject({ outstandingAmountPence: 0, payments: [{ amountPence: 10_000 }] });
    expect(paid?.payments).toEqual([]);
    expect(
      new Set(after.charges.flatMap((c) => c.payments.map((p) => `${p.paymentLot}/${p.paymentLotItem}`))).size,
    ).toBe(2);
    // The account given is not changed.
    expect(before.charges[0]?.outstandingAmountPence).toBe(10_000);
  });

  it('pays part of a charge', () => {
    const { account: after } = receivePayment(account([charge('XV1', '2026-02-07', 10_000)]), 2_550, '2026-06-10', '1');
    expect(after.charges[0]?.outstandingAmountPence).toBe(7_450);
  });

  it('keeps the account as it was when nothing is owed, and refuses what is not pence', () => {
    const nothingOwed = account([charge('XV1', '2026-02-07', 0)]);
    expect(receivePayment(nothingOwed, 500, '2026-06-10', '1')).toEqual({
      account: nothingOwed,
      allocatedPence: 0,
      unallocatedPence: 500,
    });
    expect(() => receivePayment(nothingOwed, 12.5, '2026-06-10', '1')).toThrow(RangeError);
  });
});
