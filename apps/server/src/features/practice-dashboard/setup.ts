import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import type { HmrcWithVatData } from '../vat-operations';
import { SnapshotRepo } from './repo';
import { DashboardService } from './service';

/** Builds the practice dashboard over the HMRC connection's VAT data. */
export function dashboardFeature(database: DatabaseHandle, hmrc: HmrcWithVatData, log: FastifyBaseLogger) {
  const dashboard = new DashboardService({
    repo: new SnapshotRepo(database.db),
    connections: hmrc.service,
    vatData: hmrc.vatData,
    log,
  });
  return { dashboard, fraud: hmrc.fraud };
}
