import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import type { hmrcConnection } from '../hmrc-connection';
import { SnapshotRepo } from './repo';
import { DashboardService } from './service';

/** Builds the practice dashboard over the HMRC connection's VAT data. */
export function dashboardFeature(
  database: DatabaseHandle,
  hmrc: ReturnType<typeof hmrcConnection>,
  log: FastifyBaseLogger,
) {
  const dashboard = new DashboardService({
    repo: new SnapshotRepo(database.db),
    connections: hmrc.service,
    vatData: hmrc.vatData,
    log,
  });
  return { dashboard, fraud: hmrc.fraud };
}
