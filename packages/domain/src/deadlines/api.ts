import { z } from 'zod';
import { vrnSchema } from '../hmrc/api';
import { isCalendarDate } from '../vat/dates';
import { type DeadlineObligation, deadlineSummary } from './alerts';

/**
 * GET /api/deadlines?vrn=… (the Home dashboard's deadlines card) and GET /api/deadlines/calendar.ics?vrn=…
 * (the same open obligations as a calendar file). Dates are UK calendar days, 'YYYY-MM-DD'.
 */

const isoDate = z.string().refine(isCalendarDate, { message: 'must be a real date written YYYY-MM-DD' });

export const deadlinesQuerySchema = z.object({ vrn: vrnSchema });
export type DeadlinesQuery = z.infer<typeof deadlinesQuerySchema>;

export const deadlineLevelSchema = z.enum(['due14', 'due7', 'due1', 'overdue']);

export const deadlineItemSchema = z.object({
  /** HMRC's key for the period: for calls, never to be shown to the user (HMRC asks software not to). */
  periodKey: z.string(),
  start: isoDate,
  end: isoDate,
  due: isoDate,
  /** Calendar days from today to the due date: 0 on the due date, negative once it has passed. */
  daysLeft: z.number().int(),
  /** Null when the due date is more than 14 days away. */
  level: deadlineLevelSchema.nullable(),
});
export type DeadlineItem = z.infer<typeof deadlineItemSchema>;

export const deadlinesResponseSchema = z.object({
  vrn: z.string(),
  businessName: z.string(),
  /** The UK date the summary was worked out on. */
  today: isoDate,
  /** Open obligations, earliest due date first (overdue ones therefore first). */
  items: z.array(deadlineItemSchema),
  /** The earliest open obligation not yet overdue (due today or later), or null. */
  next: deadlineItemSchema.nullable(),
  /** How many open obligations are past their due date. */
  overdueCount: z.number().int().nonnegative(),
});
export type DeadlinesResponse = z.infer<typeof deadlinesResponseSchema>;

export interface DeadlinesInput {
  vrn: string;
  businessName: string;
  today: string;
  /** Any obligations: fulfilled ones are left out. */
  obligations: readonly DeadlineObligation[];
}

/** The dashboard's answer for a business's obligations seen on `today`. */
export function deadlinesResponseFrom({ vrn, businessName, today, obligations }: DeadlinesInput): DeadlinesResponse {
  const summary = deadlineSummary(obligations, today);
  const itemOf = ({ obligation, daysLeft, alert }: (typeof summary.items)[number]): DeadlineItem => ({
    periodKey: obligation.periodKey,
    start: obligation.start,
    end: obligation.end,
    due: obligation.due,
    daysLeft,
    level: alert?.level ?? null,
  });
  return {
    vrn,
    businessName,
    today,
    items: summary.items.map(itemOf),
    next: summary.next ? itemOf(summary.next) : null,
    overdueCount: summary.overdueCount,
  };
}
