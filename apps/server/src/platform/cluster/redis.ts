import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { ClusterConfig } from '../../config/cluster';

/**
 * Redis as several instances share it: one connection for commands, more made on demand for
 * subscribers and the job queue (a subscribing connection can do nothing else). Every key and
 * channel starts with REDIS_KEY_PREFIX, written by the callers (`key`), not by ioredis's own
 * prefix, which pub/sub channels and BullMQ would not follow.
 */
export interface SharedRedis {
  commands: Redis;
  /** A new connection (a subscriber, a queue's worker); closed with the others. */
  connection(options?: { forQueue?: boolean }): Redis;
  key(name: string): string;
  keyPrefix: string;
  close(): Promise<void>;
}

export async function openSharedRedis(config: ClusterConfig, log: FastifyBaseLogger): Promise<SharedRedis | null> {
  const url = config.redisUrl;
  if (!url) return null;
  const opened: Redis[] = [];
  const connect = (forQueue = false) => {
    const redis = new Redis(url, {
      // BullMQ blocks on its connections and asks for no retry limit; the others fail fast.
      maxRetriesPerRequest: forQueue ? null : 3,
      lazyConnect: true,
    });
    // ioredis reconnects by itself; an error event with no listener would end the process.
    redis.on('error', (error: Error) => log.warn({ err: error }, 'Redis connection error'));
    opened.push(redis);
    return redis;
  };
  const commands = connect();
  try {
    await commands.connect();
    await commands.ping();
  } catch (error) {
    commands.disconnect();
    throw new Error(
      `Redis at REDIS_URL could not be reached (${error instanceof Error ? error.message : String(error)}); ` +
        'start Redis or leave REDIS_URL unset to run a single instance',
      { cause: error },
    );
  }
  return {
    commands,
    connection: (options) => connect(options?.forQueue),
    key: (name) => `${config.keyPrefix}${name}`,
    keyPrefix: config.keyPrefix,
    close: async () => {
      await Promise.all(opened.map((redis) => redis.quit().catch(() => redis.disconnect())));
    },
  };
}
