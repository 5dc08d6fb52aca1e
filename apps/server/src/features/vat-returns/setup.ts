import type { ImportProgress } from '@vatwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import type { hmrcConnection } from '../hmrc-connection';
import type { PracticeService } from '../practices';
import { ImportService } from './import-service';
import { createPreviewPool } from './import/preview-pool';
import { VatReturnRepo } from './repo';
import { VatSchemeRepo } from './scheme-repo';
import { VatSchemeService } from './scheme-service';
import { MarginStockRepo } from './margin-stock-repo';
import { MarginStockService } from './margin-stock-service';
import { ErrorCorrectionRepo } from './error-correction-repo';
import { VatReturnService } from './service';

export type { VatReturnService };

export type ImportProgressListener = (userId: string, progress: ImportProgress) => void;

/** Builds the VAT returns feature on top of the HMRC connection. */
export function vatReturnsFeature(
  database: DatabaseHandle,
  hmrc: ReturnType<typeof hmrcConnection>,
  log: FastifyBaseLogger,
  practices: Pick<PracticeService, 'record' | 'recordForWorkspace' | 'requiresReview'>,
) {
  const repo = new VatReturnRepo(database.db);
  const schemeRepo = new VatSchemeRepo(database.db);
  const businessName = async (ownerId: string, vrn: string) =>
    (
      await database.db
        .selectFrom('business')
        .select('name')
        .where('owner_id', '=', ownerId)
        .where('vrn', '=', vrn)
        .executeTakeFirst()
    )?.name ?? `VRN ${vrn}`;
  const service = new VatReturnService({
    repo,
    connections: hmrc.service,
    vatData: hmrc.vatData,
    client: hmrc.client,
    fraud: hmrc.fraud,
    log,
    activity: practices,
    requiresReview: (workspaceId) => practices.requiresReview(workspaceId),
    schemes: schemeRepo,
    errorCorrections: new ErrorCorrectionRepo(database.db),
    businessName,
  });
  const previewPool = createPreviewPool();
  const progressListeners = new Set<ImportProgressListener>();
  return {
    service,
    /** The business's VAT schemes (cash accounting and the others, each from a date). */
    schemes: new VatSchemeService({ repo: schemeRepo, connections: hmrc.service, activity: practices }),
    /** The margin scheme stock book (VAT Notice 718), kept with the business. */
    stockBook: new MarginStockService({ repo: new MarginStockRepo(database.db), connections: hmrc.service }),
    fraud: hmrc.fraud,
    imports: new ImportService(
      repo,
      (input) => previewPool.read(input),
      () => new Date(),
      (userId, progress) => progressListeners.forEach((listener) => listener(userId, progress)),
      practices,
      schemeRepo,
    ),
    /** Hears every import's progress (the agents' live channel passes it on to its user). */
    onImportProgress(listener: ImportProgressListener): () => void {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
    /** Ends the file-reading workers (on shutdown). */
    close: () => previewPool.close(),
    businessName,
  };
}
