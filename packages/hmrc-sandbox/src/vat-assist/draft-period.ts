import type { StoredObligation, VatAccount } from '../vat/model';
import type { DraftContext, HistoryReturn } from './feedback-rules';

/**
 * The period a draft return is for, from the simulated account (vat/account.ts), and what the rules
 * may compare it with. HMRC Assist is only for "the current period, which has an open return
 * obligation … before the VAT return is submitted" (service guide, "Customer journey"); HMRC's
 * service looks the period key up among the open obligations and refuses a period that has not
 * ended (TAX_PERIOD_NOT_ENDED, reference/vat-assist/application.yaml).
 *
 * A key with no open obligation (unknown, or its return already filed) is answered 400
 * PERIOD_KEY_INVALID: the definition names no code for it, and HMRC's service (as read in
 * hmrc/mtd-transaction-risking, VatApiService.getObligationPeriod) falls through to a downstream
 * error, which the definition's 500 "unexpected error" would tell software to retry.
 */

export type DraftPeriod =
  | { ok: true; obligation: StoredObligation; context: DraftContext }
  | { ok: false; problem: 'PERIOD_KEY_INVALID' | 'TAX_PERIOD_NOT_ENDED' };

/** Earlier returns the rules compare with, at most this many (a year of quarters). */
export const historyLength = 4;

export function draftPeriodFor(account: VatAccount, periodKey: string, today: string): DraftPeriod {
  const obligation = account.obligations.find((o) => o.periodKey === periodKey);
  const filed = account.returns.some((r) => r.periodKey === periodKey);
  if (!obligation || obligation.status !== 'O' || filed) return { ok: false, problem: 'PERIOD_KEY_INVALID' };
  // HMRC's service wants today after the period's end, as the VAT API's submit does.
  if (obligation.end >= today) return { ok: false, problem: 'TAX_PERIOD_NOT_ENDED' };

  const scheme = account.flatRateScheme;
  const onFlatRate = (start: string) => scheme !== undefined && start >= scheme.startDate;
  const draftOnFlatRate = onFlatRate(obligation.start);
  const history: HistoryReturn[] = account.returns
    .flatMap((filedReturn) => {
      const period = account.obligations.find((o) => o.periodKey === filedReturn.periodKey);
      // Only periods before the draft's, on the same scheme: a flat rate return is not like a normal one.
      if (!period || period.end >= obligation.start || onFlatRate(period.start) !== draftOnFlatRate) return [];
      return [{ periodKey: filedReturn.periodKey, end: period.end, boxes: filedReturn.boxes }];
    })
    .sort((a, b) => (a.end < b.end ? 1 : a.end > b.end ? -1 : 0))
    .slice(0, historyLength);

  return {
    ok: true,
    obligation,
    context: {
      history,
      ...(draftOnFlatRate && scheme ? { flatRateTenths: scheme.rateTenthsOfPercent } : {}),
    },
  };
}
