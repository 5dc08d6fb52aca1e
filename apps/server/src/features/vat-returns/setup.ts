import type { ImportProgress } from '@vatwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import type { HmrcWithVatData } from '../vat-operations';
import type { PracticeService } from '../practice';
import { ImportService } from './imports/service';
import { createPreviewPool } from './imports/preview-pool';
import { VatReturnRepo } from './repo';
import { VatSchemeRepo } from './schemes/repo';
import { VatSchemeService } from './schemes/service';
import { MarginStockRepo } from './schemes/margin-stock-repo';
import { MarginStockService } from './schemes/margin-stock-service';
import { ErrorCorrectionRepo } from './error-corrections/repo';
import { VatReturnService } from './service';
import type { Mailer } from '../mail';
import { ClientApprovalRepo, ClientApprovalService, clientApprovalHooks } from './client-approval';

export type { VatReturnService };

export type ImportProgressListener = (userId: string, progress: ImportProgress) => void;

/** Builds the VAT returns feature on top of the HMRC connection. */
export function vatReturnsFeature(
  database: DatabaseHandle,
  hmrc: HmrcWithVatData,
  log: FastifyBaseLogger,
  practices: Pick<PracticeService, 'record' | 'recordForWorkspace' | 'requiresReview' | 'requiresClientApproval'>,
  /** For the client's approval link: mailed to the client, built from the app's own address. */
  clientLinks?: { mailer: Mailer; publicUrl: string },
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
  const clientApprovalRepo = new ClientApprovalRepo(database.db);
  const clientApproval = clientApprovalHooks({
    repo: clientApprovalRepo,
    requiresClientApproval: (workspaceId) => practices.requiresClientApproval(workspaceId),
    now: () => new Date(),
  });
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
    clientApproval,
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
    /** The client's approval through a link (client-approval/); absent when no mailer and address are given. */
    clientApproval: clientLinks
      ? new ClientApprovalService({
          repo: clientApprovalRepo,
          hooks: clientApproval,
          currentFigures: (ownerId, id) => service.currentFigures(ownerId, id),
          activity: practices,
          businessName,
          practiceName: async (ownerId) =>
            (await database.db.selectFrom('organization').select('name').where('id', '=', ownerId).executeTakeFirst())
              ?.name ?? '',
          mailer: clientLinks.mailer,
          publicUrl: clientLinks.publicUrl,
        })
      : null,
  };
}
