import type { FraudHeaderLog } from './fraud-headers';
import type { SandboxClock } from './platform/clock';
import type { FaultInjector } from './platform/faults';
import type { RequestLog } from './platform/request-log';
import type { Throttle } from './platform/throttle';
import type { SandboxStore } from './store/store';

/** What every part of the simulator shares: its state, its clock and its operator controls. */
export interface SandboxContext {
  store: SandboxStore;
  clock: SandboxClock;
  throttle: Throttle;
  faults: FaultInjector;
  fraudLog: FraudHeaderLog;
  /** How long a `timeout` fault holds a call before dropping it. */
  timeoutFaultHoldMs: number;
  /** Calls held by `timeout` faults; released when the simulator closes. */
  heldCalls: Set<() => void>;
  /** Refresh tokens being exchanged now: HMRC refuses a second refresh of the same token meanwhile. */
  refreshesInProgress: Set<string>;
  /** Calls received per VAT endpoint, for tests that must prove a request was sent once. */
  callCounts: Map<string, number>;
  /** Every request received, when the operator controls are on (GET /operator/requests). */
  requestLog: RequestLog;
  /** Calls to act on as usual, whose answer is then lost (the `dropAfter` fault). */
  answersToDrop: WeakSet<object>;
  /**
   * The scheme, host and port people reach the simulator at (links handed to clients); null
   * takes them from each request, which behind a proxy is the proxy's upstream address.
   */
  publicOrigin: string | null;
}
