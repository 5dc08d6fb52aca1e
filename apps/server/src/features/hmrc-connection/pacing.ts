import { AsyncLocalStorage } from 'node:async_hooks';
import type { SlotSource } from '../../platform/cluster';

/**
 * HMRC allows an application 3 requests a second, across everything that uses it (docs/reference/hmrc-vat-api.md
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
}

export interface PacerOptions {
  slots: SlotSource;
  /** Requests a second; 0 sends at once. */
  perSecond: number;
  /** Names the HMRC application, so instances of one installation share its allowance. */
  applicationId: string;
  /** Whose call this is, for taking turns (the HMRC caller of call-log.ts). */
  ownerOf: () => string | undefined;
}

/**
 * HMRC counts arrivals, not sends: a call held up on a busy instance (a late timer, a long task)
 * arrives next to the ones sent after it. Spacing the calls so that perSecond + 1 of them span
 * 1000 ms plus this much lets any one arrive that late without a 429 (at 3 a second: one call
 * every 417 ms, about 2.4 a second). A 20 ms margin let a loaded two-core host collect a 429.
 */
const arrivalSlackMs = 250;

export class HmrcPacer {
  private readonly queues = new Map<CallPriority, Map<string, Waiting[]>>(order.map((p) => [p, new Map()]));
  private draining = false;
  private readonly intervalMs: number;

  constructor(private readonly options: PacerOptions) {
    this.intervalMs = options.perSecond > 0 ? (1000 + arrivalSlackMs) / options.perSecond : 0;
  }

  /** How many calls are waiting for a send time on this instance. */
  get waiting(): number {
    let count = 0;
    for (const owners of this.queues.values()) for (const list of owners.values()) count += list.length;
    return count;
  }

  /**
   * Resolves when this request may be sent (the HMRC client calls it before each attempt, so the
   * request's time-out counts from here). A submission is recognised by its method and path.
   */
  readonly turn = async (method: string, url: string): Promise<void> => {
    if (this.intervalMs === 0) return;
    const priority: CallPriority =
      method.toUpperCase() === 'POST' && /\/returns$/.test(new URL(url).pathname)
        ? 'submission'
        : (priorities.getStore() ?? 'interactive');
    const owner = this.options.ownerOf() ?? '';
    await new Promise<void>((start) => {
      const owners = this.queues.get(priority) as Map<string, Waiting[]>;
      const list = owners.get(owner);
      if (list) list.push({ owner, start });
      else owners.set(owner, [{ owner, start }]);
      void this.drain();
    });
  };

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

  /**
   * Sends the queue's calls one slot at a time. A slot is taken only when it is free now, so the
   * next one counts from the moment a call really goes (a timer firing late on a busy instance
   * cannot bunch the calls that follow).
   */
  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      while (this.waiting > 0) {
        const slot = await this.options.slots.take(this.options.applicationId, this.intervalMs, 0).catch(async () => {
          await pause(this.intervalMs); // Redis unreachable: this instance paces alone
          return { taken: true, waitMs: 0 };
        });
        if (!slot.taken) {
          await pause(Math.min(Math.max(slot.waitMs, 1), 1000));
          continue;
        }
        this.next()?.start();
      }
    } finally {
      this.draining = false;
    }
  }
}
