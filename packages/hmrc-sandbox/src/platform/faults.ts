/**
 * Operator-injected faults (for tests and demos): the next N calls of an endpoint are delayed,
 * held until the caller gives up, answered 500 or 503, or have their connection dropped. Kept in
 * memory: a restart clears them.
 */
/**
 * `error429` refuses the call as HMRC's throttle does (429 MESSAGE_THROTTLED_OUT, Retry-After: 1).
 * `drop` loses the call before HMRC acts on it; `dropAfter` lets HMRC act (a return is filed) and
 * then loses the answer, the case a careful client must settle by asking (docs/reference/hmrc-vat-api.md §6.2).
 */
export const faultKinds = ['delay', 'timeout', 'error429', 'error500', 'error503', 'drop', 'dropAfter'] as const;
export type FaultKind = (typeof faultKinds)[number];

/** What a fault can be put on: the eight VAT endpoints and the other machine-to-machine calls. */
export const faultTargets = [
  'obligations',
  'submitReturn',
  'viewReturn',
  'liabilities',
  'payments',
  'penalties',
  'financialDetails',
  'customerInformation',
  'token',
  'createTestUser',
] as const;
export type FaultTarget = (typeof faultTargets)[number];

export interface Fault {
  id: number;
  endpoint: FaultTarget;
  kind: FaultKind;
  /** Calls still to be affected. */
  remaining: number;
  /** For `delay`: how long before the call goes on as normal. */
  delayMs: number;
}

export class FaultInjector {
  private faults: Fault[] = [];
  private nextId = 1;

  add(fault: Omit<Fault, 'id'>): Fault {
    const added = { ...fault, id: this.nextId };
    this.nextId += 1;
    this.faults.push(added);
    return added;
  }

  /** The fault to apply to this call of `endpoint`, if any; each call uses one of its count. */
  take(endpoint: FaultTarget): Fault | undefined {
    const fault = this.faults.find((candidate) => candidate.endpoint === endpoint);
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
    return { ...fault };
  }

  list(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.faults = [];
  }
}
