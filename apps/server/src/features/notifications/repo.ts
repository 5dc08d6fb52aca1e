import type { Kysely, Selectable } from 'kysely';
import type { Database, NotificationTable } from '../../db/schema';

export type NotificationRow = Selectable<NotificationTable>;

export interface WorkspaceMember {
  userId: string;
  /** better-auth's stored roles; null for someone working alone. */
  role: string | null;
  email: string;
  name: string;
}

/** SQL for notifications: the rows, the choices, and who a workspace's people are (read only). */
export class NotificationRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** A practice's members, or the person whose own workspace it is. */
  async people(workspaceId: string): Promise<WorkspaceMember[]> {
    const members = await this.db
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.userId')
      .select(['member.userId as userId', 'member.role as role', 'user.email as email', 'user.name as name'])
      .where('member.organizationId', '=', workspaceId)
      .execute();
    if (members.length > 0) return members;
    const own = await this.db
      .selectFrom('user')
      .select(['id', 'email', 'name'])
      .where('id', '=', workspaceId)
      .executeTakeFirst();
    return own ? [{ userId: own.id, role: null, email: own.email, name: own.name }] : [];
  }

  /** The workspaces whose notifications a person may still read: their own and their practices'. */
  async workspacesOf(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('member').select('organizationId').where('userId', '=', userId).execute();
    return [userId, ...rows.map((row) => row.organizationId)];
  }

  async businessName(ownerId: string, vrn: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('business')
      .select('name')
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .executeTakeFirst();
    return row?.name ?? null;
  }

  /** The latest return of a business for a period (the audit trail names a return by its period). */
  async returnOf(ownerId: string, vrn: string, start: string, end: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('vat_return')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('vrn', '=', vrn)
      .where('period_start', '=', start)
      .where('period_end', '=', end)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async preferences(userIds: readonly string[]) {
    if (userIds.length === 0) return [];
    return this.db.selectFrom('notification_preference').selectAll().where('user_id', 'in', userIds).execute();
  }

  async setPreference(userId: string, kind: string, inApp: boolean, email: boolean): Promise<void> {
    const values = { in_app: inApp ? 1 : 0, email: email ? 1 : 0 };
    await this.db
      .insertInto('notification_preference')
      .values({ user_id: userId, kind, ...values })
      .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doUpdateSet(values))
      .execute();
  }

  async add(rows: NotificationRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('notification').values(rows).execute();
  }

  private readable(userId: string, workspaces: readonly string[]) {
    return this.db.selectFrom('notification').where('user_id', '=', userId).where('owner_id', 'in', workspaces);
  }

  /** Newest first, `limit` of them after the one named `before`. */
  async page(userId: string, workspaces: readonly string[], limit: number, before?: string) {
    let query = this.readable(userId, workspaces).selectAll();
    if (before) {
      const cursor = await this.readable(userId, workspaces)
        .select(['created_at', 'id'])
        .where('id', '=', before)
        .executeTakeFirst();
      if (!cursor) return null;
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', cursor.created_at),
          eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)]),
        ]),
      );
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  async unread(userId: string, workspaces: readonly string[]): Promise<number> {
    const row = await this.readable(userId, workspaces)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async exists(userId: string, workspaces: readonly string[], id: string): Promise<boolean> {
    return (await this.readable(userId, workspaces).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  async markRead(userId: string, workspaces: readonly string[], at: string, id?: string): Promise<void> {
    let query = this.db
      .updateTable('notification')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('owner_id', 'in', workspaces)
      .where('read_at', 'is', null);
    if (id) query = query.where('id', '=', id);
    await query.execute();
  }
}
