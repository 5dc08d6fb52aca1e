import { type Kysely, sql } from 'kysely';

/**
 * Practices. better-auth's organization plugin keeps the practices, members and
 * invitations; here: a practice's policy, a return's review (who marked it ready, who approved
 * which figures), notes on a return, and each business's activity (its audit trail). A practice's
 * warning goes in each subscribed member's digest: who was mailed which warning moves from the
 * warning itself (mailed_at) to digest_delivery, one row per subscriber and warning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('digest_delivery')
    .addColumn('user_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('alert_key', 'varchar(120)', (column) => column.notNull())
    .addColumn('mailed_at', 'varchar(30)', (column) => column.notNull())
    .addPrimaryKeyConstraint('digest_delivery_key', ['user_id', 'owner_id', 'alert_key'])
    .execute();
  // Until now every warning was its owner's own: the owner was the one mailed.
  await sql`insert into digest_delivery (user_id, owner_id, alert_key, mailed_at)
    select owner_id, owner_id, alert_key, mailed_at from deadline_alert where mailed_at is not null`.execute(db);
  await db.schema.alterTable('deadline_alert').dropColumn('mailed_at').execute();
  await db.schema
    .createTable('practice_policy')
    .addColumn('workspace_id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('require_review', 'integer', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema.alterTable('vat_return').addColumn('ready_by', 'varchar(64)').execute();
  await db.schema.alterTable('vat_return').addColumn('ready_by_name', 'text').execute();
  await db.schema.alterTable('vat_return').addColumn('ready_at', 'varchar(30)').execute();
  await db.schema.alterTable('vat_return').addColumn('approved_by', 'varchar(64)').execute();
  await db.schema.alterTable('vat_return').addColumn('approved_by_name', 'text').execute();
  await db.schema.alterTable('vat_return').addColumn('approved_at', 'varchar(30)').execute();
  // The nine boxes as approved: a later change to the figures voids the approval.
  await db.schema.alterTable('vat_return').addColumn('approved_boxes', 'text').execute();
  await db.schema
    .createTable('return_note')
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('return_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('author_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('author_name', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('return_note_by_return').on('return_note').columns(['owner_id', 'return_id']).execute();
  await db.schema
    .createTable('business_activity')
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('vrn', 'varchar(9)', (column) => column.notNull())
    .addColumn('at', 'varchar(30)', (column) => column.notNull())
    .addColumn('actor_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('actor_name', 'text', (column) => column.notNull())
    .addColumn('kind', 'varchar(30)', (column) => column.notNull())
    .addColumn('detail', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('business_activity_by_business')
    .on('business_activity')
    .columns(['owner_id', 'vrn', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('business_activity').execute();
  await db.schema.dropTable('return_note').execute();
  for (const column of [
    'approved_boxes',
    'approved_at',
    'approved_by_name',
    'approved_by',
    'ready_at',
    'ready_by_name',
    'ready_by',
  ]) {
    await db.schema.alterTable('vat_return').dropColumn(column).execute();
  }
  await db.schema.dropTable('practice_policy').execute();
  await db.schema.alterTable('deadline_alert').addColumn('mailed_at', 'varchar(30)').execute();
  await sql`update deadline_alert set mailed_at = (select min(d.mailed_at) from digest_delivery d
    where d.owner_id = deadline_alert.owner_id and d.alert_key = deadline_alert.alert_key)`.execute(db);
  await db.schema.dropTable('digest_delivery').execute();
}
