/** The obligation statuses a caller may ask HMRC for. Kept apart from ./api so a screen's filter loads no Zod. */
export const obligationStatuses = ['Open', 'Fulfilled', 'All'] as const;
export type ObligationStatusFilter = (typeof obligationStatuses)[number];
