import { z } from 'zod';
import { isCalendarDate } from '../vat/dates';
import { hmrcUserIdSchema, vrnSchema } from '../hmrc/api';
import { businessActivityKinds } from './api';

/**
 * Working across many clients: inviting many from a CSV, assigning each client to a member, and
 * the practice-wide audit log. docs/practice.md describes them.
 */

/** The most clients one CSV may invite: each asks HMRC twice, at HMRC's pace. */
export const maxInvitationRows = 200;

/** The CSV's columns, as the template names them. */
export const invitationCsvColumns = ['VRN', 'Registration date', 'Name', 'Email'] as const;

export const bulkInvitationBodySchema = z.object({
  /** The agent's HMRC authority to ask with. */
  userId: hmrcUserIdSchema,
  /** The CSV's text (a header row, then one client a line). */
  csv: z.string().min(1, 'Choose a CSV file first.').max(200_000, 'The file is too large: at most 200 KB.'),
  /** Only read and check the rows (the preview); nothing is sent to HMRC. */
  preview: z.boolean().optional(),
});
export type BulkInvitationBody = z.infer<typeof bulkInvitationBodySchema>;

export const bulkInvitationOutcomes = ['ready', 'sent', 'refused'] as const;
export const bulkInvitationResultSchema = z.object({
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  vrn: z.string(),
  /** YYYY-MM-DD when the date could be read, else as written. */
  registrationDate: z.string(),
  name: z.string(),
  email: z.string(),
  /** 'ready' in a preview, then 'sent' or 'refused'. */
  outcome: z.enum(bulkInvitationOutcomes),
  /** Why the row was refused (or will be), in plain words. */
  reason: z.string().nullable(),
  /** The error code behind the reason, when there is one. */
  code: z.string().nullable(),
  /** HMRC's link for the client, once sent. */
  link: z.string().nullable(),
});
export type BulkInvitationResult = z.infer<typeof bulkInvitationResultSchema>;
export const bulkInvitationAnswerSchema = z.object({
  results: z.array(bulkInvitationResultSchema),
  sent: z.number().int(),
  refused: z.number().int(),
});
export type BulkInvitationAnswer = z.infer<typeof bulkInvitationAnswerSchema>;

/** A member a client may be assigned to. */
export const practiceMemberSchema = z.object({ id: z.string(), name: z.string() });
export type PracticeMember = z.infer<typeof practiceMemberSchema>;

/** The workspace's clients with their assignee and address (GET /api/practice/clients). */
export const practiceClientSchema = z.object({
  vrn: z.string(),
  assignee: practiceMemberSchema.nullable(),
  email: z.string().nullable(),
});
export type PracticeClient = z.infer<typeof practiceClientSchema>;
export const practiceClientListSchema = z.object({
  clients: z.array(practiceClientSchema),
  members: z.array(practiceMemberSchema),
});
export type PracticeClientList = z.infer<typeof practiceClientListSchema>;

/** PUT /api/practice/clients/{vrn}/assignee: a member's id, or null to leave the client unassigned. */
export const assignClientBodySchema = z.object({ userId: z.string().min(1).max(64).nullable() });
export const practiceClientParamsSchema = z.object({ vrn: vrnSchema });

const calendarDate = z.string().refine(isCalendarDate, { message: 'Write the date as YYYY-MM-DD.' });

/** GET /api/practice/audit: filters, a page, or the whole match as CSV. */
export const practiceAuditQuerySchema = z.object({
  /** A person's user id. */
  actor: z.string().max(64).optional(),
  vrn: vrnSchema.optional(),
  kind: z.enum(businessActivityKinds).optional(),
  /** First and last day (UTC), inclusive. */
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  format: z.enum(['json', 'csv']).optional(),
});
export type PracticeAuditQuery = z.infer<typeof practiceAuditQuerySchema>;

/** How many lines one page of the audit log holds. */
export const auditPageSize = 50;
/** The most lines one CSV download holds (the newest first). */
export const auditCsvLimit = 50_000;

export const practiceAuditLineSchema = z.object({
  id: z.string(),
  at: z.string(),
  vrn: z.string(),
  /** The business's name in this workspace, when it still has it. */
  clientName: z.string().nullable(),
  kind: z.enum(businessActivityKinds),
  actorId: z.string(),
  actorName: z.string(),
  detail: z.string(),
});
export type PracticeAuditLine = z.infer<typeof practiceAuditLineSchema>;
export const practiceAuditPageSchema = z.object({
  lines: z.array(practiceAuditLineSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Everyone who appears in the workspace's log, for the person filter. */
  actors: z.array(practiceMemberSchema),
  /**
   * Every client the workspace's log mentions, for the client filter: a client since removed keeps
   * its VRN (and no name), so its lines stay easy to find.
   */
  clients: z.array(z.object({ vrn: z.string(), name: z.string().nullable() })),
});
export type PracticeAuditPage = z.infer<typeof practiceAuditPageSchema>;

/**
 * A cell as a CSV holds it: quoted when needed, and a cell a spreadsheet would run as a formula
 * (starting =, +, -, @, tab or carriage return) is prefixed with ' so it reads as text.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
