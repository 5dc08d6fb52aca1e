export {
  adminEmail,
  type Cluster,
  type ClusterOptions,
  databaseBaseUrl,
  type Instance,
  password,
  redisUrl,
  startCluster,
} from './cluster';
export { connectBusiness, type ConnectedBusiness, overduePeriod, readyReturn } from './journeys';
export { waitFor } from './processes';
export type { RoundRobinProxy } from './proxy';
export { type Answer, UserSession } from './session';
export { type HmrcSimulator, mostInAnySecond, type SimulatorRequest } from './simulator';
export { useCluster, withCluster } from './vitest';
