import type { Obligation } from '@vatwise/domain';

/** How an obligation is shown: HMRC's open or fulfilled, plus overdue for an open one past its due date. */
export type ObligationState = 'open' | 'overdue' | 'fulfilled';

/** `today` is the UK date ('YYYY-MM-DD'): a return due today is not late until tomorrow. */
export function obligationState(obligation: Pick<Obligation, 'status' | 'due'>, today: string): ObligationState {
  if (obligation.status === 'F') return 'fulfilled';
  return obligation.due < today ? 'overdue' : 'open';
}

/** Sorting by status puts what needs doing first. */
export const obligationStateOrder: Record<ObligationState, number> = { overdue: 0, open: 1, fulfilled: 2 };
