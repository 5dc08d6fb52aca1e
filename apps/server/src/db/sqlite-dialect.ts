import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  CompiledQuery as Compiled,
} from 'kysely';

/** What the dialect needs of a better-sqlite3 database (database.ts adds a statement cache). */
export interface SqliteDatabase {
  prepare(sql: string): {
    reader: boolean;
    all(parameters: readonly unknown[]): unknown[];
    run(parameters: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  };
  close(): void;
}

/**
 * A lock that hands the writing connection to the next waiter only. Kysely's own SQLite lock
 * wakes every waiter on each release and all but one go back to sleep, so with n requests
 * waiting each query cost n wake-ups.
 */
export class FifoLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }

  get waiting(): number {
    return this.#waiting.length;
  }
}

function execute(database: SqliteDatabase, { sql, parameters }: CompiledQuery): QueryResult<unknown> {
  const statement = database.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/**
 * Two connections to one SQLite file in WAL mode: transactions and writes take the writer, one
 * at a time; a SELECT outside a transaction goes to the reader and never waits. So while an
 * import of 100,000 rows holds its transaction open, other users' reads still answer (they see
 * the data as last committed, as they would on PostgreSQL).
 */
class ReadWriteConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(private readonly driver: ReadWriteSqliteDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { writer, reader, lock } = this.driver;
    if (this.inTransaction) return execute(writer, query) as QueryResult<R>;
    if (SelectQueryNode.is(query.query)) return execute(reader, query) as QueryResult<R>;
    await lock.lock();
    let result: QueryResult<R>;
    try {
      result = execute(writer, query) as QueryResult<R>;
    } finally {
      lock.unlock();
    }
    await this.driver.durable();
    return result;
  }

  // eslint-disable-next-line require-yield -- nothing streams rows here (database.ts caches statements)
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming rows from SQLite is not supported');
  }
}

/** The two connections, and what makes a commit durable and what ends (sqlite-wal.ts). */
export interface ReadWriteConnections {
  writer: SqliteDatabase;
  reader: SqliteDatabase;
  /** Resolves once every commit so far is on disk; a write settles only after it. */
  durable?: () => Promise<void>;
  /** Runs before the connections close. */
  beforeClose?: () => Promise<void>;
}

class ReadWriteSqliteDriver implements Driver {
  readonly lock = new FifoLock();
  readonly writer: SqliteDatabase;
  readonly reader: SqliteDatabase;
  readonly durable: () => Promise<void>;

  constructor(private readonly connections: ReadWriteConnections) {
    this.writer = connections.writer;
    this.reader = connections.reader;
    this.durable = connections.durable ?? (async () => undefined);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new ReadWriteConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.lock.lock();
    try {
      execute(this.writer, Compiled.raw('begin'));
    } catch (error) {
      this.lock.unlock();
      throw error;
    }
    (connection as ReadWriteConnection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.endTransaction(connection, 'commit');
    await this.durable();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.endTransaction(connection, 'rollback');
  }

  private endTransaction(connection: DatabaseConnection, how: 'commit' | 'rollback') {
    const routed = connection as ReadWriteConnection;
    try {
      execute(this.writer, Compiled.raw(how));
    } finally {
      routed.inTransaction = false;
      this.lock.unlock();
    }
  }

  async savepoint(_connection: DatabaseConnection, name: string) {
    execute(this.writer, Compiled.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(_connection: DatabaseConnection, name: string) {
    execute(this.writer, Compiled.raw(`rollback to "${name}"`));
  }

  async releaseSavepoint(_connection: DatabaseConnection, name: string) {
    execute(this.writer, Compiled.raw(`release "${name}"`));
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.connections.beforeClose?.();
    this.reader.close();
    this.writer.close();
  }
}

/** Kysely's SQLite dialect over a writer and a reader connection (see ReadWriteConnection). */
export class ReadWriteSqliteDialect implements Dialect {
  constructor(private readonly connections: ReadWriteConnections) {}

  createDriver(): Driver {
    return new ReadWriteSqliteDriver(this.connections);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
