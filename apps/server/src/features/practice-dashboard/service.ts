import {
  addDays,
  type BusinessStanding,
  businessStanding,
  type Dashboard,
  type DashboardRow,
  ukToday,
} from '@vatwise/domain';
import { setMaxListeners } from 'node:events';
import type { FraudHeaders } from '@vatwise/hmrc';
import type { FastifyBaseLogger } from 'fastify';
import PQueue from 'p-queue';
import type { SessionUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import type { HmrcConnectionService } from '../hmrc-connection';
import type { VatDataService, VatReader } from '../vat-operations';
import type { SnapshotRepo, SnapshotRow } from './repo';

/**
 * The practice dashboard: every business the user reaches, with its standing at
 * HMRC. The page never waits for HMRC: it shows what was read last, with when, and any business
 * not read for 15 minutes (or all, when asked) is read again in the background, one HMRC call at a
 * time and at most two a second, so forty clients never push the application past HMRC's three
 * requests a second and people working at their screens keep the third.
 */

/** A row read within this long is shown as it is. */
export const freshForMs = 15 * 60_000;
/** HMRC calls a second the dashboard may make, of the application's three. */
export const readsPerSecond = 2;

export interface DashboardDeps {
  repo: SnapshotRepo;
  connections: HmrcConnectionService;
  vatData: VatDataService;
  log: FastifyBaseLogger;
  now?: () => Date;
}

const messageOf = (error: unknown) =>
  error instanceof AppError ? error.message : 'HMRC could not be read for this business. Try again shortly.';

/** Where a business's latest open return stands in review, as the dashboard shows it. */
function reviewOf(
  open: { id: string; period_end: string; ready_at: string | null; approved_at: string | null } | undefined,
) {
  if (!open) return null;
  const state = open.approved_at ? 'approved' : open.ready_at ? 'ready' : 'draft';
  return { returnId: open.id, periodEnd: open.period_end, state } as const;
}

export class DashboardService {
  private readonly now: () => Date;
  /** Every dashboard read, one HMRC call per task, paced for the whole process. */
  private readonly pace = new PQueue({ concurrency: 1, interval: 1000, intervalCap: readsPerSecond });
  /** owner|vrn of each business whose read is waiting or running. */
  private readonly reading = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  /** Aborted when the server closes: waiting reads are dropped (their calls reject at once). */
  private readonly closing = new AbortController();

  constructor(private readonly deps: DashboardDeps) {
    this.now = deps.now ?? (() => new Date());
    // Every waiting read listens to this one signal: forty businesses are forty listeners, not a leak.
    setMaxListeners(0, this.closing.signal);
  }

  /** The rows as last read; stale ones (or all, with `refresh`) start reading in the background. */
  async dashboard(owner: SessionUser, fraudHeaders: FraudHeaders, refresh = false): Promise<Dashboard> {
    const [{ businesses }, snapshots, openReturns, lastFiled] = await Promise.all([
      this.deps.connections.listBusinesses(owner),
      this.deps.repo.list(owner.workspaceId),
      this.deps.repo.openReturns(owner.workspaceId),
      this.deps.repo.lastFiled(owner.workspaceId),
    ]);
    const staleBefore = this.now().getTime() - freshForMs;
    const rows: DashboardRow[] = businesses.map((business) => {
      const snapshot = snapshots.find((candidate) => candidate.vrn === business.vrn);
      // An ended client authority is not read: HMRC would refuse every call until the client accepts again.
      const usable =
        business.authorisation !== null && !business.authorisation.needsReauthorisation && !business.authorityEndedAt;
      // A return filed since the last read changes what HMRC holds: read again, whatever its age.
      const filedAt = lastFiled.get(business.vrn);
      const stale =
        !snapshot ||
        Date.parse(snapshot.attempted_at) < staleBefore ||
        (filedAt !== undefined && Date.parse(snapshot.attempted_at) < Date.parse(filedAt));
      if (usable && (refresh || stale)) {
        this.read(owner.workspaceId, business.vrn, fraudHeaders);
      }
      return {
        vrn: business.vrn,
        name: business.name,
        agentArn: business.agentArn,
        authorityEndedAt: business.authorityEndedAt ?? null,
        authorisation: business.authorisation,
        standing: snapshot?.standing ? (JSON.parse(snapshot.standing) as BusinessStanding) : null,
        readAt: snapshot?.read_at ?? null,
        reading: this.reading.has(`${owner.workspaceId}|${business.vrn}`),
        problem: snapshot?.problem ?? null,
        review: reviewOf(openReturns.find((open) => open.vrn === business.vrn)),
      };
    });
    return { rows, reading: rows.filter((row) => row.reading).length };
  }

  /** Stops reading: waiting reads are dropped, a running call finishes (the server is closing). */
  async close(): Promise<void> {
    this.closing.abort();
    await Promise.allSettled([...this.running]);
  }

  private read(ownerId: string, vrn: string, fraudHeaders: FraudHeaders) {
    const key = `${ownerId}|${vrn}`;
    if (this.reading.has(key)) return;
    this.reading.add(key);
    const task = this.readNow({ ownerId, target: { vrn }, fraudHeaders }).finally(() => {
      this.reading.delete(key);
      this.running.delete(task);
    });
    this.running.add(task);
  }

  private async readNow(reader: VatReader): Promise<void> {
    // Each later call of a business goes ahead of other businesses' first calls, so rows become
    // fresh one by one (a business every two seconds) rather than all together at the very end.
    let step = 0;
    const paced = <T>(call: () => Promise<T>) =>
      this.pace.add(call, { throwOnTimeout: true, signal: this.closing.signal, priority: step++ });
    const today = ukToday(this.now());
    const lastYear = { from: addDays(today, -364), to: today };
    const row: SnapshotRow = {
      owner_id: reader.ownerId,
      vrn: reader.target.vrn,
      standing: null,
      read_at: null,
      problem: null,
      attempted_at: this.now().toISOString(),
    };
    try {
      const open = await paced(() => this.deps.vatData.openObligations(reader));
      const fulfilled = await paced(() => this.deps.vatData.obligations(reader, { ...lastYear, status: 'F' }));
      const liabilities = await paced(() => this.deps.vatData.liabilities(reader, lastYear));
      const penalties = await paced(() => this.deps.vatData.penalties(reader));
      const standing = businessStanding({ obligations: [...open, ...fulfilled], liabilities, penalties }, today);
      await this.deps.repo.save({ ...row, standing: JSON.stringify(standing), read_at: this.now().toISOString() });
    } catch (error) {
      // A read dropped because the server is closing is not the business's problem.
      if (this.closing.signal.aborted) return;
      this.deps.log.warn({ err: error, vrn: reader.target.vrn }, 'the dashboard could not read a business');
      await this.deps.repo.save({ ...row, problem: messageOf(error) }).catch(() => undefined);
    }
  }
}
