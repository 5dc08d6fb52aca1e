import { hmrcSandbox, SandboxStore } from '@vatwise/hmrc-sandbox';
import type { FastifyInstance } from 'fastify';
import { type Config, embeddedSandboxPath } from '../../config';
import type { DatabaseHandle } from '../../db/database';

/**
 * Serves the HMRC sandbox simulator under /hmrc-sandbox when no HMRC credentials are configured,
 * keeping its state in VAT Wise's own database (its tables are prefixed hmrc_sandbox_). The HMRC
 * client then calls it as it would call HMRC (config.hmrc).
 */
/** The simulator's tables, brought up to date with VAT Wise's own (while starts take turns). */
export async function migrateEmbeddedSandbox(config: Config, database: DatabaseHandle): Promise<void> {
  if (config.hmrc.mode === 'embedded') await SandboxStore.in(database.db).migrate();
}

export async function mountEmbeddedSandbox(app: FastifyInstance, config: Config, database: DatabaseHandle) {
  if (config.hmrc.mode !== 'embedded') return;
  await app.register(hmrcSandbox, {
    prefix: embeddedSandboxPath,
    store: SandboxStore.in(database.db),
    defaultRedirectUris: config.hmrc.sandbox.redirectUris,
    applications: config.hmrc.sandbox.applications,
    rateLimitPerSecond: config.hmrc.sandbox.rateLimitPerSecond,
    operatorControls: config.hmrc.sandbox.operatorControls,
    // A client's link must reach VAT Wise's public address, not the host a proxy called us by.
    publicOrigin: config.publicUrl,
  });
  app.log.info(
    { clientId: config.hmrc.clientId, operatorControls: config.hmrc.sandbox.operatorControls },
    `HMRC sandbox simulator at ${config.hmrc.authUrl} (no HMRC credentials configured)`,
  );
}

/** Registers an agent test user's agency name with the embedded simulator; undefined without one. */
export function embeddedAgencyNamer(config: Config, database: DatabaseHandle) {
  if (config.hmrc.mode !== 'embedded') return undefined;
  return async (hmrcUserId: string, name: string): Promise<void> => {
    await SandboxStore.in(database.db).setAgencyName(hmrcUserId, name);
  };
}
