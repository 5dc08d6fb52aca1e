import type { Kysely } from 'kysely';

/**
 * A practice may require two-factor sign-in of its members: VAT Wise then reads from
 * and files to HMRC only for members who turned it on, so each call carries Gov-Client-Multi-Factor.
 * Off for the practices that exist already.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('practice_policy')
    .addColumn('require_two_factor', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('practice_policy').dropColumn('require_two_factor').execute();
}
