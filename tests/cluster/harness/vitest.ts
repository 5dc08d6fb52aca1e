import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type Cluster, type ClusterOptions, startCluster } from './cluster';

/**
 * One cluster for a test file: started before its tests, stopped (and cleaned away) after them.
 * When a test fails, every process's log is printed. Tests sharing it use users of their own.
 */
export function useCluster(options: ClusterOptions = {}): () => Cluster {
  let cluster: Cluster | undefined;
  beforeAll(async () => {
    cluster = await startCluster(options);
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => console.error(`Logs of the cluster at the failure:\n${cluster?.report() ?? '(not started)'}`));
  });
  return () => {
    if (!cluster) throw new Error('the cluster did not start (see its log above)');
    return cluster;
  };
}

/** A cluster of one test's own: started, given to `use`, then stopped whatever happens (logs printed on failure). */
export async function withCluster<T>(options: ClusterOptions, use: (cluster: Cluster) => Promise<T>): Promise<T> {
  const cluster = await startCluster(options);
  try {
    return await use(cluster);
  } catch (error) {
    console.error(`Logs of the cluster at the failure:\n${cluster.report()}`);
    throw error;
  } finally {
    await cluster.stop();
  }
}
