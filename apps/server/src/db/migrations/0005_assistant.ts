import type { Kysely } from 'kysely';

/** The tax assistant's saved conversations and their messages, per user. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversation')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('title', 'varchar(200)', (column) => column.notNull())
    .addColumn('llm', 'varchar(30)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('conversation_owner').on('conversation').columns(['owner_id', 'updated_at']).execute();

  await db.schema
    .createTable('conversation_message')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('conversation_id', 'varchar(36)', (column) => column.notNull())
    .addColumn('role', 'varchar(10)', (column) => column.notNull())
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('sources', 'text', (column) => column.notNull())
    .addColumn('status', 'varchar(10)', (column) => column.notNull())
    .addColumn('llm', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('conversation_message_conversation')
    .on('conversation_message')
    .columns(['conversation_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversation_message').execute();
  await db.schema.dropTable('conversation').execute();
}
