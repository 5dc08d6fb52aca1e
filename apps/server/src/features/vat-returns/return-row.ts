import { type FiledElsewhere, type FlatRateSettings, flatRateSettingsSchema, type NineBoxes } from '@vatwise/domain';
import type { Selectable } from 'kysely';
import type { VatReturnTable } from '../../db/schema';

/** A return as stored (vat_return), shared by the sub-slices that read or change it. */
export type ReturnRow = Selectable<VatReturnTable>;

export interface LastError {
  message: string;
  code: string | null;
  hmrcCodes: string[];
}

export interface SentBy {
  id: string;
  email: string;
  name: string;
  /** The tax agent's ARN when the return was filed through an agent's authority (agent declaration). */
  agentArn?: string | null;
}

export function flatRateOf(row: ReturnRow): FlatRateSettings | null {
  return row.flat_rate ? flatRateSettingsSchema.parse(JSON.parse(row.flat_rate)) : null;
}

/** HMRC's figures beside ours, for a return HMRC holds with other figures (else null). */
export function filedElsewhereOf(row: ReturnRow): FiledElsewhere | null {
  if (row.status !== 'filed_elsewhere' || !row.hmrc_return || !row.sent_boxes) return null;
  const found = JSON.parse(row.hmrc_return) as { boxes: NineBoxes; foundAt: string };
  return { hmrcBoxes: found.boxes, ourBoxes: JSON.parse(row.sent_boxes) as NineBoxes, foundAt: found.foundAt };
}
