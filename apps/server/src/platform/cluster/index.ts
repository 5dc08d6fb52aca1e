import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { type ClusterBus, newInstanceId, redisBus, soloBus } from './bus';
import { openSharedRedis, type SharedRedis } from './redis';

export { type ClusterBus } from './bus';
export { joinInstances, SecondInstanceError, type InstanceRegistration } from './instances';
export { openSharedRedis, type SharedRedis } from './redis';
export { redisSlots, localSlots, type SlotSource } from './slots';
export { sharedRateLimiter } from './rate-limits';

/** This instance among the others: its id, Redis when configured, and the bus between instances. */
export interface Cluster {
  instanceId: string;
  redis: SharedRedis | null;
  bus: ClusterBus;
  close(): Promise<void>;
}

export async function openCluster(config: Config, log: FastifyBaseLogger): Promise<Cluster> {
  const instanceId = newInstanceId();
  const redis = await openSharedRedis(config.cluster, log);
  if (!redis) return { instanceId, redis: null, bus: soloBus(instanceId), close: async () => undefined };
  try {
    const bus = await redisBus(redis, instanceId, log);
    return { instanceId, redis, bus, close: () => redis.close() };
  } catch (error) {
    await redis.close();
    throw error;
  }
}
