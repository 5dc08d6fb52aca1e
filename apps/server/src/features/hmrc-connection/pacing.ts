import { AsyncLocalStorage } from 'node:async_hooks';
import type { FetchLike } from '@vatwise/hmrc';
import type { SlotSource } from '../cluster';

/**
 * HMRC allows an application 3 requests a second, across everything that uses it (hmrc-mtd-vat.md
 * 6.1). Every call VAT Wise makes waits here for a send time shared by all its instances, so calls
 * queue instead of collecting 429s. Submissions go first, then what a person is waiting for, then
 * the agents' background rounds; within one kind, people take turns, so one busy practice does not
 * hold everyone else up.
 */

export type CallPriority = 'submission' | 'interactive' | 'background';
const order: CallPriority[] = ['submission', 'interactive', 'background'];

const priorities = new AsyncLocalStorage<CallPriority>();

/** Runs `work` with its HMRC calls queued as this kind (the agents' rounds are 'background'). */
export function withCallPriority<T>(priority: CallPriority, work: () => Promise<T>): Promise<T> {
  return priorities.run(priority, work);
}

interface Waiting {
  owner: string;
  start(): void;
  fail(error: unknown): void;
  signal?: AbortSignal | undefined;
}

export interface PacerOptions {
  slots: SlotSource;
  /** Requests a second; 0 sends at once. */
  perSecond: number;
  /** Names the HMRC application, so instances of one installation share its allowance. */
  applicationId: string;
  /** Whose call this is, for taking turns (the HMRC caller of call-log.ts). */
  ownerOf: () => string | undefined;
  fetch: FetchLike;
}

/** A small margin over 1/perSecond: timers fire late, and HMRC counts arrivals, not sends. */
const marginMs = 20;

export class HmrcPacer {
  private readonly queues = new Map<CallPriority, Map<string, Waiting[]>>(order.map((p) => [p, new Map()]));
  private draining = false;
  private readonly intervalMs: number;

  constructor(private readonly options: PacerOptions) {
    this.intervalMs = options.perSecond > 0 ? 1000 / options.perSecond + marginMs : 0;
  }

  /** How many calls are waiting for a send time on this instance. */
  get waiting(): number {
    let count = 0;
    for (const owners of this.queues.values()) for (const list of owners.values()) count += list.length;
    return count;
  }

  readonly fetch: FetchLike = async (url, init) => {
    if (this.intervalMs === 0) return this.options.fetch(url, init);
    const method = (init.method ?? 'GET').toUpperCase();
    const priority: CallPriority =
      method === 'POST' && /\/returns$/.test(new URL(url).pathname)
        ? 'submission'
        : (priorities.getStore() ?? 'interactive');
    await this.turn(priority, this.options.ownerOf() ?? '', init.signal ?? undefined);
    return this.options.fetch(url, init);
  };

  private turn(priority: CallPriority, owner: string, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      signal?.throwIfAborted();
      const owners = this.queues.get(priority) as Map<string, Waiting[]>;
      const waiting: Waiting = { owner, start: resolve, fail: reject, signal };
      const list = owners.get(owner) ?? [];
      list.push(waiting);
      owners.set(owner, list);
      signal?.addEventListener(
        'abort',
        () => {
          const mine = owners.get(owner);
          const index = mine?.indexOf(waiting) ?? -1;
          if (mine && index >= 0) {
            mine.splice(index, 1);
            if (mine.length === 0) owners.delete(owner);
            reject(signal.reason);
          }
        },
        { once: true },
      );
      void this.drain();
    });
  }

  /** The next call: the most urgent kind, and in it the owner whose turn it is (insertion order rotates). */
  private next(): Waiting | undefined {
    for (const priority of order) {
      const owners = this.queues.get(priority) as Map<string, Waiting[]>;
      for (const [owner, list] of owners) {
        const waiting = list.shift();
        owners.delete(owner);
        // The owner goes to the back of the line with what it has left.
        if (list.length > 0) owners.set(owner, list);
        if (waiting) return waiting;
      }
    }
    return undefined;
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.waiting > 0) {
        const slot = await this.options.slots
          .take(this.options.applicationId, this.intervalMs, this.intervalMs)
          .catch(() => ({ taken: true, waitMs: this.intervalMs })); // Redis unreachable: pace locally
        if (!slot.taken) {
          await new Promise((resolve) =>
            setTimeout(resolve, Math.min(Math.max(slot.waitMs - this.intervalMs, 5), 1000)),
          );
          continue;
        }
        const waiting = this.next();
        if (!waiting) break;
        // A caller that gave up meanwhile is not sent (its slot goes unused).
        setTimeout(
          () => (waiting.signal?.aborted ? waiting.fail(waiting.signal.reason) : waiting.start()),
          slot.waitMs,
        );
      }
    } finally {
      this.draining = false;
    }
  }
}
