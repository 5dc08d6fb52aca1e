import type { OwnWork } from '@vatwise/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The tables whose rows are a workspace's work, re-owned wholesale by a move. Conversations
 * stay with the person (they are keyed by the person, not the workspace); an OAuth state in
 * flight expires on its own.
 */
const movedTables = [
  'sandbox_user',
  'client_request',
  'business',
  'business_snapshot',
  'vat_record',
  'vat_scheme',
  'margin_stock_item',
  'vat_return',
  'vat_receipt',
  'vat_import',
  'import_mapping',
  'return_note',
  'return_error_correction',
  'business_activity',
  'agent_log',
  'vat_log',
  'client_approval',
  'assist_report',
  'notification',
] as const;

export interface MovedBusiness {
  vrn: string;
  name: string;
  hmrcUserId: string | null;
}

/** SQL for bringing a person's own workspace into a practice. */
export class WorkspaceMoveRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** What `ownerId` holds, with each business the practice already reaches named as a conflict. */
  async summary(ownerId: string, practiceId: string, db: Db = this.db): Promise<OwnWork> {
    const count = async (table: 'sandbox_user' | 'client_request' | 'vat_return' | 'hmrc_connection') => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    };
    const [connections, businesses, practiceBusinesses, records, sandboxUsers, returns, clientRequests, authorities] =
      await Promise.all([
        db
          .selectFrom('hmrc_connection')
          .select(['hmrc_user_id', 'agent_arn'])
          .where('owner_id', '=', ownerId)
          .where('agent_arn', 'is not', null)
          .orderBy('granted_at')
          .execute(),
        db.selectFrom('business').select(['vrn', 'name']).where('owner_id', '=', ownerId).orderBy('name').execute(),
        db
          .selectFrom('business')
          .leftJoin('hmrc_connection', (join) =>
            join
              .onRef('hmrc_connection.owner_id', '=', 'business.owner_id')
              .onRef('hmrc_connection.hmrc_user_id', '=', 'business.hmrc_user_id'),
          )
          .select([
            'business.vrn as vrn',
            'business.hmrc_user_id as hmrcUserId',
            'hmrc_connection.agent_arn as agentArn',
          ])
          .where('business.owner_id', '=', practiceId)
          .execute(),
        db
          .selectFrom('vat_record')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('owner_id', '=', ownerId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst(),
        count('sandbox_user'),
        count('vat_return'),
        count('client_request'),
        count('hmrc_connection'),
      ]);
    const reached = new Map(practiceBusinesses.map((row) => [row.vrn, row]));
    return {
      agentAccounts: connections.map((row) => ({ userId: row.hmrc_user_id, arn: row.agent_arn ?? '' })),
      authorities,
      sandboxUsers,
      businesses: businesses.map((row) => {
        const other = reached.get(row.vrn);
        return {
          vrn: row.vrn,
          name: row.name,
          conflict: other ? { hmrcUserId: other.hmrcUserId, agentArn: other.agentArn ?? null } : null,
        };
      }),
      records: Number(records?.n ?? 0),
      returns,
      clientRequests,
    };
  }

  /**
   * Re-owns everything of `ownerId` to `practiceId` in one transaction, clients' approval links and
   * notifications about that work included; `check` runs inside it first (on what the transaction
   * reads) and may throw to leave everything as it was.
   */
  move(ownerId: string, practiceId: string, check: (work: OwnWork) => void): Promise<OwnWork> {
    return this.db.transaction().execute(async (trx) => {
      const work = await this.summary(ownerId, practiceId, trx);
      check(work);

      // The same HMRC user authorised in both: keep the authority granted last, one row only.
      const theirs = await trx.selectFrom('hmrc_connection').selectAll().where('owner_id', '=', ownerId).execute();
      for (const connection of theirs) {
        const existing = await trx
          .selectFrom('hmrc_connection')
          .select(['id', 'granted_at'])
          .where('owner_id', '=', practiceId)
          .where('hmrc_user_id', '=', connection.hmrc_user_id)
          .executeTakeFirst();
        if (!existing) continue;
        const dropped = existing.granted_at >= connection.granted_at ? connection.id : existing.id;
        await trx.deleteFrom('hmrc_connection').where('id', '=', dropped).execute();
      }
      await trx.updateTable('hmrc_connection').set({ owner_id: practiceId }).where('owner_id', '=', ownerId).execute();

      for (const table of movedTables) {
        await trx.updateTable(table).set({ owner_id: practiceId }).where('owner_id', '=', ownerId).execute();
      }

      // Warnings already given stay given (no second e-mail); one the practice had too is kept once.
      await trx
        .updateTable('deadline_alert')
        .set({ owner_id: practiceId })
        .where('owner_id', '=', ownerId)
        .where('alert_key', 'not in', (eb) =>
          eb.selectFrom('deadline_alert as other').select('other.alert_key').where('other.owner_id', '=', practiceId),
        )
        .execute();
      await trx.deleteFrom('deadline_alert').where('owner_id', '=', ownerId).execute();
      await trx
        .updateTable('digest_delivery')
        .set({ owner_id: practiceId })
        .where('owner_id', '=', ownerId)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('digest_delivery as other')
                .select('other.alert_key')
                .where('other.owner_id', '=', practiceId)
                .whereRef('other.user_id', '=', 'digest_delivery.user_id')
                .whereRef('other.alert_key', '=', 'digest_delivery.alert_key'),
            ),
          ),
        )
        .execute();
      await trx.deleteFrom('digest_delivery').where('owner_id', '=', ownerId).execute();

      // A client's contact and assignee come along unless the practice holds that client already.
      await trx
        .updateTable('practice_client')
        .set({ workspace_id: practiceId })
        .where('workspace_id', '=', ownerId)
        .where('vrn', 'not in', (eb) =>
          eb.selectFrom('practice_client as other').select('other.vrn').where('other.workspace_id', '=', practiceId),
        )
        .execute();
      await trx.deleteFrom('practice_client').where('workspace_id', '=', ownerId).execute();

      // The business the person had chosen becomes their choice in the practice, unless they chose one there.
      const chosenThere = await trx
        .selectFrom('current_business')
        .select('vrn')
        .where('user_id', '=', ownerId)
        .where('workspace_id', '=', practiceId)
        .executeTakeFirst();
      if (chosenThere) {
        await trx
          .deleteFrom('current_business')
          .where('user_id', '=', ownerId)
          .where('workspace_id', '=', ownerId)
          .execute();
      } else {
        await trx
          .updateTable('current_business')
          .set({ workspace_id: practiceId })
          .where('user_id', '=', ownerId)
          .where('workspace_id', '=', ownerId)
          .execute();
      }
      return work;
    });
  }
}
