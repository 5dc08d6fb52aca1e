import {
  addDays,
  addYears,
  compareBoxes,
  type ComparedPeriod,
  type ComparisonSource,
  isPreviousPeriod,
  isSamePeriodLastYear,
  type NineBoxes,
  type OverdueVat,
  type ReturnComparison,
} from '@vatwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { VatDataService, VatReader } from '../../vat-operations';
import type { ReturnRow } from '../return-row';
import type { DraftRepo } from './repo';
import { boxesFromView } from '../submission/settle';

/** A return's figures and where they come from (see comparisonSources in the domain). */
export interface Figures {
  source: ComparisonSource;
  boxes: NineBoxes;
}

interface ComparisonDeps {
  repo: Pick<DraftRepo, 'returns'>;
  vatData: VatDataService;
  log: FastifyBaseLogger;
  hmrcCache: ComparisonHmrcCache;
  /** Our own return's figures; null when it has none to compare (never the case today). */
  figuresOf(row: ReturnRow): Promise<Figures | null>;
}

type Period = { start: string; end: string };

/** How long HMRC's part of a comparison is reused: an edit to the records must not ask HMRC again. */
const hmrcPartTtlMs = 5 * 60_000;

/**
 * HMRC's answers behind the comparison, kept a few minutes per business and period (per instance):
 * the Return page asks for the comparison again after every record changes, but a filed return's
 * figures do not change, and HMRC's rate limit is shared with every other screen of the business.
 */
export class ComparisonHmrcCache {
  readonly earlier = new LRUCache<string, { previous: ComparedFigures | null; lastYear: ComparedFigures | null }>({
    max: 2_000,
    ttl: hmrcPartTtlMs,
  });
  readonly overdue = new LRUCache<string, { value: OverdueVat | null }>({ max: 2_000, ttl: hmrcPartTtlMs });
}

/**
 * The return beside the previous period and the same period last year, box by box (domain
 * comparison.ts). Our own returns for the VRN come first; a period we hold no return for is looked
 * up in HMRC's obligations (fulfilled ones of the year before this period) and HMRC's copy of its
 * return read, as VAT Operations' return view does. HMRC's part is best effort: when HMRC cannot
 * answer, the answer says so and the rest still shows.
 */
export async function compareReturn(
  deps: ComparisonDeps,
  row: ReturnRow,
  reader: VatReader,
  today: string,
): Promise<ReturnComparison> {
  const current = await deps.figuresOf(row);
  const period: Period = { start: row.period_start, end: row.period_end };
  const ours = (await deps.repo.returns(row.owner_id, row.vrn)).filter((candidate) => candidate.id !== row.id);
  let hmrcUnavailable = false;

  const find = async (matches: (candidate: Period, current: Period) => boolean) => {
    const own = ours.find((candidate) => matches({ start: candidate.period_start, end: candidate.period_end }, period));
    const figures = own ? await deps.figuresOf(own) : null;
    if (own && figures) {
      return { periodKey: own.period_key, periodStart: own.period_start, periodEnd: own.period_end, ...figures };
    }
    return null;
  };
  const previous = await find(isPreviousPeriod);
  const lastYear = await find(isSamePeriodLastYear);

  let fromHmrc: { previous: ComparedFigures | null; lastYear: ComparedFigures | null } = {
    previous: null,
    lastYear: null,
  };
  if (!previous || !lastYear) {
    const key = `${row.owner_id}:${row.vrn}:${period.start}:${period.end}:${!previous}:${!lastYear}`;
    try {
      fromHmrc =
        deps.hmrcCache.earlier.get(key) ??
        (await filedWithHmrc(deps.vatData, reader, period, { previous: !previous, lastYear: !lastYear }));
      deps.hmrcCache.earlier.set(key, fromHmrc);
    } catch (error) {
      deps.log.warn({ err: error, returnId: row.id }, 'HMRC’s earlier returns could not be read for the comparison');
      hmrcUnavailable = true;
    }
  }

  const compared = (earlier: ComparedFigures | null): ComparedPeriod | null =>
    earlier && current
      ? {
          periodKey: earlier.periodKey,
          periodStart: earlier.periodStart,
          periodEnd: earlier.periodEnd,
          source: earlier.source,
          boxes: compareBoxes(current.boxes, earlier.boxes),
        }
      : null;

  return {
    previous: compared(previous ?? fromHmrc.previous),
    lastYear: compared(lastYear ?? fromHmrc.lastYear),
    hmrcUnavailable,
    overdueVat: await cachedOverdueVat(deps, row, reader, today),
  };
}

type ComparedFigures = Figures & { periodKey: string; periodStart: string; periodEnd: string };

/**
 * The earlier periods HMRC lists as fulfilled, with HMRC's figures for them. One obligations call
 * for the year before this period (HMRC answers a year at most: from a year before its start to
 * the day before it; an obligation overlapping the range is listed), then one return view per period.
 */
async function filedWithHmrc(
  vatData: VatDataService,
  reader: VatReader,
  period: Period,
  wanted: { previous: boolean; lastYear: boolean },
): Promise<{ previous: ComparedFigures | null; lastYear: ComparedFigures | null }> {
  const obligations = await vatData.obligations(reader, {
    from: addYears(period.start, -1),
    to: addDays(period.start, -1),
    status: 'F',
  });
  const read = async (matches: (candidate: Period, current: Period) => boolean) => {
    const obligation = obligations.find((candidate) => candidate.status === 'F' && matches(candidate, period));
    if (!obligation) return null;
    const view = await vatData.returnView(reader, obligation.periodKey);
    return {
      periodKey: obligation.periodKey,
      periodStart: obligation.start,
      periodEnd: obligation.end,
      source: 'hmrc' as const,
      boxes: boxesFromView(view),
    };
  };
  return {
    previous: wanted.previous ? await read(isPreviousPeriod) : null,
    lastYear: wanted.lastYear ? await read(isSamePeriodLastYear) : null,
  };
}

async function cachedOverdueVat(
  deps: ComparisonDeps,
  row: ReturnRow,
  reader: VatReader,
  today: string,
): Promise<OverdueVat | null> {
  const key = `${row.owner_id}:${row.vrn}:${today}`;
  const cached = deps.hmrcCache.overdue.get(key);
  if (cached) return cached.value;
  try {
    const value = await overdueVat(deps, reader, today);
    deps.hmrcCache.overdue.set(key, { value });
    return value;
  } catch (error) {
    deps.log.warn({ err: error, returnId: row.id }, 'HMRC’s liabilities could not be read for the checks');
    return null;
  }
}

/**
 * VAT HMRC says is still unpaid after its due date (the business's liabilities of the last year,
 * the longest range HMRC answers), so the Return page can say so before another return is filed.
 */
async function overdueVat(deps: ComparisonDeps, reader: VatReader, today: string): Promise<OverdueVat | null> {
  const liabilities = await deps.vatData.liabilities(reader, { from: addDays(today, -364), to: today });
  const overdue = liabilities.filter(
    (liability) => (liability.outstandingAmountPence ?? 0) > 0 && liability.due !== null && liability.due < today,
  );
  if (overdue.length === 0) return null;
  return {
    charges: overdue.length,
    outstandingPence: overdue.reduce((sum, liability) => sum + (liability.outstandingAmountPence ?? 0), 0),
    oldestDue: overdue.map((liability) => liability.due ?? today).sort()[0] ?? today,
  };
}
