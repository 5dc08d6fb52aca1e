import { addYears } from '@vatwise/domain';
import { businessError, emptyNotFound, flat, messages, type SandboxAnswer } from '../http/errors';
import { notFound, ok } from './answers';
import type {
  CustomerInformationBody,
  FinancialDetailsBody,
  LiabilitiesBody,
  ObligationsBody,
  PaymentsBody,
  PenaltiesBody,
  ReturnBody,
  StoredCharge,
  VatAccount,
} from './model';
import { penceToJson } from './money';
import { latePaymentPenalties, lateSubmissionPenalties, penaltiesBody } from './penalties';
import { firstQueryValue, type QueryValue, returnBoxes } from './validation';

/**
 * What HMRC's VAT (MTD) read endpoints answer from the simulated account (docs/reference/hmrc-vat-api.md
 * 3.4, 3.6-3.11). Queries assume their input passed validation.ts.
 */

const byStart = (a: { start: string }, b: { start: string }): number =>
  a.start < b.start ? -1 : a.start > b.start ? 1 : 0;

/**
 * Retrieve obligations (3.4). Without dates (only `status=O` passes validation that way) every open
 * obligation; with dates, those overlapping from..to, of the given status or both. Sorted by start
 * date (the OAS's order). None -> 404 NOT_FOUND.
 */
export function obligationsFor(
  account: VatAccount,
  query: { from?: QueryValue; to?: QueryValue; status?: QueryValue },
  today: string,
): SandboxAnswer<ObligationsBody> | SandboxAnswer {
  const from = firstQueryValue(query.from);
  const to = firstQueryValue(query.to);
  // HMRC's backend refuses a `from` in the future (a `to` may be); shape A, after validation (3.4).
  if (from !== undefined && from > today) return flat(400, 'DATE_FROM_INVALID', messages.DATE_FROM_INVALID);
  const status = firstQueryValue(query.status);
  const list = account.obligations
    .filter((o) => (from === undefined || o.end >= from) && (to === undefined || o.start <= to))
    .filter((o) => status === undefined || o.status === status)
    .sort(byStart)
    .map(({ periodKey, start, end, due, status: state, received }) => ({
      start,
      end,
      due,
      status: state,
      periodKey,
      ...(received === undefined ? {} : { received }),
    }));
  return list.length === 0 ? notFound() : ok({ obligations: list });
}

/**
 * View return (3.6): the stored return, or 404 with no body at all. `periodKey` is decoded. A period
 * that ended more than four years ago is refused, 403 DATE_RANGE_TOO_LARGE inside BUSINESS_ERROR.
 */
export function returnFor(
  account: VatAccount,
  periodKey: string,
  today: string,
): SandboxAnswer<ReturnBody> | SandboxAnswer {
  const period = account.obligations.find((o) => o.periodKey === periodKey);
  if (period && period.end < addYears(today, -4)) {
    return businessError([{ code: 'DATE_RANGE_TOO_LARGE', message: messages.DATE_RANGE_TOO_LARGE_VIEW }]);
  }
  const stored = account.returns.find((r) => r.periodKey === periodKey);
  if (!stored) return emptyNotFound;
  const body = { periodKey } as ReturnBody;
  for (const box of returnBoxes) body[box] = penceToJson(stored.boxes[box]);
  return ok(body);
}

/**
 * The charges liabilities and payments report for a validated from..to (3.7, 3.8): "Hybrid
 * Payments" and "Payment on Account" charges never; a charge with a tax period only if its `to` date
 * falls inside the range (HMRC's filter keeps `to` on or before the requested `to`; its sandbox
 * table, 4.4, also wants it on or after `from`); a charge without a tax period always.
 */
function chargesInRange(account: VatAccount, from: string, to: string, dropped: readonly string[]): StoredCharge[] {
  return account.charges
    .filter((charge) => !dropped.includes(charge.type.toLowerCase()))
    .filter((charge) => !charge.taxPeriod || (charge.taxPeriod.to >= from && charge.taxPeriod.to <= to));
}

export function liabilitiesFor(
  account: VatAccount,
  query: { from: string; to: string },
): SandboxAnswer<LiabilitiesBody> | SandboxAnswer {
  const liabilities = chargesInRange(account, query.from, query.to, ['hybrid payments', 'payment on account']).map(
    (charge) => ({
      ...(charge.taxPeriod ? { taxPeriod: { ...charge.taxPeriod } } : {}),
      type: charge.type,
      originalAmount: penceToJson(charge.originalAmountPence),
      outstandingAmount: penceToJson(charge.outstandingAmountPence),
      ...(charge.due === undefined ? {} : { due: charge.due }),
    }),
  );
  // HMRC answers an empty list with 404 NOT_FOUND (docs/reference/hmrc-vat-api.md §8.2).
  return liabilities.length === 0 ? notFound() : ok({ liabilities });
}

export function paymentsFor(
  account: VatAccount,
  query: { from: string; to: string },
): SandboxAnswer<PaymentsBody> | SandboxAnswer {
  const seen = new Set<string>();
  const payments: PaymentsBody['payments'] = [];
  for (const charge of chargesInRange(account, query.from, query.to, ['payment on account'])) {
    for (const payment of charge.payments) {
      // Duplicates are the same amount, lot and lot item (PaymentsResponse.scala, 3.8).
      const key = `${payment.amountPence}|${payment.paymentLot}|${payment.paymentLotItem}`;
      if (seen.has(key)) continue;
      seen.add(key);
      payments.push({ amount: penceToJson(payment.amountPence), received: payment.received });
    }
  }
  return payments.length === 0 ? notFound() : ok({ payments });
}

/** Retrieve penalties (3.9): always 200; `{}` when no return was late as of `today`. */
export const penaltiesFor = (account: VatAccount, today: string = account.asOf): SandboxAnswer<PenaltiesBody> =>
  ok(penaltiesBody(account, today));

/**
 * Retrieve financial details (3.10) for a charge reference the account knows: a return's charge
 * (submit's `chargeRefNumber`) or a late submission penalty charge (penalties' `chargeReference`).
 * Unknown -> 404 MATCHING_RESOURCE_NOT_FOUND.
 */
export function financialDetailsFor(
  account: VatAccount,
  chargeReference: string,
  today: string = account.asOf,
): SandboxAnswer<FinancialDetailsBody> | SandboxAnswer {
  const charge = account.charges.find((c) => c.chargeReference === chargeReference);
  if (charge) {
    return ok(
      financialDetails({
        postedOn: charge.postedOn,
        totalPence: charge.originalAmountPence,
        outstandingPence: charge.outstandingAmountPence,
        due: charge.due,
        today,
        description: 'VAT Return',
        ...(charge.taxPeriod ? { taxPeriod: charge.taxPeriod } : {}),
      }),
    );
  }
  const latePayment = latePaymentPenalties(account).find((p) => p.chargeReference === chargeReference);
  if (latePayment && latePayment.creationDate <= today) {
    return ok(
      financialDetails({
        postedOn: latePayment.creationDate,
        totalPence: latePayment.amountPence,
        outstandingPence: latePayment.amountPence,
        due: latePayment.dueDate,
        today,
        description: 'VAT Late Payment Penalty 1',
        ...(latePayment.principal.taxPeriod ? { taxPeriod: latePayment.principal.taxPeriod } : {}),
      }),
    );
  }
  const penalty = lateSubmissionPenalties(account, today).find((p) => p.chargeReference === chargeReference);
  if (penalty?.chargePence !== undefined) {
    return ok(
      financialDetails({
        postedOn: penalty.creationDate,
        totalPence: penalty.chargePence,
        outstandingPence: penalty.chargePence,
        due: penalty.chargeDueDate,
        today,
        description: 'Late Submission Penalty',
        taxPeriod: { from: penalty.obligation.start, to: penalty.obligation.end },
      }),
    );
  }
  return flat(404, 'MATCHING_RESOURCE_NOT_FOUND', messages.MATCHING_RESOURCE_NOT_FOUND);
}

function financialDetails(input: {
  postedOn: string;
  totalPence: number;
  outstandingPence: number;
  due: string | undefined;
  today: string;
  description: string;
  taxPeriod?: { from: string; to: string };
}): FinancialDetailsBody {
  const { postedOn, totalPence, outstandingPence, due, today, description, taxPeriod } = input;
  const clearedPence = totalPence - outstandingPence;
  const overdue = due !== undefined && due < today;
  return {
    totalisations: {
      totalOverdue: penceToJson(overdue ? outstandingPence : 0),
      totalNotYetDue: penceToJson(overdue ? 0 : outstandingPence),
      totalBalance: penceToJson(outstandingPence),
      totalCredit: 0,
      totalCleared: penceToJson(clearedPence),
    },
    documentDetails: [
      {
        postingDate: postedOn,
        issueDate: postedOn,
        documentTotalAmount: penceToJson(totalPence),
        documentClearedAmount: penceToJson(clearedPence),
        documentOutstandingAmount: penceToJson(outstandingPence),
        lineItemDetails: [
          {
            chargeDescription: description,
            ...(taxPeriod ? { periodFromDate: taxPeriod.from, periodToDate: taxPeriod.to } : {}),
            ...(due === undefined ? {} : { netDueDate: due }),
            amount: penceToJson(totalPence),
          },
        ],
      },
    ],
  };
}

/** Retrieve customer information (3.11). */
export function customerInformationFor(account: VatAccount): SandboxAnswer<CustomerInformationBody> {
  const { flatRateScheme } = account;
  return ok({
    customerDetails: { effectiveRegistrationDate: account.registrationDate },
    ...(flatRateScheme
      ? { flatRateScheme: { frsCategory: flatRateScheme.frsCategory, startDate: flatRateScheme.startDate } }
      : {}),
  });
}
