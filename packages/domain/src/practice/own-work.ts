import { z } from 'zod';

/**
 * What a person made while working alone and could bring into the practice they work in
 * (GET /api/practice/own-work; POST /api/practice/own-work/move answers with what moved).
 */
export const ownWorkBusinessSchema = z.object({
  vrn: z.string(),
  name: z.string(),
  /**
   * Set when the practice already reaches this VRN through another authority: the move is
   * refused until one of the two is removed. Names that authority (its HMRC user and ARN).
   */
  conflict: z
    .object({
      hmrcUserId: z.string().nullable(),
      agentArn: z.string().nullable(),
    })
    .nullable(),
});
export type OwnWorkBusiness = z.infer<typeof ownWorkBusinessSchema>;

export const ownWorkSchema = z.object({
  /** The agent services accounts the person authorised (an HMRC authority with an ARN). */
  agentAccounts: z.array(z.object({ userId: z.string(), arn: z.string() })),
  /** Every HMRC authority the person holds (agent accounts and businesses connected directly). */
  authorities: z.number().int(),
  sandboxUsers: z.number().int(),
  businesses: z.array(ownWorkBusinessSchema),
  /** Digital records not deleted. */
  records: z.number().int(),
  /** Returns: drafts and those sent to HMRC. */
  returns: z.number().int(),
  clientRequests: z.number().int(),
});
export type OwnWork = z.infer<typeof ownWorkSchema>;

/** True when there is nothing to bring along. */
export function isOwnWorkEmpty(work: OwnWork): boolean {
  return (
    work.authorities === 0 &&
    work.sandboxUsers === 0 &&
    work.businesses.length === 0 &&
    work.records === 0 &&
    work.returns === 0 &&
    work.clientRequests === 0
  );
}
