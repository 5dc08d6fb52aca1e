import { z } from 'zod';
import { boxNumbers } from '../vat-returns/box-numbers';
import { type NineBoxes, nineBoxesSchema } from '../vat-returns/api';
import { clientApprovalSchema } from './client-approval-state';

/**
 * What the client confirms by approving: what the agent then declares to HMRC on filing
 * (agentDeclarationText) is that the client received and approved these figures.
 */
export const clientApprovalDeclarationText =
  'I have received a copy of the information in this VAT return and I approve it as correct and complete to the best of my knowledge and belief.';

/** How long a client's approval link works (days). */
export const clientApprovalLinkDays = 14;

/** POST /api/vat_returns/:id/client_approval: the address is optional (the practice may pass the link on itself). */
export const sendClientApprovalBodySchema = z.object({
  email: z.string().trim().email('Enter the client’s e-mail address, or leave it empty.').max(254).optional(),
});

/** The practice's answer to sending: the link, shown once (only its hash is kept). */
export const sentClientApprovalSchema = z.object({ link: z.string(), approval: clientApprovalSchema });
export type SentClientApproval = z.infer<typeof sentClientApprovalSchema>;

/** What the client's page shows (GET /api/client_approval/:token): that return and nothing more. */
export const clientApprovalPageSchema = z.object({
  practiceName: z.string(),
  businessName: z.string(),
  vrn: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  due: z.string(),
  boxes: nineBoxesSchema,
  /** The fingerprint of these boxes: approving sends it back, so only the figures read are approved. */
  fingerprint: z.string(),
  expiresAt: z.string(),
});
export type ClientApprovalPage = z.infer<typeof clientApprovalPageSchema>;

const clientNameSchema = z.string().trim().min(1, 'Type your name.').max(200, 'A name holds at most 200 characters.');

export const clientApproveBodySchema = z.object({
  name: clientNameSchema,
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/, 'Open the link again: the figures could not be matched.'),
  confirmed: z.literal(true, { message: 'Tick the box to say the figures are right.' }),
});
export type ClientApproveBody = z.infer<typeof clientApproveBodySchema>;

export const clientQueryBodySchema = z.object({
  name: clientNameSchema,
  question: z.string().trim().min(1, 'Write your question.').max(2000, 'A question holds at most 2,000 characters.'),
});
export type ClientQueryBody = z.infer<typeof clientQueryBodySchema>;

/** The client's answer, as their page reports it back. */
export const clientAnswerSchema = z.object({ state: z.enum(['approved', 'queried']), at: z.string() });
export type ClientAnswer = z.infer<typeof clientAnswerSchema>;

/**
 * The boxes in one canonical text, hashed for the approval's fingerprint: box1..box9 in order,
 * each as its whole pence, so the same figures always give the same text.
 */
export const canonicalBoxes = (boxes: NineBoxes): string =>
  boxNumbers.map((box) => `box${box}=${String(boxes[`box${box}`])}`).join(';');
