import type { Kysely, Selectable } from 'kysely';
import type { AssistReportTable, Database } from '../../../db/schema';

export type AssistReportRow = Selectable<AssistReportTable>;

/** SQL for HMRC Assist's reports on a return's figures (migration 0024), named by the workspace. */
export class AssistRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: AssistReportRow): Promise<void> {
    await this.db.insertInto('assist_report').values(row).execute();
  }

  /** The latest report HMRC gave for these very figures of the return. */
  forFigures(ownerId: string, returnId: string, fingerprint: string): Promise<AssistReportRow | undefined> {
    return this.db
      .selectFrom('assist_report')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('return_id', '=', returnId)
      .where('boxes_fingerprint', '=', fingerprint)
      .where('status', '=', 'ok')
      .orderBy('requested_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The return's latest request, whatever its figures or outcome. */
  latest(ownerId: string, returnId: string): Promise<AssistReportRow | undefined> {
    return this.db
      .selectFrom('assist_report')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('return_id', '=', returnId)
      .orderBy('requested_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  byReportId(ownerId: string, returnId: string, reportId: string): Promise<AssistReportRow | undefined> {
    return this.db
      .selectFrom('assist_report')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('return_id', '=', returnId)
      .where('report_id', '=', reportId)
      .executeTakeFirst();
  }

  /** Records the acknowledgement once: false when another request recorded it first. */
  async acknowledge(
    id: string,
    fields: { presentedAt: string; acknowledgedAt: string; by: { id: string; name: string } },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('assist_report')
      .set({
        presented_at: fields.presentedAt,
        acknowledged_at: fields.acknowledgedAt,
        acknowledged_by_id: fields.by.id,
        acknowledged_by_name: fields.by.name,
      })
      .where('id', '=', id)
      .where('acknowledged_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
