import type { Kysely } from 'kysely';

/**
 * The VAT Assist reports the simulator gave (vat-assist/), kept so that an acknowledgement can be
 * checked against the report's own ids, VRN and time (reference/vat-assist/application.yaml,
 * AcknowledgeVATAssistReport). Dates are ISO 8601 text, as in the other tables.
 */
export interface AssistReportTables {
  hmrc_sandbox_assist_report: {
    report_id: string;
    vrn: string;
    correlation_id: string;
    period_key: string;
    /** The application that asked for the feedback. */
    client_id: string;
    created_at: string;
    /** The 200 body as sent, JSON. */
    feedback: string;
    acknowledged_at: string | null;
    /** The presentedDateTime of the first acknowledgement. */
    presented_at: string | null;
  };
}

export type AssistReportRecord = AssistReportTables['hmrc_sandbox_assist_report'];

export class AssistReportStore {
  constructor(private readonly db: Kysely<AssistReportTables>) {}

  async insert(report: AssistReportRecord): Promise<void> {
    await this.db.insertInto('hmrc_sandbox_assist_report').values(report).execute();
  }

  /** The report with this id, if it was given for this VRN. */
  find(vrn: string, reportId: string): Promise<AssistReportRecord | undefined> {
    return this.db
      .selectFrom('hmrc_sandbox_assist_report')
      .selectAll()
      .where('report_id', '=', reportId)
      .where('vrn', '=', vrn)
      .executeTakeFirst();
  }

  /** Records the first acknowledgement of a report; false when it was acknowledged before. */
  async acknowledge(reportId: string, presentedAt: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('hmrc_sandbox_assist_report')
      .set({ acknowledged_at: at, presented_at: presentedAt })
      .where('report_id', '=', reportId)
      .where('acknowledged_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
