import type { ImportProgress } from '@vatwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import type { HmrcWithVatData } from '../vat-operations';
import type { PracticeService } from '../practice';
import { ReturnFigures } from './drafts/figures';
import { DraftRepo } from './drafts/repo';
import { DraftService } from './drafts/service';
import { ErrorCorrectionRepo } from './error-corrections/repo';
import { ErrorCorrectionService } from './error-corrections/service';
import { ImportRepo } from './imports/repo';
import { ImportService } from './imports/service';
import { createPreviewPool } from './imports/preview-pool';
import { RecordRepo } from './records/repo';
import { RecordService } from './records/service';
import { ReportService } from './reports/service';
import { ReviewRepo } from './review/repo';
import { ReviewService } from './review/service';
import { VatSchemeRepo } from './schemes/repo';
import { VatSchemeService } from './schemes/service';
import { MarginStockRepo } from './schemes/margin-stock-repo';
import { MarginStockService } from './schemes/margin-stock-service';
import { SubmissionRepo } from './submission/repo';
import { SubmissionService } from './submission/service';
import { VatReturnService } from './service';
import { AssistRepo } from './assist/repo';
import { AssistService } from './assist/service';
import type { Mailer } from '../../platform/mail';
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
  // Each sub-slice's service over its own repository; the drafts' service and the figures worked
  // out from the records are what the others build on.
  const drafts = new DraftRepo(database.db);
  const records = new RecordRepo(database.db);
  const submissions = new SubmissionRepo(database.db);
  const errorCorrections = new ErrorCorrectionRepo(database.db);
  const activity = practices;
  const requiresReview = (workspaceId: string) => practices.requiresReview(workspaceId);
  const figures = new ReturnFigures({ records, errorCorrections, schemes: schemeRepo, submissions });
  const draftService = new DraftService({
    repo: drafts,
    figures,
    connections: hmrc.service,
    vatData: hmrc.vatData,
    log,
    requiresReview,
    schemes: schemeRepo,
    errorCorrections,
    submissions,
    clientApproval,
  });
  // HMRC Assist for VAT (assist/): feedback on a draft's figures before filing.
  const assist = new AssistService({
    repo: new AssistRepo(database.db),
    drafts: draftService,
    figures,
    connections: hmrc.service,
    vatData: hmrc.vatData,
    client: hmrc.client,
    log,
    enabled: hmrc.assist,
  });
  const service = new VatReturnService({
    drafts: draftService,
    records: new RecordService({ repo: records, connections: hmrc.service, activity, drafts: draftService, figures }),
    review: new ReviewService({ repo: new ReviewRepo(database.db), drafts: draftService, figures, activity, log }),
    errorCorrections: new ErrorCorrectionService({
      repo: errorCorrections,
      drafts: draftService,
      figures,
      activity,
      businessName,
    }),
    reports: new ReportService({
      records,
      imports: new ImportRepo(database.db),
      submissions,
      drafts: draftService,
      figures,
      assist,
    }),
    assist,
    submission: new SubmissionService({
      repo: submissions,
      returns: drafts,
      drafts: draftService,
      figures,
      connections: hmrc.service,
      vatData: hmrc.vatData,
      client: hmrc.client,
      fraud: hmrc.fraud,
      log,
      activity,
      requiresReview,
      clientApproval,
    }),
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
    sandbox: hmrc.sandbox,
    imports: new ImportService(
      { drafts, imports: new ImportRepo(database.db), records },
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
          currentFigures: (ownerId, id) => draftService.currentFigures(ownerId, id),
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
