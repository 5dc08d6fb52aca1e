import type { StoredCharge, VatAccount } from './model';

/**
 * A payment HMRC received for a VAT account (the Initiate payment journey, payments/), set against
 * what the account owes: oldest due date first, as HMRC allocates to the oldest debt. Each charge
 * it pays gets a payment of its own (one lot, item 000001, 000002, …), so the payments endpoint
 * lists it and liabilities and financial details show less outstanding (queries.ts). The simulated
 * account has no credit balance: what is paid beyond what is owed is not kept on it, and is
 * returned as `unallocatedPence`. Pure; pence are integers.
 */
export interface ReceivedPayment {
  account: VatAccount;
  allocatedPence: number;
  unallocatedPence: number;
}

const dueOrder = (a: StoredCharge, b: StoredCharge): number => {
  const [dueA, dueB] = [a.due ?? '9999-12-31', b.due ?? '9999-12-31'];
  if (dueA !== dueB) return dueA < dueB ? -1 : 1;
  return a.postedOn < b.postedOn ? -1 : a.postedOn > b.postedOn ? 1 : 0;
};

export function receivePayment(
  account: VatAccount,
  amountPence: number,
  received: string,
  paymentLot: string,
): ReceivedPayment {
  if (!Number.isSafeInteger(amountPence) || amountPence < 0)
    throw new RangeError(`Not an amount in pence: ${amountPence}`);
  const owed = account.charges.filter((charge) => charge.outstandingAmountPence > 0).sort(dueOrder);
  const paid = new Map<StoredCharge, number>();
  let left = amountPence;
  for (const charge of owed) {
    if (left === 0) break;
    const amount = Math.min(left, charge.outstandingAmountPence);
    paid.set(charge, amount);
    left -= amount;
  }
  if (paid.size === 0) return { account, allocatedPence: 0, unallocatedPence: amountPence };

  let item = 0;
  const charges = account.charges.map((charge) => {
    const amount = paid.get(charge);
    if (amount === undefined) return charge;
    item += 1;
    return {
      ...charge,
      outstandingAmountPence: charge.outstandingAmountPence - amount,
      payments: [
        ...charge.payments,
        { amountPence: amount, received, paymentLot, paymentLotItem: String(item).padStart(6, '0') },
      ],
    };
  });
  return { account: { ...account, charges }, allocatedPence: amountPence - left, unallocatedPence: left };
}
