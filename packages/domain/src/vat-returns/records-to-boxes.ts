import { isCalendarDate } from '../vat/dates';
import {
  boxKey,
  type BoxKey,
  perBox,
  type BoxWarning,
  type ComputedReturn,
  type Contribution,
  type EnterableBox,
  type FlatRateSettings,
  type FlatRateWorking,
  type Treatment,
  type VatRateKind,
  type VatRecordInput,
} from './api';
import { type CashBasis, cashDateOf, countingDateOf, isCountedIn } from './cash-accounting';
import type { BoxFacts, CapitalSize, RecordGroup } from './record-groups';
import { recordAmounts, searchTextOf } from './record-page';
import { checkBoxes, completeBoxes, emptyRecordSums, type RecordSums, warnBoxes, wholePoundsBig } from './boxes';
import { divideRoundHalfUp, flatRateFor, flatRateParts, periodLength, specifiedAmountBig } from './flat-rate';

/**
 * From a period's digital records to the nine boxes (docs/reference/vat-rules.md §1.1, 1.6, 1.7 and, on the flat rate
 * scheme, 2.3-2.7). Pure: the caller loads the records; only those dated start..end (inclusive) count
 * (under cash accounting, sales and purchases paid start..end: cash-accounting.ts).
 *
 * Sums are kept in bigint, exact to the penny; boxes 1, 2 and 4 are the exact sums, boxes 6-9 the sums
 * with their pence dropped (wholePounds), then boxes 3 and 5 come from completeBoxes.
 *
 * A transaction's treatment decides first: 'niEuGoods', 'reverseCharge', 'postponedImport' and
 * 'constructionReverseCharge' purchases (and 'niEuGoods' and 'constructionReverseCharge' sales) go to
 * their special boxes whatever the rate says; otherwise the rate decides
 * ('capitalGoods' and 'relevantGoods' matter only on the flat rate scheme, and the purchase treatments
 * mean nothing on a sale).
 */

/** A purchase of capital goods reclaims its VAT on the flat rate scheme from this value, VAT included. */
export const capitalGoodsThresholdPence = 200_000;

/** What the boxes need of a record: what it is and its id (not when or how it was made). */
export type BoxableRecord = VatRecordInput & { id: string };

type TransactionGroup = RecordGroup & { kind: 'sale' | 'purchase'; rate: VatRateKind; treatment: Treatment };

class Boxes {
  readonly sums: Record<BoxKey, bigint> = perBox(() => 0n);
  readonly contributions: Record<BoxKey, Contribution[]> = perBox((): Contribution[] => []);

  readonly counts: Record<BoxKey, number> = perBox(() => 0);

  /** Adds the group's `amount` to `box`, when each of its records adds a non-zero amount (`nonZero`). */
  add(box: EnterableBox, group: RecordGroup, amount: bigint, nonZero: boolean): void {
    if (!nonZero) return;
    const key = boxKey(box);
    this.sums[key] += amount;
    this.counts[key] += group.records;
    this.touched.add(box);
    if (group.recordId !== null)
      this.contributions[key].push({ recordId: group.recordId, amountPence: Number(amount) });
  }

  /** The boxes added to since it was last cleared: the boxes one group adds to. */
  readonly touched = new Set<EnterableBox>();
}

function pence(value: number, record: { id?: string }): bigint {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Record ${record.id ?? ''} has an amount that is not a whole number of pence: ${value}`);
  }
  return BigInt(value);
}

function capitalSizeOf(gross: bigint): CapitalSize {
  const size = gross < 0n ? -gross : gross;
  const threshold = BigInt(capitalGoodsThresholdPence);
  return size > threshold ? 'over' : size === threshold ? 'at' : 'below';
}

/** One record as a group of one. `part`: the part of the period it is dated in (0 off the flat rate scheme). */
export function groupOfRecord(record: VatRecordInput & { id?: string }, part = 0): RecordGroup {
  if (record.kind === 'adjustment' || record.kind === 'boxTotal') {
    const amount = pence(record.amountPence, record);
    return {
      kind: record.kind,
      rate: null,
      treatment: null,
      box: record.box,
      netNonZero: amount !== 0n,
      vatNonZero: false,
      grossNonZero: amount !== 0n,
      capitalSize: 'below',
      part,
      records: 1,
      netPence: amount,
      vatPence: 0n,
      recordId: record.id ?? null,
    };
  }
  const net = pence(record.netPence, record);
  const vat = pence(record.vatPence, record);
  return {
    kind: record.kind,
    rate: record.rate,
    treatment: record.treatment,
    box: null,
    netNonZero: net !== 0n,
    vatNonZero: vat !== 0n,
    grossNonZero: net + vat !== 0n,
    capitalSize: capitalSizeOf(net + vat),
    part,
    records: 1,
    netPence: net,
    vatPence: vat,
    recordId: record.id ?? null,
  };
}

/**
 * The text a record's BoxFacts are stored and grouped by in the database. Kept beside the engine:
 * a change to what the boxes look at is a change to this key (and a migration re-keying the records).
 */
export function boxGroupKey(facts: BoxFacts): string {
  const flag = (value: boolean) => (value ? '1' : '0');
  return [
    facts.kind,
    facts.rate ?? '',
    facts.treatment ?? '',
    facts.box ?? '',
    flag(facts.netNonZero) + flag(facts.vatNonZero) + flag(facts.grossNonZero),
    facts.capitalSize,
  ].join('|');
}

const kinds = new Set(['sale', 'purchase', 'adjustment', 'boxTotal']);
const capitalSizes = new Set(['below', 'at', 'over']);

/** The BoxFacts a boxGroupKey was made from. */
export function boxFactsOfKey(key: string): BoxFacts {
  const [kind = '', rate = '', treatment = '', box = '', flags = '', capitalSize = ''] = key.split('|');
  if (!kinds.has(kind) || !capitalSizes.has(capitalSize) || !/^[01]{3}$/.test(flags)) {
    throw new RangeError(`Not a box group key: ${key}`);
  }
  return {
    kind: kind as BoxFacts['kind'],
    rate: rate === '' ? null : (rate as VatRateKind),
    treatment: treatment === '' ? null : (treatment as Treatment),
    box: box === '' ? null : (Number(box) as EnterableBox),
    netNonZero: flags[0] === '1',
    vatNonZero: flags[1] === '1',
    grossNonZero: flags[2] === '1',
    capitalSize: capitalSize as CapitalSize,
  };
}

const taxedRates = new Set(['standard', 'reduced']);

/** Purchases with a special treatment: the same boxes under standard accounting and the flat rate scheme. */
function addSpecialPurchase(boxes: Boxes, group: TransactionGroup): bigint | null {
  const { netPence: net, vatPence: vat, netNonZero, vatNonZero } = group;
  switch (group.treatment) {
    case 'niEuGoods': // goods acquired into Northern Ireland from the EU
      boxes.add(2, group, vat, vatNonZero);
      boxes.add(4, group, vat, vatNonZero);
      boxes.add(7, group, net, netNonZero);
      boxes.add(9, group, net, netNonZero);
      return 0n;
    case 'reverseCharge': // services bought from abroad: VAT in and out, value in sales and purchases
      boxes.add(1, group, vat, vatNonZero);
      boxes.add(4, group, vat, vatNonZero);
      boxes.add(6, group, net, netNonZero);
      boxes.add(7, group, net, netNonZero);
      return vat;
    case 'postponedImport': // import VAT under postponed VAT accounting
      boxes.add(1, group, vat, vatNonZero);
      boxes.add(4, group, vat, vatNonZero);
      boxes.add(7, group, net, netNonZero);
      return vat;
    case 'constructionReverseCharge':
      // Construction services bought under the domestic reverse charge: the customer accounts for the VAT
      // in box 1 and reclaims it in box 4; the value is a purchase (box 7), never a sale (HMRC's reverse
      // charge technical guide, VAT returns; outside the flat rate scheme, VATREVCON35100).
      boxes.add(1, group, vat, vatNonZero);
      boxes.add(4, group, vat, vatNonZero);
      boxes.add(7, group, net, netNonZero);
      return vat;
    default:
      return null;
  }
}

interface LeftOut {
  sales: number;
  purchases: number;
}

function addStandard(boxes: Boxes, group: TransactionGroup, leftOut: LeftOut): void {
  const { netPence: net, vatPence: vat, netNonZero, vatNonZero } = group;
  if (group.kind === 'sale') {
    if (group.treatment === 'constructionReverseCharge') {
      // The customer accounts for the VAT (VAT Notice 735): the supplier puts only the value in box 6.
      boxes.add(6, group, net, netNonZero);
    } else if (group.treatment === 'niEuGoods') {
      // Goods sent from Northern Ireland to the EU (normally zero-rated; any VAT charged is still due).
      boxes.add(1, group, vat, vatNonZero);
      boxes.add(6, group, net, netNonZero);
      boxes.add(8, group, net, netNonZero);
    } else if (taxedRates.has(group.rate)) {
      boxes.add(1, group, vat, vatNonZero);
      boxes.add(6, group, net, netNonZero);
    } else {
      if (group.rate !== 'outsideScope') boxes.add(6, group, net, netNonZero);
      if (vatNonZero) leftOut.sales += group.records;
    }
    return;
  }
  if (addSpecialPurchase(boxes, group) !== null) return;
  if (taxedRates.has(group.rate)) {
    boxes.add(4, group, vat, vatNonZero);
    boxes.add(7, group, net, netNonZero);
  } else {
    if (group.rate !== 'outsideScope') boxes.add(7, group, net, netNonZero);
    if (vatNonZero) leftOut.purchases += group.records;
  }
}

interface FlatRateTotals {
  /** Turnover of each part of the period (see flatRateParts), VAT included. */
  partTurnover: bigint[];
  relevantGoods: bigint;
  outsideSchemeVat: bigint;
  capitalGoodsAtThreshold: number;
}

function addFlatRate(boxes: Boxes, group: TransactionGroup, totals: FlatRateTotals, leftOut: LeftOut): void {
  const { netPence: net, vatPence: vat, netNonZero, vatNonZero, grossNonZero } = group;
  const gross = net + vat;
  if (group.kind === 'sale') {
    if (group.treatment === 'constructionReverseCharge') {
      // Outside the flat rate scheme and not flat rate turnover (VATREVCON35100): its value, VAT excluded, in box 6.
      boxes.add(6, group, net, netNonZero);
    } else if (group.treatment === 'capitalGoods') {
      // A capital asset whose input VAT was claimed: VAT at the normal rate outside the scheme, its value in box 6.
      if (group.rate === 'outsideScope') {
        if (vatNonZero) leftOut.sales += group.records;
        return;
      }
      boxes.add(1, group, vat, vatNonZero);
      boxes.add(6, group, net, netNonZero);
      totals.outsideSchemeVat += vat;
    } else if (group.rate !== 'outsideScope' || group.treatment === 'niEuGoods') {
      // Flat rate turnover: standard, reduced, zero-rated and exempt sales, VAT included.
      if (group.part < 0 || group.part >= totals.partTurnover.length) {
        throw new RangeError(`Record ${group.recordId ?? ''} is outside the period`);
      }
      totals.partTurnover[group.part] = (totals.partTurnover[group.part] ?? 0n) + gross;
      boxes.add(6, group, gross, grossNonZero);
      if (group.treatment === 'niEuGoods') boxes.add(8, group, net, netNonZero);
    } else if (vatNonZero) {
      leftOut.sales += group.records;
    }
    return;
  }
  const outsideScheme = addSpecialPurchase(boxes, group);
  if (outsideScheme !== null) {
    totals.outsideSchemeVat += outsideScheme;
    return;
  }
  if (group.treatment === 'capitalGoods' && group.rate !== 'outsideScope') {
    // Capital goods of £2,000 or more including VAT reclaim their VAT (docs/reference/vat-rules.md §2.3). HMRC's texts differ
    // on exactly £2,000 ("£2,000 or more" / "over £2,000", docs/reference/vat-rules.md §8 item 11): we treat it as
    // reclaimable and warn. The size is taken without its sign, so a credit note for such a purchase
    // takes its VAT back out of box 4.
    if (group.capitalSize !== 'below') {
      boxes.add(4, group, vat, vatNonZero);
      boxes.add(7, group, net, netNonZero);
      if (group.capitalSize === 'at') totals.capitalGoodsAtThreshold += group.records;
    }
  } else if (group.treatment === 'relevantGoods') {
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
  cash: CashBasis | null = null,
): ComputedReturn {
  assertPeriod(period);
  const parts = flatRate ? flatRateParts(period, flatRate.firstYearUntil) : [];
  const partOf = (date: string) => (flatRate ? parts.findIndex((part) => date >= part.from && date <= part.to) : 0);
  // Under cash accounting a sale or purchase counts on the day it was paid (cash-accounting.ts).
  const groups = records
    .filter((record) => isCountedIn(record, period, cash))
    .map((record) => groupOfRecord(record, partOf(countingDateOf(record, cash) ?? record.date)));
  return computeReturnOfGroups(groups, period, flatRate).computed;
}

/**
 * Where the period's parts end (the last day of each but the last): what a database groups records
 * by, beside their box facts, for computeReturnOfGroups. None off the flat rate scheme.
 */
export function periodPartEnds(period: { start: string; end: string }, flatRate: FlatRateSettings | null): string[] {
  return flatRate
    ? flatRateParts(period, flatRate.firstYearUntil)
        .slice(0, -1)
        .map((part) => part.to)
    : [];
}

function assertPeriod({ start, end }: { start: string; end: string }): void {
  if (!isCalendarDate(start) || !isCalendarDate(end) || start > end) {
    throw new RangeError(`Not a VAT period: ${start} to ${end}`);
  }
}

/**
 * The return for a period from its records grouped (RecordGroup), dated in the period: the same
 * figures as computeReturn on the records themselves. Contributions are listed for groups of one
 * record only. `boxesOfGroup` says which boxes each group adds to, by its boxGroupKey, so the records
 * behind a box can be found again by their keys.
 */
export function computeReturnOfGroups(
  groups: readonly RecordGroup[],
  period: { start: string; end: string },
  flatRate: FlatRateSettings | null,
): { computed: ComputedReturn; keysByBox: Record<BoxKey, string[]> } {
  assertPeriod(period);
  const { start, end } = period;
  const boxes = new Boxes();
  const leftOut: LeftOut = { sales: 0, purchases: 0 };
  const keysByBox = mapBoxes(boxes.counts, () => new Set<string>());

  const parts = flatRate ? flatRateParts(period, flatRate.firstYearUntil) : [];
  const totals: FlatRateTotals = {
    partTurnover: parts.map(() => 0n),
    relevantGoods: 0n,
    outsideSchemeVat: 0n,
    capitalGoodsAtThreshold: 0,
  };

  let recordCount = 0;
  const recordSums = emptyRecordSums();
  for (const group of groups) {
    recordCount += group.records;
    addToRecordSums(recordSums, group);
    boxes.touched.clear();
    if (group.kind === 'adjustment' || group.kind === 'boxTotal') {
      if (group.box !== null) boxes.add(group.box, group, group.netPence, group.netNonZero);
    } else if (flatRate) {
      addFlatRate(boxes, group as TransactionGroup, totals, leftOut);
    } else {
      addStandard(boxes, group as TransactionGroup, leftOut);
    }
    const key = boxGroupKey(group);
    for (const box of boxes.touched) keysByBox[boxKey(box)].add(key);
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
    // Once over the exact sum, rounded half up to the penny (docs/reference/vat-rules.md §2.3, 7).
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

  const warnings = [...warnBoxes(nine, { flatRate, recordCount, records: recordSums }), ...leftOutWarnings(leftOut)];
  if (totals.capitalGoodsAtThreshold > 0) {
    warnings.push({
      code: 'CAPITAL_GOODS_AT_THRESHOLD',
      boxes: [4],
      message:
        'A capital purchase cost exactly £2,000 including VAT. We reclaim its VAT in box 4 ("£2,000 or more"), but some HMRC guidance says "more than £2,000": check VAT Notice 733 before sending.',
    });
  }

  return {
    computed: {
      boxes: nine,
      contributions: boxes.contributions,
      contributionCounts: { ...boxes.counts },
      problems: checkBoxes(nine),
      warnings,
      flatRate: working,
    },
    keysByBox: mapBoxes(keysByBox, (keys) => [...keys].sort()),
  };
}

/** What the sense checks of warnBoxes need of a group beyond the boxes (RecordSums). */
function addToRecordSums(sums: RecordSums, group: RecordGroup): void {
  if (group.kind !== 'sale' && group.kind !== 'purchase') return;
  if (group.treatment === 'niEuGoods') sums.niEuRecords += group.records;
  if (group.rate !== 'standard' && group.rate !== 'reduced') return;
  const selfAccounted = group.treatment === 'reverseCharge' || group.treatment === 'postponedImport';
  if (group.kind === 'purchase' && selfAccounted && group.netNonZero && !group.vatNonZero) {
    // Warned of on their own (SELF_ACCOUNTED_WITHOUT_VAT), not again as VAT off the rate.
    sums.selfAccountedWithoutVat += group.records;
    return;
  }
  const sum = sums.taxed[group.kind][group.rate];
  sum.netPence += group.netPence;
  sum.vatPence += group.vatPence;
  sum.records += group.records;
}

function mapBoxes<T, U>(byBox: Record<BoxKey, T>, map: (value: T) => U): Record<BoxKey, U> {
  return Object.fromEntries(Object.entries(byBox).map(([key, value]) => [key, map(value)])) as Record<BoxKey, U>;
}

/**
 * What the database keeps beside a record's JSON, so that a period's boxes, pages, sorts and
 * searches run in SQL: its box facts as a key, the amounts of its net and VAT columns (recordAmounts),
 * its description and its search text.
 */
export interface RecordColumns {
  boxKey: string;
  /** The day it counts on under cash accounting (cashDateOf). */
  cashDate: string | null;
  netPence: number | null;
  vatPence: number | null;
  description: string;
  searchText: string;
}

export function recordColumnsOf(record: VatRecordInput): RecordColumns {
  const { netPence, vatPence } = recordAmounts(record);
  return {
    boxKey: boxGroupKey(groupOfRecord(record)),
    cashDate: cashDateOf(record),
    netPence,
    vatPence,
    description: record.description,
    searchText: searchTextOf(record),
  };
}
