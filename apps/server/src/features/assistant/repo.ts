import type { ChatMessage, ConversationSummary, LlmSelection, Source } from '@vatwise/domain';
import type { Kysely, Selectable } from 'kysely';
import type { ConversationTable, Database } from '../../db/schema';

const toSummary = (row: Selectable<ConversationTable>): ConversationSummary => ({
  id: row.id,
  title: row.title,
  llm: row.llm as LlmSelection,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Conversations are always read with their owner: nobody reaches another user's. */
export class ConversationRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async list(ownerId: string): Promise<ConversationSummary[]> {
    const rows = await this.db
      .selectFrom('conversation')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('created_at', 'asc')
      .execute();
    return rows.map(toSummary);
  }

  async get(ownerId: string, id: string): Promise<ConversationSummary | undefined> {
    const row = await this.db
      .selectFrom('conversation')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toSummary(row) : undefined;
  }

  async insert(ownerId: string, conversation: ConversationSummary): Promise<void> {
    await this.db
      .insertInto('conversation')
      .values({
        id: conversation.id,
        owner_id: ownerId,
        title: conversation.title,
        llm: conversation.llm,
        created_at: conversation.createdAt,
        updated_at: conversation.updatedAt,
      })
      .execute();
  }

  async touch(ownerId: string, id: string, changes: { title?: string; llm: LlmSelection; updatedAt: string }) {
    await this.db
      .updateTable('conversation')
      .set({ ...(changes.title ? { title: changes.title } : {}), llm: changes.llm, updated_at: changes.updatedAt })
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .execute();
  }

  async delete(ownerId: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('conversation')
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (deleted.numDeletedRows === 0n) return false;
      await trx.deleteFrom('conversation_message').where('conversation_id', '=', id).execute();
      return true;
    });
  }

  async messages(conversationId: string): Promise<ChatMessage[]> {
    const rows = await this.db
      .selectFrom('conversation_message')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .orderBy('created_at', 'asc')
      .orderBy('role', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      role: row.role as ChatMessage['role'],
      content: row.content,
      sources: JSON.parse(row.sources) as Source[],
      status: row.status as ChatMessage['status'],
      llm: row.llm as LlmSelection | null,
      createdAt: row.created_at,
    }));
  }

  async saveMessage(conversationId: string, message: ChatMessage): Promise<void> {
    const values = {
      content: message.content,
      sources: JSON.stringify(message.sources),
      status: message.status,
      llm: message.llm,
    };
    await this.db
      .insertInto('conversation_message')
      .values({
        id: message.id,
        conversation_id: conversationId,
        role: message.role,
        created_at: message.createdAt,
        ...values,
      })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
      .execute();
  }
}
