import { describe, expect, it } from 'vitest';
import { obligationState, obligationStateOrder } from './obligation-status';

describe('an obligation’s state', () => {
  const today = '2026-05-07';

  it('flags an open obligation as overdue only once its due date has passed', () => {
    expect(obligationState({ status: 'O', due: '2026-05-06' }, today)).toBe('overdue');
    expect(obligationState({ status: 'O', due: '2026-05-07' }, today)).toBe('open');
    expect(obligationState({ status: 'O', due: '2026-06-07' }, today)).toBe('open');
  });

  it('never calls a fulfilled obligation overdue', () => {
    expect(obligationState({ status: 'F', due: '2017-05-07' }, today)).toBe('fulfilled');
  });

  it('sorts what needs doing first', () => {
    const states = (['fulfilled', 'open', 'overdue'] as const).slice();
    states.sort((a, b) => obligationStateOrder[a] - obligationStateOrder[b]);
    expect(states).toEqual(['overdue', 'open', 'fulfilled']);
  });
});
