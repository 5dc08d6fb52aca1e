import { agentOf } from '../agents/service';
import type { SandboxStore, TestUserRecord } from '../store/store';

/**
 * Whether the token's user may act for a VRN (docs/reference/hmrc-vat-api.md §3.2): they hold HMRC-MTD-VAT for it,
 * or they are an agent the client has authorised for MTD-VAT (agents/). The VAT (MTD) and VAT
 * Assist (MTD) APIs ask the same.
 */
export async function mayActForVrn(
  store: SandboxStore,
  user: TestUserRecord | undefined,
  vrn: string,
): Promise<boolean> {
  if (user?.vrn === vrn) return true;
  const agent = agentOf(user);
  return (
    typeof agent !== 'string' && (await store.hasRelationship({ arn: agent.arn, service: 'MTD-VAT', client_id: vrn }))
  );
}
