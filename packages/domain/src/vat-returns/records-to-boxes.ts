import { isCalendarDate } from '../vat/dates';
import {
  boxKey,
  type BoxKey,
  type BoxWarning,
  type ComputedReturn,
  type Contribution,
  type EnterableBox,
  type FlatRateSettings,
  type FlatRateWorking,
  type VatRecordInput,
} from './api';
import { checkBoxes, completeBoxes, warnBoxes, wholePoundsBig } from './boxes';
import { divideRoundHalfUp, flatRateFor, flatRateParts, periodLength, specifiedAmountBig } from './flat-rate';

/**
 * From a period's digital records to the nine boxes (uk-vat-facts 1.1, 1.6, 1.7 and, on the flat rate
 * scheme, 2.3-2.7). Pure: the caller loads the records; only those dated start..end (inclusive) count.
 *
 * Sums are kept in bigint, exact to the penny; boxes 1, 2 and 4 are the exact sums, boxes 6-9 the sums
 * with their pence dropped (wholePounds), then boxes 3 and 5 come from completeBoxes.
 *
 * A transaction's treatment decides first: 'niEuGoods', 'reverseCharge' and 'postponedImport' purchases
 * (and 'niEuGoods' sales) go to their special boxes whatever the rate says; otherwise the rate decides
 * ('capitalGoods' and 'relevantGoods' matter only on the flat rate scheme, and the purchase treatments
 * mean nothing on a sale).
 */

/** A purchase of capital goods reclaims its VAT on the flat rate scheme from this value, VAT included. */
export const capitalGoodsThresholdPence = 200_000;

/** What the boxes need of a record: what it is and its id (not when or how it was made). */
export type BoxableRecord = VatRecordInput & { id: string };

type Transaction = Extract<BoxableRecord, { kind: 'sale' | 'purchase' }>;

class Boxes {
  readonly sums: Record<BoxKey, bigint> = {
    box1: 0n,
    box2: 0n,
    box3: 0n,
    box4: 0n,
    box5: 0n,
    box6: 0n,
    box7: 0n,
    box8: 0n,
    box9: 0n,
  };
  readonly contributions: Record<BoxKey, Contribution[]> = {
    box1: [],
    box2: [],
    box3: [],
    box4: [],
    box5: [],
    box6: [],
    box7: [],
    box8: [],
    box9: [],
  };

  readonly counts: Record<BoxKey, number> = {
    box1: 0,
    box2: 0,
    box3: 0,
    box4: 0,
    box5: 0,
    box6: 0,
    box7: 0,
    box8: 0,
    box9: 0,
  };

  /** `kept`: how many contributions to list per box (all by default); the counts stay whole. */
  constructor(private readonly kept = Infinity) {}

  add(box: EnterableBox, recordId: string, amount: bigint): void {
    if (amount === 0n) return;
    const key = boxKey(box);
    this.sums[key] += amount;
    this.counts[key] += 1;
    if (this.contributions[key].length < this.kept)
      this.contributions[key].push({ recordId, amountPence: Number(amount) });
  }
}

function pence(value: number, record: BoxableRecord): bigint {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Record ${record.id} has an amount that is not a whole number of pence: ${value}`);
  }
  return BigInt(value);
}

const taxedRates = new Set(['standard', 'reduced']);

/** Purchases with a special treatment: the same boxes under standard accounting and the flat rate scheme. */
function addSpecialPurchase(boxes: Boxes, record: Transaction, net: bigint, vat: bigint): bigint | null {
  switch (record.treatment) {
    case 'niEuGoods': // goods acquired into Northern Ireland from the EU
      boxes.add(2, record.id, vat);
      boxes.add(4, record.id, vat);
      boxes.add(7, record.id, net);
      boxes.add(9, record.id, net);
      return 0n;
    case 'reverseCharge': // services bought from abroad: VAT in and out, value in sales and purchases
      boxes.add(1, record.id, vat);
      boxes.add(4, record.id, vat);
      boxes.add(6, record.id, net);
      boxes.add(7, record.id, net);
      return vat;
    case 'postponedImport': // import VAT under postponed VAT accounting
      boxes.add(1, record.id, vat);
      boxes.add(4, record.id, vat);
      boxes.add(7, record.id, net);
      return vat;
    default:
      return null;
  }
}

interface LeftOut {
  sales: number;
  purchases: number;
}

function addStandard(boxes: Boxes, record: Transaction, leftOut: LeftOut): void {
  const net = pence(record.netPence, record);
  const vat = pence(record.vatPence, record);
  if (record.kind === 'sale') {
    if (record.treatment === 'niEuGoods') {
      // Goods sent from Northern Ireland to the EU (normally zero-rated; any VAT charged is still due).
      boxes.add(1, record.id, vat);
      boxes.add(6, record.id, net);
      boxes.add(8, record.id, net);
    } else if (taxedRates.has(record.rate)) {
      boxes.add(1, record.id, vat);
      boxes.add(6, record.id, net);
    } else {
      if (record.rate !== 'outsideScope') boxes.add(6, record.id, net);
      if (vat !== 0n) leftOut.sales += 1;
    }
    return;
  }
  if (addSpecialPurchase(boxes, record, net, vat) !== null) return;
  if (taxedRates.has(record.rate)) {
    boxes.add(4, record.id, vat);
    boxes.add(7, record.id, net);
  } else {
    if (record.rate !== 'outsideScope') boxes.add(7, record.id, net);
    if (vat !== 0n) leftOut.purchases += 1;
  }
}

interface FlatRateTotals {
  /** Turnover of each part of the period (see flatRateParts), VAT included. */
  partTurnover: bigint[];
  relevantGoods: bigint;
  outsideSchemeVat: bigint;
  capitalGoodsAtThreshold: number;
}

function addFlatRate(
  boxes: Boxes,
  record: Transaction,
  partOf: (date: string) => number,
  totals: FlatRateTotals,
  leftOut: LeftOut,
): void {
  const net = pence(record.netPence, record);
  const vat = pence(record.vatPence, record);
  const gross = net + vat;
  if (record.kind === 'sale') {
    if (record.treatment === 'capitalGoods') {
      // A capital asset whose input VAT was claimed: VAT at the normal rate outside the scheme, its value in box 6.
      if (record.rate === 'outsideScope') {
        if (vat !== 0n) leftOut.sales += 1;
        return;
      }
      boxes.add(1, record.id, vat);
      boxes.add(6, record.id, net);
      totals.outsideSchemeVat += vat;
    } else if (record.rate !== 'outsideScope' || record.treatment === 'niEuGoods') {
      // Flat rate turnover: standard, reduced, zero-rated and exempt sales, VAT included.
      const part = partOf(record.date);
      if (part < 0) throw new RangeError(`Record ${record.id} is outside the period`);
      totals.partTurnover[part] = (totals.partTurnover[part] ?? 0n) + gross;
      boxes.add(6, record.id, gross);
      if (record.treatment === 'niEuGoods') boxes.add(8, record.id, net);
    } else if (vat !== 0n) {
      leftOut.sales += 1;
    }
    return;
  }
  const outsideScheme = addSpecialPurchase(boxes, record, net, vat);
  if (outsideScheme !== null) {
    totals.outsideSchemeVat += outsideScheme;
    return;
  }
  if (record.treatment === 'capitalGoods' && record.rate !== 'outsideScope') {
    // Capital goods of £2,000 or more including VAT reclaim their VAT (uk-vat-facts 2.3). HMRC's texts differ
    // on exactly £2,000 ("£2,000 or more" / "over £2,000", uk-vat-facts 8 item 11): we treat it as
    // reclaimable and warn. The size is taken without its sign, so a credit note for such a purchase
    // takes its VAT back out of box 4.
    const size = gross < 0n ? -gross : gross;
    if (size >= BigInt(capitalGoodsThresholdPence)) {
      boxes.add(4, record.id, vat);
      boxes.add(7, record.id, net);
      if (size === BigInt(capitalGoodsThresholdPence)) totals.capitalGoodsAtThreshold += 1;
    }
  } else if (record.treatment === 'relevantGoods') {
    totals.relevantGoods += gross;
  }
  // Any other purchase reclaims nothing on the flat rate scheme and is not in box 7.
}

function leftOutWarnings(leftOut: LeftOut): BoxWarning[] {
  const warnings: BoxWarning[] = [];
  const records = (count: number) => (count === 1 ? '1 record' : `${count} records`);
  if (leftOut.sales > 0) {
    warnings.push({
      code: 'SALE_VAT_LEFT_OUT',
      boxes: [1],
      message: `${records(leftOut.sales)} of sales marked zero-rated, exempt or outside the scope of VAT ${leftOut.sales === 1 ? 'has' : 'have'} VAT on ${leftOut.sales === 1 ? 'it' : 'them'}, which is left out of box 1. Check the rate of ${leftOut.sales === 1 ? 'that record' : 'those records'}.`,
    });
  }
  if (leftOut.purchases > 0) {
    warnings.push({
      code: 'PURCHASE_VAT_LEFT_OUT',
      boxes: [4],
      message: `${records(leftOut.purchases)} of purchases marked zero-rated, exempt or outside the scope of VAT ${leftOut.purchases === 1 ? 'has' : 'have'} VAT on ${leftOut.purchases === 1 ? 'it' : 'them'}, which is not reclaimed in box 4. Check the rate of ${leftOut.purchases === 1 ? 'that record' : 'those records'}.`,
    });
  }
  return warnings;
}

/**
 * The return for a period from its records. `contributions` says which record adds how many pence to
 * which box (boxes 6-9 before their pence are dropped; boxes 3 and 5 have none). On the flat rate scheme
 * the flat rate VAT in box 1 belongs to no single record: it is `flatRate.flatRateVatPence`, so there
 * box 1 = its contributions + flatRate.flatRateVatPence.
 */
export function computeReturn(
  records: readonly BoxableRecord[],
  period: { start: string; end: string },
  flatRate: FlatRateSettings | null,
  /** Lists only the first `contributionsKept` contributions of each box (a screen's sample; the counts stay whole). */
  { contributionsKept = Infinity }: { contributionsKept?: number } = {},
): ComputedReturn {
  const { start, end } = period;
  if (!isCalendarDate(start) || !isCalendarDate(end) || start > end) {
    throw new RangeError(`Not a VAT period: ${start} to ${end}`);
  }
  const inPeriod = records.filter((record) => record.date >= start && record.date <= end);
  const boxes = new Boxes(contributionsKept);
  const leftOut: LeftOut = { sales: 0, purchases: 0 };

  const parts = flatRate ? flatRateParts(period, flatRate.firstYearUntil) : [];
  const partOf = (date: string) => parts.findIndex((part) => date >= part.from && date <= part.to);
  const totals: FlatRateTotals = {
    partTurnover: parts.map(() => 0n),
    relevantGoods: 0n,
    outsideSchemeVat: 0n,
    capitalGoodsAtThreshold: 0,
  };

  for (const record of inPeriod) {
    if (record.kind === 'adjustment' || record.kind === 'boxTotal') {
      boxes.add(record.box, record.id, pence(record.amountPence, record));
    } else if (flatRate) {
      addFlatRate(boxes, record, partOf, totals, leftOut);
    } else {
      addStandard(boxes, record, leftOut);
    }
  }

  let working: FlatRateWorking | null = null;
  let flatRateVat = 0n;
  if (flatRate) {
    const turnover = totals.partTurnover.reduce((sum, part) => sum + part, 0n);
    const specified = specifiedAmountBig(turnover, periodLength(start, end));
    const limitedCost = flatRate.limitedCostTest && totals.relevantGoods < specified;
    const rated = parts.map((part, index) => ({
      from: part.from,
      to: part.to,
      turnover: totals.partTurnover[index] ?? 0n,
      rateTenths: flatRateFor(flatRate.rateTenths, limitedCost, part.firstYear),
    }));
    // Once over the exact sum, rounded half up to the penny (uk-vat-facts 2.3, 7).
    flatRateVat = divideRoundHalfUp(
      rated.reduce((sum, part) => sum + part.turnover * BigInt(part.rateTenths), 0n),
      1000n,
    );
    working = {
      turnoverIncVatPence: Number(turnover),
      relevantGoodsIncVatPence: Number(totals.relevantGoods),
      specifiedAmountPence: Number(specified),
      limitedCost,
      parts: rated.map((part) => ({
        from: part.from,
        to: part.to,
        turnoverIncVatPence: Number(part.turnover),
        rateTenths: part.rateTenths,
      })),
      flatRateVatPence: Number(flatRateVat),
      outsideSchemeVatPence: Number(totals.outsideSchemeVat),
    };
  }

  const sums = boxes.sums;
  const pounds = (key: BoxKey) => Number(wholePoundsBig(sums[key]));
  const nine = completeBoxes({
    box1: Number(sums.box1 + flatRateVat),
    box2: Number(sums.box2),
    box4: Number(sums.box4),
    box6: pounds('box6'),
    box7: pounds('box7'),
    box8: pounds('box8'),
    box9: pounds('box9'),
  });

  const warnings = [...warnBoxes(nine, { flatRate, recordCount: inPeriod.length }), ...leftOutWarnings(leftOut)];
  if (totals.capitalGoodsAtThreshold > 0) {
    warnings.push({
      code: 'CAPITAL_GOODS_AT_THRESHOLD',
      boxes: [4],
      message:
        'A capital purchase cost exactly £2,000 including VAT. We reclaim its VAT in box 4 ("£2,000 or more"), but some HMRC guidance says "more than £2,000": check VAT Notice 733 before sending.',
    });
  }

  return {
    boxes: nine,
    contributions: boxes.contributions,
    contributionCounts: { ...boxes.counts },
    problems: checkBoxes(nine),
    warnings,
    flatRate: working,
  };
}

function mapBoxes<T, U>(byBox: Record<BoxKey, T>, map: (value: T) => U): Record<BoxKey, U> {
  return Object.fromEntries(Object.entries(byBox).map(([key, value]) => [key, map(value)])) as Record<BoxKey, U>;
}

/**
 * The return with at most `perBox` contributions listed for each box (the counts stay whole): a
 * period of 100,000 records would otherwise send about 12 MB of them with every read. Each line
 * listed carries its record's date and description (found in `records`).
 */
export function withContributionSample(
  computed: ComputedReturn,
  perBox: number,
  records: readonly BoxableRecord[] = [],
): ComputedReturn {
  const sample = mapBoxes(computed.contributions, (lines) => lines.slice(0, perBox));
  const wanted = new Set(Object.values(sample).flatMap((lines) => lines.map((line) => line.recordId)));
  const described = new Map<string, { date: string; description: string }>();
  for (const record of records) {
    if (wanted.has(record.id)) described.set(record.id, { date: record.date, description: record.description });
  }
  return {
    ...computed,
    contributions: mapBoxes(sample, (lines) => lines.map((line) => ({ ...line, ...described.get(line.recordId) }))),
  };
}
