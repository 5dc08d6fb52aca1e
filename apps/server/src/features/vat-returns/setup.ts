import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import type { hmrcConnection } from '../hmrc-connection/setup';
import { ImportService } from './import-service';
import { createPreviewPool } from './import/preview-pool';
import { VatReturnRepo } from './repo';
import { VatReturnService } from './service';

export type { VatReturnService };

/** Builds the VAT returns feature on top of the HMRC connection. */
export function vatReturnsFeature(
  database: DatabaseHandle,
  hmrc: ReturnType<typeof hmrcConnection>,
  log: FastifyBaseLogger,
) {
  const repo = new VatReturnRepo(database.db);
  const service = new VatReturnService({
    repo,
    connections: hmrc.service,
    client: hmrc.client,
    fraud: hmrc.fraud,
    log,
  });
  const previewPool = createPreviewPool();
  return {
    service,
    imports: new ImportService(repo, (input) => previewPool.read(input)),
    /** Ends the file-reading workers (on shutdown). */
    close: () => previewPool.close(),
    businessName: async (ownerId: string, vrn: string) =>
      (
        await database.db
          .selectFrom('business')
          .select('name')
          .where('owner_id', '=', ownerId)
          .where('vrn', '=', vrn)
          .executeTakeFirst()
      )?.name ?? `VRN ${vrn}`,
  };
}
