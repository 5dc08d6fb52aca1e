import { z } from 'zod';
import { reviewStates } from '../practice/api';
import { authorisationSchema, type Liability, type Obligation, type Penalties } from '../hmrc/api';

/**
 * A business's standing with HMRC at a glance, for the practice dashboard:
 * what is due next, what is late, what is owed past its due date, its late-submission points and
 * its last return filed. Pure: worked out from HMRC's obligations, liabilities and penalties.
 */

export const businessStandingSchema = z.object({
  /** The open obligation due soonest (a late one included). */
  nextDue: z.object({ periodStart: z.string(), periodEnd: z.string(), due: z.string() }).nullable(),
  /** Open obligations whose due date has passed. */
  overdueReturns: z.number().int(),
  /** VAT HMRC still wants whose due date has passed, in pence, and how many charges. */
  unpaidPastDuePence: z.number().int(),
  unpaidPastDueCount: z.number().int(),
  /** Active late-submission penalty points and the threshold at which a penalty is charged. */
  penaltyPoints: z.number().int().nullable(),
  penaltyThreshold: z.number().int().nullable(),
  /** The return received most recently. */
  lastFiled: z.object({ periodEnd: z.string(), received: z.string() }).nullable(),
});
export type BusinessStanding = z.infer<typeof businessStandingSchema>;

export function businessStanding(
  input: { obligations: Obligation[]; liabilities: Liability[]; penalties: Penalties | null },
  today: string,
): BusinessStanding {
  const open = input.obligations
    .filter((obligation) => obligation.status === 'O')
    .sort((a, b) => a.due.localeCompare(b.due));
  const next = open[0];
  const unpaid = input.liabilities.filter(
    (liability) => (liability.outstandingAmountPence ?? 0) > 0 && liability.due !== null && liability.due < today,
  );
  const filed = input.obligations
    .filter((obligation) => obligation.status === 'F' && obligation.received)
    .sort((a, b) => (b.received ?? '').localeCompare(a.received ?? '') || b.end.localeCompare(a.end))[0];
  const summary = input.penalties?.lateSubmissionSummary ?? null;
  return {
    nextDue: next ? { periodStart: next.start, periodEnd: next.end, due: next.due } : null,
    overdueReturns: open.filter((obligation) => obligation.due < today).length,
    unpaidPastDuePence: unpaid.reduce((sum, liability) => sum + (liability.outstandingAmountPence ?? 0), 0),
    unpaidPastDueCount: unpaid.length,
    penaltyPoints: summary ? summary.activePoints : null,
    penaltyThreshold: summary ? summary.threshold : null,
    lastFiled: filed?.received ? { periodEnd: filed.end, received: filed.received } : null,
  };
}

/** One row of the dashboard: a business the user reaches, and what HMRC last said of it. */
export const dashboardRowSchema = z.object({
  vrn: z.string(),
  name: z.string(),
  /** Set when reached through a tax agent's authority. */
  agentArn: z.string().nullable(),
  /** When HMRC said the agent's authority for this client ended; its reads then stop. */
  authorityEndedAt: z.string().nullable().optional(),
  authorisation: authorisationSchema.nullable(),
  standing: businessStandingSchema.nullable(),
  /** When HMRC was read for this row; null before the first read. */
  readAt: z.string().nullable(),
  /** A read from HMRC is waiting or under way. */
  reading: z.boolean(),
  /** Why the last read failed, in words; the row keeps the standing of the read before. */
  problem: z.string().nullable(),
  /**
   * The latest return being prepared in VAT Wise and where it stands in review (null: none).
   * 'changed' shows on the Return page only: telling it needs the figures worked out.
   */
  review: z.object({ returnId: z.string(), periodEnd: z.string(), state: z.enum(reviewStates) }).nullable(),
  /** The practice member the client is assigned to (null: nobody); set by GET /api/dashboard. */
  assignee: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type DashboardRow = z.infer<typeof dashboardRowSchema>;

export const dashboardSchema = z.object({ rows: z.array(dashboardRowSchema), reading: z.number().int() });
export type Dashboard = z.infer<typeof dashboardSchema>;
