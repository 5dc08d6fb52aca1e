import { ukDateOf } from '@vatwise/domain';
import type { SandboxStore } from '../store/store';

const offsetSetting = 'clock-offset-ms';

/**
 * The simulator's idea of now: the real time plus an offset the operator may set, so that a test
 * can let tokens expire or a VAT period end without waiting. Everything in the simulator reads the
 * time here, never from Date directly.
 */
export class SandboxClock {
  private offsetMs = 0;

  constructor(
    private readonly store: SandboxStore,
    private readonly realNow: () => number = Date.now,
  ) {}

  /** Reads a moved clock back from the store (it survives a restart like the rest of the state). */
  async load(): Promise<void> {
    const saved = await this.store.setting(offsetSetting);
    this.offsetMs = saved === undefined ? 0 : Number(saved);
  }

  now(): Date {
    return new Date(this.realNow() + this.offsetMs);
  }

  /** ISO 8601 with milliseconds, as every timestamp the simulator stores. */
  iso(plusMs = 0): string {
    return new Date(this.now().getTime() + plusMs).toISOString();
  }

  /** The UK calendar date, which HMRC's date rules use. */
  today(): string {
    return ukDateOf(this.now());
  }

  get offset(): number {
    return this.offsetMs;
  }

  async setOffset(offsetMs: number): Promise<void> {
    this.offsetMs = offsetMs;
    await this.store.saveSetting(offsetSetting, offsetMs === 0 ? undefined : String(offsetMs));
  }
}
