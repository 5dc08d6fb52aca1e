import { type DatabaseConnection, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely';

/**
 * A lock that hands the one SQLite connection to the next waiter only. Kysely's own lock wakes
 * every waiter on each release and all but one go back to sleep, so with n requests waiting each
 * query cost n wake-ups: a big import made the whole server crawl, and signed-in reads under load
 * spent a fifth of their time there.
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

class QueuedSqliteDriver extends SqliteDriver {
  readonly #lock = new FifoLock();

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.lock();
    // Kysely's own lock is never contended now: only the holder of ours reaches it.
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#lock.unlock();
  }
}

/** Kysely's SQLite dialect with the first-come, first-served connection lock above. */
export class QueuedSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): SqliteDriver {
    return new QueuedSqliteDriver(this.#config);
  }
}
