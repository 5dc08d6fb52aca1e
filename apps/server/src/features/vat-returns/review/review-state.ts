import type { ComputedReturn, ReturnReview } from '@vatwise/domain';
import type { ReturnRow } from '../return-row';
import { sameBoxes } from '../same-boxes';

/** A return's review columns when nobody has approved it, and when nobody has marked it ready either. */
export const noApproval = { approved_by: null, approved_by_name: null, approved_at: null, approved_boxes: null };
export const noReview = { ready_by: null, ready_by_name: null, ready_at: null, ...noApproval };

/**
 * Where a return's review stands: an approval of other figures than the return's now is 'changed'.
 * `required`: whether its workspace files only approved returns.
 */
export function reviewOf(row: ReturnRow, computed: ComputedReturn | null, required: boolean): ReturnReview {
  const approvedBoxes = row.approved_boxes ? (JSON.parse(row.approved_boxes) as ComputedReturn['boxes']) : null;
  const state = approvedBoxes
    ? computed && !sameBoxes(approvedBoxes, computed.boxes)
      ? 'changed'
      : 'approved'
    : row.ready_at
      ? 'ready'
      : 'draft';
  return {
    state,
    readyById: row.ready_by,
    readyBy: row.ready_by_name,
    readyAt: row.ready_at,
    approvedBy: row.approved_by_name,
    approvedAt: row.approved_at,
    required,
  };
}
