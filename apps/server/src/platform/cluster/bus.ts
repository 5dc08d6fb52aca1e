import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedRedis } from './redis';

/**
 * Changes one instance makes that the others must apply at once (an agent paused, sessions
 * revoked), sent over Redis pub/sub. Each instance applies its own changes directly; a handler
 * hears only the other instances'. With no Redis there are no other instances, so nothing is sent.
 */
export interface ClusterBus {
  readonly instanceId: string;
  publish(topic: string, message: unknown): void;
  subscribe(topic: string, handler: (message: unknown) => void): () => void;
}

export const soloBus = (instanceId: string): ClusterBus => ({
  instanceId,
  publish: () => undefined,
  subscribe: () => () => undefined,
});

export async function redisBus(redis: SharedRedis, instanceId: string, log: FastifyBaseLogger): Promise<ClusterBus> {
  const channel = redis.key('bus');
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  const subscriber = redis.connection();
  await subscriber.connect();
  await subscriber.subscribe(channel);
  subscriber.on('message', (_channel: string, text: string) => {
    let envelope: { from: string; topic: string; message: unknown };
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      return;
    }
    if (envelope.from === instanceId) return;
    for (const handler of handlers.get(envelope.topic) ?? []) {
      try {
        handler(envelope.message);
      } catch (error) {
        log.error({ err: error, topic: envelope.topic }, 'a cluster message could not be applied');
      }
    }
  });
  return {
    instanceId,
    publish(topic, message) {
      redis.commands
        .publish(channel, JSON.stringify({ from: instanceId, topic, message }))
        .catch((error: unknown) => log.error({ err: error, topic }, 'a cluster message could not be sent'));
    },
    subscribe(topic, handler) {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler);
      handlers.set(topic, set);
      return () => set.delete(handler);
    },
  };
}

export const newInstanceId = () => crypto.randomUUID();
