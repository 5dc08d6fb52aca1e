import type { Kysely } from 'kysely';

/**
 * The opt-in daily e-mail digest: each deadline or payment warning keeps its
 * words and when it was mailed, so a digest lists each warning once; a user who asked for the
 * digest has a row here, from when they asked. And an agent's ARN on an OAuth state in flight.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('deadline_alert').addColumn('message', 'text').execute();
  await db.schema.alterTable('deadline_alert').addColumn('mailed_at', 'varchar(30)').execute();
  // An agent granting authority by hand says its ARN; the grant's state carries it to the connection.
  await db.schema.alterTable('oauth_state').addColumn('agent_arn', 'varchar(20)').execute();
  await db.schema
    .createTable('digest_subscription')
    .addColumn('user_id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('since', 'varchar(30)', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('digest_subscription').execute();
  await db.schema.alterTable('oauth_state').dropColumn('agent_arn').execute();
  await db.schema.alterTable('deadline_alert').dropColumn('mailed_at').execute();
  await db.schema.alterTable('deadline_alert').dropColumn('message').execute();
}
