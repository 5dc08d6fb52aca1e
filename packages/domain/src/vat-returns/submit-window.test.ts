import { describe, expect, it } from 'vitest';
import { firstSubmitDay, periodHasEnded } from './submit-window';

describe('when a return may be sent', () => {
  it('opens the day after the period’s last day, across month and year ends', () => {
    expect(firstSubmitDay('2026-03-31')).toBe('2026-04-01');
    expect(firstSubmitDay('2026-12-31')).toBe('2027-01-01');
    expect(firstSubmitDay('2028-02-28')).toBe('2028-02-29');
  });

  it('is refused on the period’s last day, as HMRC refuses it (TAX_PERIOD_NOT_ENDED)', () => {
    expect(periodHasEnded('2026-03-31', '2026-03-30')).toBe(false);
    expect(periodHasEnded('2026-03-31', '2026-03-31')).toBe(false);
    expect(periodHasEnded('2026-03-31', '2026-04-01')).toBe(true);
  });
});
