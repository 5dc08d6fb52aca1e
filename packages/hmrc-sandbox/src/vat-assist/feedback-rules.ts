import type { ReturnBoxesPence } from '../vat/validation';

/**
 * The simulator's HMRC Assist rules: what the feedback request answers when no Gov-Test-Scenario
 * is sent. Pure; amounts are integer pence and every ratio is worked out in integers.
 *
 * How the rules were chosen. HMRC's VAT (MTD) end-to-end service guide, page "HMRC Assist for
 * VAT" (hmrc/vat-service-guide; the project keeps copies beside the definitions that
 * reference/vat-assist/SOURCES.md names) says HMRC Assist is rules-based, looks at the draft return
 * before it is filed and checks it for inconsistencies (1) within the return, (2) with the
 * business's earlier returns, (3) with sector trends and (4) with other HMRC and third-party
 * data; messages are listed by their impact on the return, at most five. HMRC does not publish
 * its rules, so these are the checks HMRC's own guidance tells businesses to make (VAT Notice
 * 700/12 and 733; docs/reference/vat-rules.md §1.8), in two of the four groups:
 *  - within the return: box 1 against box 6 and box 4 against box 7 at the rates in use (no more
 *    than 20% of the value, as 20%, 5% and 0% are the only rates), sales with no VAT, Northern
 *    Ireland boxes 8 and 9 inside boxes 6 and 7 and acquisitions with VAT in box 2, and, for a
 *    business on the Flat Rate Scheme, box 1 against its flat rate and VAT reclaimed in box 4;
 *  - against history (the business's earlier returns in the simulator's store, up to four, under
 *    the same scheme): VAT on sales a smaller share of sales than usual, sales very different from
 *    the usual, VAT reclaimed much higher than usual, a repayment where there never was one, and
 *    the same nine figures as the last return.
 * Sector trends and HMRC's or third parties' data are not simulated: the simulator has none, and
 * invented figures would teach software nothing true. The flat rate checks use the one sector fact
 * the simulated account holds, its flat rate percentage.
 * Priority is the VAT the finding could change ("at stake"), largest first; ties keep the order of
 * `rules` below. Every message is advisory: a finding never stops a return being filed.
 */

export interface HistoryReturn {
  periodKey: string;
  /** The period's end date, YYYY-MM-DD. */
  end: string;
  boxes: ReturnBoxesPence;
}

export interface DraftContext {
  /** The business's filed returns before the draft's period, under the same scheme, newest first. */
  history: readonly HistoryReturn[];
  /** The flat rate percentage in tenths (145 = 14.5%) when the draft's period is on the Flat Rate Scheme. */
  flatRateTenths?: number;
}

/** What a rule found, with the figures its message quotes. `atStake` is in pence. */
export type Finding = { atStake: number } & (
  | { rule: 'outputVatHigh'; box1: number; box6: number }
  | { rule: 'salesWithoutVat'; box6: number; historyHadVat: boolean }
  | { rule: 'outputVatLow'; draftRateTenths: number; historyRateTenths: number; returns: number }
  | { rule: 'inputVatHigh'; box4: number; box7: number }
  | { rule: 'flatRateOutputLow'; rateTenths: number; box1: number; box6: number; expected: number }
  | { rule: 'flatRateInputVat'; box4: number }
  | { rule: 'acquisitionsWithoutVat'; box9: number }
  | { rule: 'niValueOverTotal'; box: 8 | 9; value: number; total: number }
  | { rule: 'salesChange'; box6: number; average: number; returns: number; changePercent: number }
  | { rule: 'reclaimRise'; box4: number; average: number; returns: number }
  | { rule: 'unusualRepayment'; box3: number; box4: number; box5: number; returns: number }
  | { rule: 'sameAsLastReturn'; periodEnd: string }
);

export type RuleName = Finding['rule'];

/** HMRC returns at most five messages (service guide, "Handling feedback messages"). */
export const maxMessages = 5;

const standardRateTenths = 200;

/** `pence` × rate (tenths of a per cent), rounded half up; pence ≥ 0. In bigint: no float, no overflow. */
const share = (pence: number, tenths: number): number =>
  Number((BigInt(Math.max(pence, 0)) * BigInt(tenths) + 500n) / 1000n);

/** `part` as tenths of a per cent of `whole` (whole > 0), rounded half up. */
const rateTenths = (part: number, whole: number): number =>
  Number((BigInt(part) * 1000n + BigInt(whole) / 2n) / BigInt(whole));

/** Slack for rounding across many invoices: £1, or 0.5% of the figure if more. */
const slack = (pence: number): number => Math.max(100, Math.floor(Math.abs(pence) / 200));

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

interface Facts {
  boxes: ReturnBoxesPence;
  context: DraftContext;
  onFlatRate: boolean;
  /** Box 1 as a share of box 6 over the history, in tenths; undefined without history sales. */
  historyRate: number | undefined;
}

type Rule = (facts: Facts) => Finding | undefined;

const outputVatHigh: Rule = ({ boxes: b, onFlatRate }) => {
  if (onFlatRate || b.vatDueSales <= 0 || b.totalValueSalesExVAT < 0) return undefined;
  // Box 6 is whole pounds, so up to 99p of sales may have been dropped from it.
  const most = share(b.totalValueSalesExVAT + 99, standardRateTenths);
  if (b.vatDueSales <= most + slack(b.vatDueSales)) return undefined;
  return {
    rule: 'outputVatHigh',
    atStake: b.vatDueSales - share(b.totalValueSalesExVAT, standardRateTenths),
    box1: b.vatDueSales,
    box6: b.totalValueSalesExVAT,
  };
};

const salesWithoutVat: Rule = ({ boxes: b, onFlatRate, historyRate }) => {
  if (onFlatRate || b.totalValueSalesExVAT <= 0 || b.vatDueSales !== 0) return undefined;
  // A business whose earlier sales carried (almost) no VAT sells zero-rated or exempt goods.
  if (historyRate !== undefined && historyRate < 10) return undefined;
  return {
    rule: 'salesWithoutVat',
    atStake: share(b.totalValueSalesExVAT, historyRate ?? standardRateTenths),
    box6: b.totalValueSalesExVAT,
    historyHadVat: historyRate !== undefined,
  };
};

const outputVatLow: Rule = ({ boxes: b, context, onFlatRate, historyRate }) => {
  if (onFlatRate || historyRate === undefined || historyRate < 50) return undefined;
  if (b.totalValueSalesExVAT < 100_000 || b.vatDueSales <= 0) return undefined;
  const draftRate = rateTenths(b.vatDueSales, b.totalValueSalesExVAT);
  // Five percentage points below the usual share: more than a mix of sales can explain.
  if (draftRate > historyRate - 50) return undefined;
  return {
    rule: 'outputVatLow',
    atStake: share(b.totalValueSalesExVAT, historyRate) - b.vatDueSales,
    draftRateTenths: draftRate,
    historyRateTenths: historyRate,
    returns: context.history.length,
  };
};

const inputVatHigh: Rule = ({ boxes: b, onFlatRate }) => {
  if (onFlatRate || b.vatReclaimedCurrPeriod <= 0) return undefined;
  const purchases = Math.max(b.totalValuePurchasesExVAT, 0);
  if (b.vatReclaimedCurrPeriod <= share(purchases + 99, standardRateTenths) + slack(b.vatReclaimedCurrPeriod)) {
    return undefined;
  }
  return {
    rule: 'inputVatHigh',
    atStake: b.vatReclaimedCurrPeriod - share(purchases, standardRateTenths),
    box4: b.vatReclaimedCurrPeriod,
    box7: b.totalValuePurchasesExVAT,
  };
};

const flatRateOutputLow: Rule = ({ boxes: b, context }) => {
  const rate = context.flatRateTenths;
  if (rate === undefined || b.totalValueSalesExVAT <= 0) return undefined;
  const expected = share(b.totalValueSalesExVAT, rate);
  if (b.vatDueSales >= expected - slack(expected)) return undefined;
  return {
    rule: 'flatRateOutputLow',
    atStake: expected - b.vatDueSales,
    rateTenths: rate,
    box1: b.vatDueSales,
    box6: b.totalValueSalesExVAT,
    expected,
  };
};

const flatRateInputVat: Rule = ({ boxes: b, onFlatRate }) =>
  onFlatRate && b.vatReclaimedCurrPeriod > 0
    ? { rule: 'flatRateInputVat', atStake: b.vatReclaimedCurrPeriod, box4: b.vatReclaimedCurrPeriod }
    : undefined;

const acquisitionsWithoutVat: Rule = ({ boxes: b }) =>
  b.totalAcquisitionsExVAT > 0 && b.vatDueAcquisitions === 0
    ? {
        rule: 'acquisitionsWithoutVat',
        atStake: share(b.totalAcquisitionsExVAT, standardRateTenths),
        box9: b.totalAcquisitionsExVAT,
      }
    : undefined;

const niValueOverTotal =
  (box: 8 | 9): Rule =>
  ({ boxes: b }) => {
    const value = box === 8 ? b.totalValueGoodsSuppliedExVAT : b.totalAcquisitionsExVAT;
    const total = box === 8 ? b.totalValueSalesExVAT : b.totalValuePurchasesExVAT;
    if (value <= 0 || value <= total) return undefined;
    return {
      rule: 'niValueOverTotal',
      atStake: share(value - Math.max(total, 0), standardRateTenths),
      box,
      value,
      total,
    };
  };

const salesChange: Rule = ({ boxes: b, context, historyRate }) => {
  const { history } = context;
  if (history.length === 0 || b.totalValueSalesExVAT < 0) return undefined;
  const average = Math.floor(sum(history.map((r) => r.boxes.totalValueSalesExVAT)) / history.length);
  const sales = b.totalValueSalesExVAT;
  if (average < 100_000 || (sales < 2 * average && 2 * sales > average)) return undefined;
  const difference = Math.abs(sales - average);
  return {
    rule: 'salesChange',
    atStake: share(difference, context.flatRateTenths ?? historyRate ?? standardRateTenths),
    box6: sales,
    average,
    returns: history.length,
    changePercent: Math.round((difference * 100) / average),
  };
};

const reclaimRise: Rule = ({ boxes: b, context, onFlatRate }) => {
  const { history } = context;
  if (onFlatRate || history.length === 0) return undefined;
  const average = Math.floor(sum(history.map((r) => r.boxes.vatReclaimedCurrPeriod)) / history.length);
  const box4 = b.vatReclaimedCurrPeriod;
  if (box4 - average < 50_000 || box4 < 2 * average) return undefined;
  return { rule: 'reclaimRise', atStake: box4 - average, box4, average, returns: history.length };
};

const unusualRepayment: Rule = ({ boxes: b, context }) => {
  const { history } = context;
  const everPaid = history.every((r) => r.boxes.totalVatDue >= r.boxes.vatReclaimedCurrPeriod);
  if (b.vatReclaimedCurrPeriod <= b.totalVatDue || history.length === 0 || !everPaid) return undefined;
  return {
    rule: 'unusualRepayment',
    atStake: b.netVatDue,
    box3: b.totalVatDue,
    box4: b.vatReclaimedCurrPeriod,
    box5: b.netVatDue,
    returns: history.length,
  };
};

const sameAsLastReturn: Rule = ({ boxes: b, context }) => {
  const last = context.history[0];
  if (!last || (b.vatDueSales === 0 && b.totalValueSalesExVAT === 0)) return undefined;
  const same = (Object.keys(b) as (keyof ReturnBoxesPence)[]).every((box) => last.boxes[box] === b[box]);
  return same
    ? {
        rule: 'sameAsLastReturn',
        atStake: Math.max(b.totalVatDue, b.vatReclaimedCurrPeriod),
        periodEnd: last.end,
      }
    : undefined;
};

/** Every rule, in the order that breaks a tie of equal VAT at stake. */
const rules: readonly Rule[] = [
  sameAsLastReturn,
  outputVatHigh,
  salesWithoutVat,
  outputVatLow,
  flatRateOutputLow,
  inputVatHigh,
  flatRateInputVat,
  unusualRepayment,
  reclaimRise,
  acquisitionsWithoutVat,
  niValueOverTotal(8),
  niValueOverTotal(9),
  salesChange,
];

/** The findings on a draft return, most VAT at stake first, at most five. */
export function assessDraft(boxes: ReturnBoxesPence, context: DraftContext): Finding[] {
  const sales = context.history.filter((r) => r.boxes.totalValueSalesExVAT > 0);
  const historySales = sum(sales.map((r) => r.boxes.totalValueSalesExVAT));
  const historyVat = sum(sales.map((r) => Math.max(r.boxes.vatDueSales, 0)));
  const facts: Facts = {
    boxes,
    context,
    onFlatRate: context.flatRateTenths !== undefined,
    historyRate: historySales > 0 ? rateTenths(historyVat, historySales) : undefined,
  };
  return rules
    .map((rule, order) => ({ finding: rule(facts), order }))
    .filter((entry): entry is { finding: Finding; order: number } => entry.finding !== undefined)
    .sort((a, b) => b.finding.atStake - a.finding.atStake || a.order - b.order)
    .slice(0, maxMessages)
    .map((entry) => entry.finding);
}
