import { AsyncLocalStorage } from 'node:async_hooks';
import type { VatLogEntry } from '@vatwise/domain';
import type { FetchLike } from '@vatwise/hmrc';

/**
 * Every HMRC call made for a user, seen where it leaves the server (the HMRC client's fetch), so
 * the user's VAT dialogue log (docs/reference/product.md §3) lists each one: time, endpoint, status, duration,
 * HMRC's correlation id. Never a header, a token or a body.
 */

export interface HmrcCaller {
  ownerId: string;
  vrn?: string | undefined;
}

/** One call as the VAT dialogue keeps it (the endpoint without the simulator's mount prefix), and whose it was. */
export type HmrcCallRecord = Omit<VatLogEntry, 'id' | 'at'> & { caller: HmrcCaller };

const callers = new AsyncLocalStorage<HmrcCaller>();

/** Runs `work` with its HMRC calls attributed to this user (and business). */
export function asHmrcCaller<T>(caller: HmrcCaller, work: () => Promise<T>): Promise<T> {
  return callers.run(caller, work);
}

/** Whose HMRC call is under way here, if anyone's. */
export const currentHmrcCaller = (): HmrcCaller | undefined => callers.getStore();

const vrnInPath = /\/vat\/(\d{9})(?:\/|$)/;

export class HmrcCallObserver {
  private readonly listeners = new Set<(record: HmrcCallRecord) => void>();

  /** @param basePath the path HMRC's API sits under (the simulator's /hmrc-sandbox; '' for HMRC). */
  constructor(
    private readonly basePath: string,
    private readonly underlying: FetchLike = (url, init) => fetch(url, init),
  ) {}

  onCall(listener: (record: HmrcCallRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The fetch the HMRC client uses: it calls HMRC and reports the call for the current caller. */
  readonly fetch: FetchLike = async (url, init) => {
    const caller = callers.getStore();
    const started = performance.now();
    const report = (status: number | null, correlationId: string | null, failure: string | null) => {
      if (!caller) return;
      const parsed = new URL(url);
      const path = parsed.pathname.startsWith(this.basePath)
        ? parsed.pathname.slice(this.basePath.length) || '/'
        : parsed.pathname;
      const record: HmrcCallRecord = {
        caller,
        method: (init.method ?? 'GET').toUpperCase(),
        endpoint: `${path}${parsed.search}`,
        status,
        durationMs: performance.now() - started,
        correlationId,
        vrn: caller.vrn ?? vrnInPath.exec(path)?.[1] ?? null,
        failure,
      };
      for (const listener of this.listeners) listener(record);
    };
    try {
      const response = await this.underlying(url, init);
      report(response.status, response.headers.get('x-correlationid'), null);
      return response;
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      report(null, null, timedOut ? 'No answer in time' : 'HMRC could not be reached');
      throw error;
    }
  };
}
