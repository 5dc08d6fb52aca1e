import { z } from 'zod';
import { practiceRoleSchema } from './roles';

/** A practice's rules (GET/PUT /api/practice/policy). */
export const practicePolicySchema = z.object({
  /** A return must be approved by a reviewer who did not mark it ready before it can be submitted. */
  requireReview: z.boolean(),
  /**
   * A member must have turned on two-factor sign-in before VAT Wise reads from or files to HMRC for
   * them, so every HMRC call the practice makes can carry Gov-Client-Multi-Factor.
   */
  requireTwoFactor: z.boolean(),
  /** A return is submitted only once the client approved its figures as they are (their link). */
  requireClientApproval: z.boolean(),
});
export type PracticePolicy = z.infer<typeof practicePolicySchema>;

/** A change to a practice's rules (PUT /api/practice/policy): the rules left out stay as they are. */
export const practicePolicyChangeSchema = practicePolicySchema.partial();
export type PracticePolicyChange = z.infer<typeof practicePolicyChangeSchema>;

/**
 * Where a return stands in its workspace's review: 'ready' once a member marks it ready,
 * 'approved' once another member who may approve approves its figures, 'changed' when the
 * figures moved after approval (the approval no longer stands and is asked again).
 */
export const reviewStates = ['draft', 'ready', 'approved', 'changed'] as const;
export type ReviewState = (typeof reviewStates)[number];
export const returnReviewSchema = z.object({
  state: z.enum(reviewStates),
  /** Who marked it ready (their id: they may not approve it themselves). */
  readyById: z.string().nullable(),
  readyBy: z.string().nullable(),
  readyAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** Whether this workspace asks for approval before submitting. */
  required: z.boolean(),
});
export type ReturnReview = z.infer<typeof returnReviewSchema>;

export const returnNoteBodySchema = z.object({
  text: z.string().trim().min(1, 'Write the note first.').max(2000, 'A note holds at most 2,000 characters.'),
});
export const returnNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  authorName: z.string(),
  at: z.string(),
});
export type ReturnNote = z.infer<typeof returnNoteSchema>;

/** What happened to a business, by whom (its audit trail). */
export const businessActivityKinds = [
  'connected',
  'removed',
  'record_added',
  'record_changed',
  'record_deleted',
  'record_restored',
  'imported',
  'marked_ready',
  'approved',
  'reopened',
  'submitted',
  'note_added',
  'schemes_changed',
  'error_correction_added',
  'error_correction_removed',
  'client_approval_sent',
  'client_approved',
  'client_queried',
  'client_accepted',
  'client_declined',
  'client_expired',
  'authority_ended',
  'assigned',
  'payment_started',
  'payment_completed',
] as const;
export const businessActivitySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(businessActivityKinds),
  actorName: z.string(),
  detail: z.string(),
});
export type BusinessActivity = z.infer<typeof businessActivitySchema>;

/** A pending invitation to the signed-in user (GET /api/practice/invitations). */
export const practiceInvitationSchema = z.object({
  id: z.string(),
  practiceName: z.string(),
  role: practiceRoleSchema,
  expiresAt: z.string(),
});
export type PracticeInvitation = z.infer<typeof practiceInvitationSchema>;

/** A return nobody has marked ready, in a workspace that does not ask for review. */
export const unreviewed: ReturnReview = {
  state: 'draft',
  readyById: null,
  readyBy: null,
  readyAt: null,
  approvedBy: null,
  approvedAt: null,
  required: false,
};
