import crypto from 'node:crypto';
import {
  type AgentId,
  type AgentLogEntry,
  type LogLevel,
  MAX_STORED_LOG_ENTRIES,
  type VatLogEntry,
} from '@vatwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

let sequence = 0;

/** A key that sorts in the order entries were written (time, then a counter), unique across processes. */
export function logKey(at: Date): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${String(at.getTime()).padStart(13, '0')}-${String(sequence).padStart(6, '0')}-${crypto.randomBytes(3).toString('hex')}`;
}

type Store = 'agent_log' | 'vat_log';

/**
 * The two log stores each user has (docs/reference/product.md §3), at most 1000 entries each (section 9): writing
 * the 1001st drops the oldest.
 */
export class LogRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cap = MAX_STORED_LOG_ENTRIES,
  ) {}

  async appendAgentLog(
    ownerId: string,
    entry: { agentId: AgentId; level: LogLevel; message: string },
    at = new Date(),
  ): Promise<AgentLogEntry> {
    const row = {
      key: logKey(at),
      owner_id: ownerId,
      agent_id: entry.agentId,
      level: entry.level,
      message: entry.message,
      at: at.toISOString(),
    };
    await this.db.insertInto('agent_log').values(row).execute();
    await this.trim('agent_log', ownerId);
    return { id: row.key, at: row.at, agentId: entry.agentId, level: entry.level, message: entry.message };
  }

  async appendVatLog(ownerId: string, entry: Omit<VatLogEntry, 'id' | 'at'>, at = new Date()): Promise<VatLogEntry> {
    const row = {
      key: logKey(at),
      owner_id: ownerId,
      at: at.toISOString(),
      method: entry.method,
      endpoint: entry.endpoint.slice(0, 500),
      status: entry.status,
      duration_ms: Math.round(entry.durationMs),
      correlation_id: entry.correlationId?.slice(0, 100) ?? null,
      vrn: entry.vrn,
      failure: entry.failure?.slice(0, 200) ?? null,
    };
    await this.db.insertInto('vat_log').values(row).execute();
    await this.trim('vat_log', ownerId);
    return { ...entry, id: row.key, at: row.at, durationMs: row.duration_ms };
  }

  /** The newest entries first. */
  /** The agents' lines to these owners (a person, and the practice they work in), newest first. */
  async agentLog(ownerIds: readonly string[], limit = this.cap): Promise<AgentLogEntry[]> {
    const rows = await this.db
      .selectFrom('agent_log')
      .selectAll()
      .where('owner_id', 'in', [...ownerIds])
      .orderBy('key', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.key,
      at: row.at,
      agentId: row.agent_id as AgentId,
      level: row.level as LogLevel,
      message: row.message,
    }));
  }

  async vatLog(ownerId: string, limit = this.cap): Promise<VatLogEntry[]> {
    const rows = await this.db
      .selectFrom('vat_log')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('key', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.key,
      at: row.at,
      method: row.method,
      endpoint: row.endpoint,
      status: row.status === null ? null : Number(row.status),
      durationMs: Number(row.duration_ms),
      correlationId: row.correlation_id,
      vrn: row.vrn,
      failure: row.failure,
    }));
  }

  async clear(store: Store, ownerIds: readonly string[]): Promise<number> {
    const result = await this.db
      .deleteFrom(store)
      .where('owner_id', 'in', [...ownerIds])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Drops what is older than the newest `cap` entries of this user's store. */
  private async trim(store: Store, ownerId: string): Promise<void> {
    const boundary = await this.db
      .selectFrom(store)
      .select('key')
      .where('owner_id', '=', ownerId)
      .orderBy('key', 'desc')
      .offset(this.cap - 1)
      .limit(1)
      .executeTakeFirst();
    if (boundary) {
      await this.db.deleteFrom(store).where('owner_id', '=', ownerId).where('key', '<', boundary.key).execute();
    }
  }
}
