/**
 * Late submission penalties, derived from the account's obligations rather than stored, so they can
 * never disagree with them (uk-vat-facts.md 4.2; wire shape hmrc-mtd-vat.md 3.9 and HMRC's
 * Penalties.json example). Late payment penalties are not simulated: the generated history pays every
 * charge on time, and a charge raised by a late submission is only as old as `asOf`.
 */
import { addDays, addMonths, firstOfMonth } from './dates';
import type { LateSubmissionPenaltyDetail, PenaltiesBody, StoredObligation, VatAccount } from './model';
import { penceToJson } from './money';
import { digitsFor } from './random';

/** Quarterly filers reach the threshold at 4 points (uk-vat-facts.md 4.2 table). */
export const quarterlyPointsThreshold = 4;
/** Each return late at the threshold costs £200 (uk-vat-facts.md 4.2). */
export const thresholdChargePence = 20_000;
/** The points regime covers VAT periods starting on or after 1 January 2023 (uk-vat-facts.md 4.1). */
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
 * (uk-vat-facts.md 4.1, 4.2).
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
  return lateObligations(account, today).map((obligation): LateSubmissionPenalty => {
    const creationDate = addDays(obligation.due, 1);
    const expiryDate = pointExpiryDate(obligation.due);
    const active = expiryDate > today;
    if (active) activeLate += 1;
    // Below the threshold a late return adds a point; the point that reaches it also brings a £200
    // charge ('threshold'); beyond it each late return is a £200 'charge' without a point (4.2).
    if (!active || activeLate < quarterlyPointsThreshold) {
      return { obligation, category: 'point', active, creationDate, expiryDate };
    }
    return {
      obligation,
      category: activeLate === quarterlyPointsThreshold ? 'threshold' : 'charge',
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

/** Retrieve penalties' 200 body (3.9): `{}` when no return was late. */
export function penaltiesBody(account: VatAccount, today: string): PenaltiesBody {
  const penalties = lateSubmissionPenalties(account, today);
  if (penalties.length === 0) return {};
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

  return {
    totalisations: {
      lateSubmissionPenaltyTotalValue: penceToJson(chargesPence),
      penalisedPrincipalTotal: 0,
      latePaymentPenaltyPostedTotal: 0,
      latePaymentPenaltyEstimateTotal: 0,
    },
    lateSubmissionPenalty: {
      summary: {
        activePenaltyPoints: Math.min(active.length, quarterlyPointsThreshold),
        inactivePenaltyPoints: penalties.length - active.length,
        // 9999-12-31 = no active points (VAT-OAS Summary).
        periodOfComplianceAchievement: latestExpiry === '' ? '9999-12-31' : latestExpiry,
        regimeThreshold: quarterlyPointsThreshold,
        penaltyChargeAmount: penceToJson(chargesPence),
      },
      details,
    },
  };
}
