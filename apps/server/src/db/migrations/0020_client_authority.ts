import type { Kysely } from 'kysely';

/**
 * A client's authority as HMRC last confirmed it. `authority_ended_at` marks a business reached
 * through an agent whose relationship HMRC says has ended (the relationship check, or a VAT call
 * refused CLIENT_OR_AGENT_NOT_AUTHORISED); `authority_checked_at` is when it was last checked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('business').addColumn('authority_ended_at', 'text').execute();
  await db.schema.alterTable('business').addColumn('authority_checked_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('business').dropColumn('authority_checked_at').execute();
  await db.schema.alterTable('business').dropColumn('authority_ended_at').execute();
}
