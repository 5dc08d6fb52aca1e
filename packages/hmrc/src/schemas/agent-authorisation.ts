import { z } from 'zod';

/**
 * HMRC's Agent Authorisation API 1.0 (reference/hmrc-api-definitions/agent-authorisation): the
 * request an agent sends for a client's authority, and the invitations HMRC answers with. HMRC's
 * definition writes `service` as an array of one while its examples write a string: both are read.
 */

export const invitationStatuses = [
  'Pending',
  'Accepted',
  'Rejected',
  'Cancelled',
  'Deauthorised',
  'Expired',
  'Partialauth',
] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** A request for authority to file a business's VAT returns: its VRN and VAT registration date. */
export const vatClientAccessSchema = z.object({
  service: z.literal('MTD-VAT'),
  clientIdType: z.literal('vrn'),
  clientId: z.string(),
  knownFact: z.string(),
});
export type VatClientAccess = z.infer<typeof vatClientAccessSchema>;

export const invitationSchema = z.object({
  _links: z.object({ self: z.object({ href: z.string() }) }),
  created: z.string(),
  updated: z.string().optional(),
  expiresOn: z.string().optional(),
  arn: z.string(),
  service: z
    .union([z.string(), z.array(z.string()).max(1)])
    .transform((value) => (Array.isArray(value) ? (value[0] ?? '') : value)),
  status: z.enum(invitationStatuses),
  clientActionUrl: z.string().optional(),
  agentType: z.string().optional(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationsSchema = z.array(invitationSchema);

/** The invitation's id: the last part of its `_links.self.href` or of the Location header. */
export const invitationIdOf = (href: string): string => href.split('/').filter(Boolean).at(-1) ?? '';
