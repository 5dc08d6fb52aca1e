import { addDays } from '../vat/dates';

/**
 * HMRC accepts a period's return only once the period has ended: from the day after its last day
 * (UK date); before that it refuses with TAX_PERIOD_NOT_ENDED (docs/reference/hmrc-vat-api.md §3.5).
 */
export const firstSubmitDay = (periodEnd: string): string => addDays(periodEnd, 1);

/** Whether a return for a period ending `periodEnd` may be sent on the UK date `today`. */
export const periodHasEnded = (periodEnd: string, today: string): boolean => today > periodEnd;
