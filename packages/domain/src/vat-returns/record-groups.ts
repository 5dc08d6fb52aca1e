import type { EnterableBox, Treatment, VatRateKind, VatRecordInput } from './api';

// The records the box engine (records-to-boxes.ts) sums, grouped by what the boxes look at in them.
// Apart from the engine so that cash-accounting.ts, which the engine uses, takes groups too without
// importing the engine back.

/** A transaction's size, net + VAT without its sign, beside the flat rate scheme's capital goods threshold. */
export type CapitalSize = 'below' | 'at' | 'over';

/**
 * What the boxes look at in a record, and nothing else: records alike in all of it add to the same
 * boxes in the same way, so a period's boxes can be worked out from their sums (the database groups
 * them; see boxGroupKey in records-to-boxes.ts). Which amounts are non-zero is part of it, because a box counts the records
 * that add a non-zero amount to it.
 */
export interface BoxFacts {
  kind: VatRecordInput['kind'];
  /** Sales and purchases. */
  rate: VatRateKind | null;
  treatment: Treatment | null;
  /** Adjustments and box totals: the box they move. */
  box: EnterableBox | null;
  netNonZero: boolean;
  vatNonZero: boolean;
  /** net + VAT, what the flat rate scheme looks at. */
  grossNonZero: boolean;
  capitalSize: CapitalSize;
}

/**
 * Records with the same BoxFacts, dated in the same part of the period (flatRateParts; always 0
 * off the flat rate scheme), with their amounts summed. One record is a group of one, with its id.
 */
export interface RecordGroup extends BoxFacts {
  part: number;
  records: number;
  /** Sales and purchases: the sums of net and of VAT. Adjustments and box totals: the amount, as net. */
  netPence: bigint;
  vatPence: bigint;
  /** Set when the group is one record: its contributions are then listed. */
  recordId: string | null;
}
