import { z } from 'zod';

// Where a client's approval of a return stands, apart from the rest of client-approval.ts: the
// return's view (vat-returns/api.ts) holds it, and client-approval.ts needs that file's nine boxes,
// so together they would import each other.

/**
 * Where the client's approval of a return stands, as the practice sees it: 'sent' (the link works),
 * 'approved' (of the figures as they are now), 'queried' (the client asked a question), 'changed'
 * (approved, but the figures moved since: the approval no longer stands), 'expired' (never
 * answered in time), 'none' (never sent).
 */
export const clientApprovalStates = ['none', 'sent', 'approved', 'queried', 'changed', 'expired'] as const;
export type ClientApprovalState = (typeof clientApprovalStates)[number];

export const clientApprovalSchema = z.object({
  state: z.enum(clientApprovalStates),
  sentAt: z.string().nullable(),
  sentBy: z.string().nullable(),
  /** The address the practice said the link was for, if it gave one. */
  sentTo: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The name the client typed when approving or asking. */
  clientName: z.string().nullable(),
  answeredAt: z.string().nullable(),
  question: z.string().nullable(),
  /** Whether this practice files only what the client approved. */
  required: z.boolean(),
});
export type ClientApproval = z.infer<typeof clientApprovalSchema>;
