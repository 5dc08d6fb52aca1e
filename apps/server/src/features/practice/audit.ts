import {
  auditCsvLimit,
  type businessActivityKinds,
  auditPageSize,
  csvCell,
  type PracticeAuditLine,
  type PracticeAuditPage,
  type PracticeAuditQuery,
} from '@vatwise/domain';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { assertPracticeMay, type SessionUser } from '../../plugins/access';

type ActivityKindName = (typeof businessActivityKinds)[number];
type Filtered = SelectQueryBuilder<Database, 'business_activity', object>;

/** The day after a YYYY-MM-DD date, for an inclusive "to". */
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * One audit log for the whole workspace: every line of its businesses' activity (who did what to
 * which client), filtered by person, client, kind and days, a page at a time or as CSV. Each query
 * is scoped to the session's workspace: another practice's lines are never read. Every member may
 * read it, as each may read each business's activity already.
 */
export class PracticeAuditLog {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(workspaceId: string, query: PracticeAuditQuery): Filtered {
    let select = this.db.selectFrom('business_activity').where('business_activity.owner_id', '=', workspaceId);
    if (query.actor !== undefined) select = select.where('business_activity.actor_id', '=', query.actor);
    if (query.vrn !== undefined) select = select.where('business_activity.vrn', '=', query.vrn);
    if (query.kind !== undefined) select = select.where('business_activity.kind', '=', query.kind);
    if (query.from !== undefined) select = select.where('business_activity.at', '>=', query.from);
    if (query.to !== undefined) select = select.where('business_activity.at', '<', nextDay(query.to));
    return select;
  }

  private lines(workspaceId: string, query: PracticeAuditQuery, limit: number, offset: number) {
    return this.filtered(workspaceId, query)
      .leftJoin('business', (join) =>
        join
          .onRef('business.owner_id', '=', 'business_activity.owner_id')
          .onRef('business.vrn', '=', 'business_activity.vrn'),
      )
      .select([
        'business_activity.id as id',
        'business_activity.at as at',
        'business_activity.vrn as vrn',
        'business.name as clientName',
        'business_activity.kind as kind',
        'business_activity.actor_id as actorId',
        'business_activity.actor_name as actorName',
        'business_activity.detail as detail',
      ])
      .orderBy('business_activity.at', 'desc')
      .orderBy('business_activity.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()
      .then((rows) =>
        rows.map((row): PracticeAuditLine => ({
          ...row,
          kind: row.kind as ActivityKindName,
          clientName: row.clientName,
        })),
      );
  }

  async page(user: SessionUser, query: PracticeAuditQuery): Promise<PracticeAuditPage> {
    assertPracticeMay(user, 'read');
    const page = query.page ?? 1;
    const [lines, counted, actors, clients] = await Promise.all([
      this.lines(user.workspaceId, query, auditPageSize, (page - 1) * auditPageSize),
      this.filtered(user.workspaceId, query)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirst(),
      this.db
        .selectFrom('business_activity')
        .select(['actor_id', (eb) => eb.fn.max('actor_name').as('actor_name')])
        .where('owner_id', '=', user.workspaceId)
        .where('actor_id', '!=', '')
        .groupBy('actor_id')
        .execute(),
      this.db
        .selectFrom('business_activity')
        .leftJoin('business', (join) =>
          join
            .onRef('business.owner_id', '=', 'business_activity.owner_id')
            .onRef('business.vrn', '=', 'business_activity.vrn'),
        )
        .select(['business_activity.vrn as vrn', (eb) => eb.fn.max('business.name').as('name')])
        .where('business_activity.owner_id', '=', user.workspaceId)
        .groupBy('business_activity.vrn')
        .execute(),
    ]);
    return {
      lines,
      total: Number(counted?.total ?? 0),
      page,
      pageSize: auditPageSize,
      actors: actors
        .map((actor) => ({ id: actor.actor_id, name: String(actor.actor_name ?? '') }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      // Named clients by name, then those no longer in the workspace by VRN.
      clients: clients
        .map((client) => ({ vrn: client.vrn, name: client.name === null ? null : String(client.name) }))
        .sort((a, b) => (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff') || a.vrn.localeCompare(b.vrn)),
    };
  }

  /** The whole match (newest first, at most auditCsvLimit lines) as CSV. */
  async csv(user: SessionUser, query: PracticeAuditQuery): Promise<string> {
    assertPracticeMay(user, 'read');
    const lines = await this.lines(user.workspaceId, query, auditCsvLimit, 0);
    const header = ['When (UTC)', 'Person', 'VRN', 'Client', 'What', 'Detail'];
    const body = lines.map((line) =>
      [line.at, line.actorName, line.vrn, line.clientName ?? '', line.kind, line.detail].map(csvCell).join(','),
    );
    return `${[header.join(','), ...body].join('\r\n')}\r\n`;
  }
}
