import type { ClientApproval, NineBoxes, ReceiptApprovals } from '@vatwise/domain';
import { AppError } from '../../../plugins/errors';
import type { ReturnRow } from '../return-row';
import { sameBoxes } from '../same-boxes';
import { boxesFingerprint } from './fingerprint';
import type { ClientApprovalRepo, ClientApprovalRow } from './repo';

/** What the VAT return service asks of the client's approval: its state, the filing rule, the receipt's names. */
export interface ClientApprovalHooks {
  /** Where the client's approval stands against the boxes as they are now (null: not known here). */
  stateOf(row: ReturnRow, boxes: NineBoxes | null): Promise<ClientApproval>;
  /** Refuses filing (409 CLIENT_APPROVAL_REQUIRED) when the practice asks for the client's approval of these boxes and it is not there. */
  assertApproved(row: ReturnRow, boxes: NineBoxes): Promise<void>;
  /** Who prepared, reviewed and approved the figures filed, for the receipt. */
  receiptApprovals(row: ReturnRow, boxes: NineBoxes): Promise<ReceiptApprovals>;
}

export function clientApprovalHooks(deps: {
  repo: ClientApprovalRepo;
  requiresClientApproval(workspaceId: string): Promise<boolean>;
  now: () => Date;
}): ClientApprovalHooks {
  const stands = (approval: ClientApprovalRow | undefined, boxes: NineBoxes) =>
    approval?.status === 'approved' && approval.boxes_fingerprint === boxesFingerprint(boxes);

  return {
    async stateOf(row, boxes) {
      const latest = await deps.repo.latest(row.owner_id, row.id);
      const required = await deps.requiresClientApproval(row.owner_id);
      const base = {
        sentAt: latest?.sent_at ?? null,
        sentBy: latest?.sent_by_name ?? null,
        sentTo: latest?.sent_to ?? null,
        expiresAt: latest?.expires_at ?? null,
        clientName: latest?.client_name ?? null,
        answeredAt: latest?.answered_at ?? null,
        question: latest?.question ?? null,
        required,
      };
      if (!latest) return { ...base, state: 'none' };
      if (latest.status === 'approved') {
        return { ...base, state: boxes && !stands(latest, boxes) ? 'changed' : 'approved' };
      }
      if (latest.status === 'queried') return { ...base, state: 'queried' };
      return { ...base, state: latest.expires_at <= deps.now().toISOString() ? 'expired' : 'sent' };
    },

    async assertApproved(row, boxes) {
      if (!(await deps.requiresClientApproval(row.owner_id))) return;
      if (!stands(await deps.repo.latest(row.owner_id, row.id), boxes)) throw new AppError('CLIENT_APPROVAL_REQUIRED');
    },

    async receiptApprovals(row, boxes) {
      const approvedBoxes = row.approved_boxes ? (JSON.parse(row.approved_boxes) as NineBoxes) : null;
      const client = await deps.repo.latestApproved(row.owner_id, row.id);
      return {
        preparedBy: row.ready_by_name && row.ready_at ? { name: row.ready_by_name, at: row.ready_at } : null,
        reviewedBy:
          row.approved_by_name && row.approved_at && approvedBoxes && sameBoxes(approvedBoxes, boxes)
            ? { name: row.approved_by_name, at: row.approved_at }
            : null,
        client:
          client && stands(client, boxes) && client.client_name && client.answered_at
            ? { name: client.client_name, at: client.answered_at, email: client.sent_to }
            : null,
      };
    },
  };
}
