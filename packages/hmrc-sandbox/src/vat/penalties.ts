/**
 * Penalties, derived from the account's obligations and charges rather than stored, so they can
 * never disagree with them (docs/reference/vat-rules.md §4.2, 4.3; wire shape docs/reference/hmrc-vat-api.md §3.9 and HMRC's
 * Penalties.json example): a point or charge for each late return, and a first late payment penalty
 * for each VAT charge paid 16 to 30 days late (the generated history has one).
 */
import { addDays, addMonths, firstOfMonth } from '@vatwise/domain';
import type { LatePaymentPenaltyDetail } from '../scenarios';
import type { LateSubmissionPenaltyDetail, PenaltiesBody, StoredCharge, StoredObligation, VatAccount } from './model';
import { penceToJson, percentOf } from './money';
import { digitsFor } from './random';

/** Quarterly filers reach the threshold at 4 points (docs/reference/vat-rules.md §4.2 table). */
export const quarterlyPointsThreshold = 4;
/** The threshold for the account's filing frequency: annual 2, quarterly 4, monthly 5 (docs/reference/vat-rules.md §4.2). */
export const pointsThresholdFor = (account: Pick<VatAccount, 'obligationPattern'>): number =>
  account.obligationPattern === 'annual' ? 2 : account.obligationPattern === 'monthly' ? 5 : quarterlyPointsThreshold;
/** Each return late at the threshold costs £200 (docs/reference/vat-rules.md §4.2). */
export const thresholdChargePence = 20_000;
/** The points regime covers VAT periods starting on or after 1 January 2023 (docs/reference/vat-rules.md §4.1). */
export const pointsRegimeStart = '2023-01-01';

/** One late return and what it cost, in pence, before conversion to HMRC's body. */
export interface LateSubmissionPenalty {
  obligation: StoredObligation;
  category: LateSubmissionPenaltyDetail['penaltyCategory'];
  active: boolean;
  creationDate: string;
  expiryDate: string;
  chargeReference?: string;
  chargePence?: number;
  chargeDueDate?: string;
}

/**
 * The failure is the day after the due date; a point expires 24 months after the first day of the
 * month after the failure's month (CH192200, as in HMRC's example: due 2023-11-07 -> expiry 2025-12-01).
 */
export const pointExpiryDate = (due: string): string => addMonths(firstOfMonth(addMonths(addDays(due, 1), 1)), 24);

/**
 * The obligations whose return was late as of `today`: fulfilled after the due date, or still open
 * past it. No point for the first return after registration, nor for periods before the regime
 * (docs/reference/vat-rules.md §4.1, 4.2).
 */
function lateObligations(account: VatAccount, today: string): StoredObligation[] {
  return [...account.obligations]
    .sort((a, b) => (a.start < b.start ? -1 : 1))
    .filter((obligation) => obligation.start >= pointsRegimeStart)
    .filter((obligation) => obligation.start !== account.registrationDate)
    .filter((obligation) =>
      obligation.status === 'F' ? (obligation.received ?? '') > obligation.due : obligation.due < today,
    );
}

export function lateSubmissionPenalties(account: VatAccount, today: string): LateSubmissionPenalty[] {
  let activeLate = 0;
  const threshold = pointsThresholdFor(account);
  return lateObligations(account, today).map((obligation): LateSubmissionPenalty => {
    const creationDate = addDays(obligation.due, 1);
    const expiryDate = pointExpiryDate(obligation.due);
    const active = expiryDate > today;
    if (active) activeLate += 1;
    // Below the threshold a late return adds a point; the point that reaches it also brings a £200
    // charge ('threshold'); beyond it each late return is a £200 'charge' without a point (4.2).
    if (!active || activeLate < threshold) {
      return { obligation, category: 'point', active, creationDate, expiryDate };
    }
    return {
      obligation,
      category: activeLate === threshold ? 'threshold' : 'charge',
      active,
      creationDate,
      expiryDate,
      chargeReference: `XS${digitsFor(`lsp-charge|${account.vrn}|${obligation.periodKey}`, 12)}`,
      chargePence: thresholdChargePence,
      // "a maximum of 30 days after the submission was originally due" (VAT-OAS Detail.chargeDueDate).
      chargeDueDate: addDays(obligation.due, 30),
    };
  });
}

/** LPP1's lower rate: 2% of the VAT still unpaid on day 15 (docs/reference/vat-rules.md §4.3), in tenths of a per cent. */
export const latePaymentLowerRateTenths = 20;
/** A penalty charge is due 30 days after HMRC raises it. */
const penaltyChargeTermDays = 30;

/** One first late payment penalty: its charge, the VAT charge it is for, and what it costs. */
export interface LatePaymentPenalty {
  principal: StoredCharge;
  paidOn: string;
  chargeReference: string;
  amountPence: number;
  creationDate: string;
  dueDate: string;
}

/**
 * Each VAT return charge of the points regime paid on day 16 to 30 after its due date draws LPP1 at
 * the lower rate on the whole amount, raised when the tax is paid and posted at once. Its own
 * charge is not yet paid.
 */
export function latePaymentPenalties(account: VatAccount): LatePaymentPenalty[] {
  return account.charges.flatMap((principal): LatePaymentPenalty[] => {
    const payment = principal.payments[0];
    const start = principal.taxPeriod?.from;
    if (!payment || !principal.due || !start || start < pointsRegimeStart) return [];
    if (payment.received <= addDays(principal.due, 15)) return [];
    return [
      {
        principal,
        paidOn: payment.received,
        chargeReference: `XP${digitsFor(`lpp|${account.vrn}|${principal.chargeReference}`, 12)}`,
        amountPence: percentOf(principal.originalAmountPence, latePaymentLowerRateTenths),
        creationDate: payment.received,
        dueDate: addDays(payment.received, penaltyChargeTermDays),
      },
    ];
  });
}

function latePaymentDetail(penalty: LatePaymentPenalty): LatePaymentPenaltyDetail {
  const { principal } = penalty;
  const amount = penceToJson(penalty.amountPence);
  return {
    principalChargeReference: principal.chargeReference,
    penaltyCategory: 'LPP1',
    penaltyStatus: 'posted',
    penaltyAmountAccruing: 0,
    penaltyAmountPosted: amount,
    penaltyAmountPaid: 0,
    penaltyAmountOutstanding: amount,
    latePaymentPenalty1LowerRateCalculationAmount: penceToJson(principal.originalAmountPence),
    latePaymentPenalty1LowerRatePercentage: latePaymentLowerRateTenths / 10,
    penaltyChargeCreationDate: penalty.creationDate,
    communicationsDate: addDays(penalty.creationDate, 3),
    penaltyChargeReference: penalty.chargeReference,
    penaltyChargeDueDate: penalty.dueDate,
    principalChargeDocNumber: digitsFor(`doc|${principal.chargeReference}`, 12),
    principalChargeBillingFrom: principal.taxPeriod?.from ?? '',
    principalChargeBillingTo: principal.taxPeriod?.to ?? '',
    principalChargeDueDate: principal.due ?? '',
    principalChargeLatestClearing: penalty.paidOn,
  };
}

/** Retrieve penalties' 200 body (3.9): `{}` when no return was late and nothing was paid late. */
export function penaltiesBody(account: VatAccount, today: string): PenaltiesBody {
  const penalties = lateSubmissionPenalties(account, today);
  const latePayments = latePaymentPenalties(account).filter((penalty) => penalty.creationDate <= today);
  if (penalties.length === 0 && latePayments.length === 0) return {};
  const latePaymentBlock =
    latePayments.length === 0 ? {} : { latePaymentPenalty: { details: latePayments.map(latePaymentDetail) } };
  const active = penalties.filter((penalty) => penalty.active);
  const chargesPence = penalties.reduce((sum, penalty) => sum + (penalty.chargePence ?? 0), 0);
  const latestExpiry = active.reduce(
    (latest, penalty) => (penalty.expiryDate > latest ? penalty.expiryDate : latest),
    '',
  );

  const details: LateSubmissionPenaltyDetail[] = penalties.map((penalty, index) => {
    const { obligation } = penalty;
    const received = obligation.status === 'F' ? obligation.received : undefined;
    return {
      penaltyNumber: digitsFor(`lsp|${account.vrn}|${obligation.periodKey}`, 12),
      penaltyOrder: String(index + 1).padStart(2, '0'),
      penaltyCategory: penalty.category,
      penaltyStatus: penalty.active ? 'active' : 'inactive',
      penaltyCreationDate: penalty.creationDate,
      penaltyExpiryDate: penalty.expiryDate,
      ...(penalty.active ? {} : { expiryReason: 'natural-expiry' as const }),
      // HMRC's example writes three days after creation.
      communicationsDate: addDays(penalty.creationDate, 3),
      lateSubmissions: [
        {
          lateSubmissionID: digitsFor(`lsp-submission|${account.vrn}|${obligation.periodKey}`, 7),
          taxReturnStatus: received === undefined ? 'Open' : 'Fulfilled',
          taxPeriodStartDate: obligation.start,
          taxPeriodEndDate: obligation.end,
          taxPeriodDueDate: obligation.due,
          ...(received === undefined ? {} : { returnReceiptDate: received }),
        },
      ],
      ...(penalty.chargeReference === undefined || penalty.chargePence === undefined
        ? {}
        : {
            chargeReference: penalty.chargeReference,
            chargeAmount: penceToJson(penalty.chargePence),
            chargeOutstandingAmount: penceToJson(penalty.chargePence),
            ...(penalty.chargeDueDate === undefined ? {} : { chargeDueDate: penalty.chargeDueDate }),
          }),
    };
  });

  const totalisations = {
    lateSubmissionPenaltyTotalValue: penceToJson(chargesPence),
    penalisedPrincipalTotal: penceToJson(latePayments.reduce((sum, p) => sum + p.principal.originalAmountPence, 0)),
    latePaymentPenaltyPostedTotal: penceToJson(latePayments.reduce((sum, p) => sum + p.amountPence, 0)),
    latePaymentPenaltyEstimateTotal: 0,
  };
  if (penalties.length === 0) return { totalisations, ...latePaymentBlock };
  return {
    totalisations,
    ...latePaymentBlock,
    lateSubmissionPenalty: {
      summary: {
        activePenaltyPoints: Math.min(active.length, pointsThresholdFor(account)),
        inactivePenaltyPoints: penalties.length - active.length,
        // 9999-12-31 = no active points (VAT-OAS Summary).
        periodOfComplianceAchievement: latestExpiry === '' ? '9999-12-31' : latestExpiry,
        regimeThreshold: pointsThresholdFor(account),
        penaltyChargeAmount: penceToJson(chargesPence),
      },
      details,
    },
  };
}
