import type { NineBoxes, Receipt, ReturnStatus } from '@vatwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { LastError, ReturnRow, SentBy } from '../return-row';

/** SQL for submitting a return exactly once: the claim, the outcome, HMRC's receipt. */
export class SubmissionRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Returns whose submission's outcome is not known: sent (or about to be) when the process stopped. */
  unsettledReturns(): Promise<ReturnRow[]> {
    return this.db.selectFrom('vat_return').selectAll().where('status', 'in', ['submitting', 'unknown']).execute();
  }

  /**
   * Claims the return for one submission: draft or failed -> submitting, with exactly what will be
   * sent, written before it is sent. One conditional statement, so of two clicks, two tabs or two
   * servers only one wins; the other sends nothing.
   */
  async claimForSubmission(
    id: string,
    sent: { body: string; boxes: NineBoxes; fraudHeaders: Record<string, string>; by: SentBy },
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('vat_return')
      .set({
        status: 'submitting',
        sent_body: sent.body,
        sent_boxes: JSON.stringify(sent.boxes),
        sent_fraud_headers: JSON.stringify(sent.fraudHeaders),
        sent_by: JSON.stringify(sent.by),
        attempt_started_at: now,
        last_error: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', 'in', ['draft', 'failed'])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async setStatus(id: string, status: ReturnStatus, lastError: LastError | null, now: string): Promise<void> {
    await this.db
      .updateTable('vat_return')
      .set({ status, last_error: lastError ? JSON.stringify(lastError) : null, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** HMRC holds another return for the period: ours stays as it was sent, with HMRC's figures beside it. */
  async recordFiledElsewhere(id: string, hmrcBoxes: NineBoxes, lastError: LastError, now: string): Promise<void> {
    await this.db
      .updateTable('vat_return')
      .set({
        status: 'filed_elsewhere',
        hmrc_return: JSON.stringify({ boxes: hmrcBoxes, foundAt: now }),
        last_error: JSON.stringify(lastError),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Stores the receipt and marks the return submitted, together. A receipt is never replaced. */
  async recordReceipt(row: ReturnRow, receipt: Receipt, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('vat_receipt')
        .select('return_id')
        .where('return_id', '=', row.id)
        .executeTakeFirst();
      if (!existing) {
        await trx
          .insertInto('vat_receipt')
          .values({
            return_id: row.id,
            owner_id: row.owner_id,
            vrn: row.vrn,
            period_key: row.period_key,
            data: JSON.stringify(receipt),
            created_at: now,
          })
          .execute();
      }
      await trx
        .updateTable('vat_return')
        .set({ status: 'submitted', last_error: null, updated_at: now })
        .where('id', '=', row.id)
        .execute();
    });
  }

  async receipt(returnId: string): Promise<Receipt | undefined> {
    const row = await this.db
      .selectFrom('vat_receipt')
      .select('data')
      .where('return_id', '=', returnId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.data) as Receipt) : undefined;
  }
}
