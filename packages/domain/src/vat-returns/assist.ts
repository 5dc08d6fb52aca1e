import { z } from 'zod';

/**
 * HMRC Assist for VAT as VAT Wise shows it (docs/hmrc-assist-flow.md): HMRC's feedback on a draft's
 * figures, kept verbatim and in HMRC's order (packages/hmrc-sandbox/reference/vat-assist/application.yaml,
 * FeedbackItem), and when it was shown and acknowledged.
 */

/** One of HMRC's messages, exactly as HMRC sent it. */
export const assistFeedbackItemSchema = z.object({
  itemNumber: z.string(),
  title: z.string(),
  body: z.string(),
  action: z.string().optional(),
  links: z.array(z.object({ title: z.string().optional(), url: z.string().optional() })).optional(),
  path: z.string(),
});
export type AssistFeedbackItem = z.infer<typeof assistFeedbackItemSchema>;

const byNameSchema = z.object({ id: z.string(), name: z.string() });

/** A report HMRC gave for one set of figures (or the failure to get one). */
export const assistReportSchema = z.object({
  /** HMRC's reportId and correlationId (null when HMRC gave no report). */
  reportId: z.string().nullable(),
  correlationId: z.string().nullable(),
  /** The figures the report is for (SHA-256 of the boxes' canonical text). */
  boxesFingerprint: z.string(),
  status: z.enum(['ok', 'unavailable']),
  /** Why HMRC gave no report ('unavailable'). */
  error: z.string().nullable(),
  english: z.array(assistFeedbackItemSchema),
  welsh: z.array(assistFeedbackItemSchema),
  requestedAt: z.string(),
  requestedBy: byNameSchema,
  /** When the messages were shown, as sent to HMRC (UTC, whole seconds). */
  presentedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: byNameSchema.nullable(),
});
export type AssistReport = z.infer<typeof assistReportSchema>;

export const assistStates = ['off', 'period-not-ended', 'filed', 'ready', 'unavailable'] as const;
export type AssistState = (typeof assistStates)[number];

/**
 * POST and GET /api/vat_returns/:id/assist. `report` is the one for the figures as they stand
 * ('ready', 'unavailable'), or for a filed return the one for the figures filed, if any.
 */
export const assistAnswerSchema = z.object({
  state: z.enum(assistStates),
  /** The period's last day: Assist checks once it has passed ('period-not-ended'). */
  periodEnd: z.string(),
  report: assistReportSchema.nullable(),
  /** Whether `report` is for the figures as they now stand. */
  current: z.boolean(),
});
export type AssistAnswer = z.infer<typeof assistAnswerSchema>;

/** POST /api/vat_returns/:id/assist/:reportId/acknowledgement: when the messages were shown. */
export const assistAcknowledgementBodySchema = z.object({ presentedAt: z.iso.datetime() });
export const assistReportParamsSchema = z.object({ id: z.string().min(1).max(64), reportId: z.uuid() });

/** POST /api/vat_returns/:id/assist: in HMRC's sandbox, a Gov-Test-Scenario may be named. */
export const assistRequestBodySchema = z
  .object({
    scenario: z
      .string()
      .regex(/^[A-Z_-]{1,40}$/)
      .optional(),
  })
  .default({});
