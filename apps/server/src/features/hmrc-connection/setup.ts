import crypto from 'node:crypto';
import { HmrcClient } from '@vatwise/hmrc';
import { SandboxStore } from '@vatwise/hmrc-sandbox';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import { confirmSameSecret, whileLocked } from '../../db/start-safety';
import { loadOrCreateSecret } from '../auth';
import { type ActivityLog, assertTwoFactorIfRequired } from '../practice';
import { localSlots, type SlotSource } from '../../platform/cluster';
import { HmrcCallObserver, currentHmrcCaller } from './call-log';
import { HmrcPacer } from './pacing';
import { FraudHeaderSource } from './fraud-headers';
import { ConnectionRepo } from './repo';
import { SandboxUserService } from './sandbox-users';
import { HmrcConnectionService } from './service';
import { parseEncryptionKey } from '../../config/encryption-key';
import { TokenCipher } from '../../platform/crypto/token-cipher';

/** TOKEN_ENCRYPTION_KEY, or a key generated once into the data folder. */
function tokenKeyOf(config: Config): Buffer {
  return (
    config.hmrc.tokenEncryptionKey ??
    parseEncryptionKey(loadOrCreateSecret(config.dataDir, 'token-encryption-key')) ??
    (() => {
      throw new Error(`${config.dataDir}/token-encryption-key is not a 32-byte key: delete it to make a new one`);
    })()
  );
}

/**
 * Refuses to start with a token key other than the one that sealed the stored HMRC tokens: every
 * HMRC call would fail. Tokens sealed before the key's fingerprint was kept are tried instead.
 */
export async function confirmTokenKey(config: Config, database: DatabaseHandle): Promise<void> {
  const key = tokenKeyOf(config);
  await confirmSameSecret(database.db, 'TOKEN_ENCRYPTION_KEY', key, async () => {
    const sealed = await database.db
      .selectFrom('hmrc_connection')
      .select('access_token_enc')
      .limit(1)
      .executeTakeFirst();
    if (!sealed) return null;
    try {
      new TokenCipher(key).decrypt(sealed.access_token_enc);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Builds the HMRC connection feature from the configuration: the client (pointed at HMRC or at the
 * embedded simulator), the token cipher (TOKEN_ENCRYPTION_KEY, or a key generated once into the
 * data folder), the fraud prevention header source, and the service (the VAT data is read through it by features/vat-operations).
 */
export function hmrcConnection(
  config: Config,
  database: DatabaseHandle,
  authSecret: string,
  log: FastifyBaseLogger,
  activity?: ActivityLog,
  /** Send times shared by every instance (Redis); alone, this instance keeps its own. */
  slots: SlotSource = localSlots(),
) {
  const { hmrc } = config;
  const key = tokenKeyOf(config);
  // Every HMRC call made for a user is reported, for their VAT dialogue log.
  const calls = new HmrcCallObserver(new URL(hmrc.baseUrl).pathname.replace(/\/+$/, ''));
  // Calls wait for their turn within HMRC's allowance for the application (not counted in their duration).
  const pacer = new HmrcPacer({
    slots,
    perSecond: hmrc.pacePerSecond,
    applicationId: `hmrc-application:${hmrc.clientId}`,
    ownerOf: () => currentHmrcCaller()?.ownerId,
  });
  const client = new HmrcClient({
    baseUrl: hmrc.baseUrl,
    authUrl: hmrc.authUrl,
    clientId: hmrc.clientId,
    clientSecret: hmrc.clientSecret,
    redirectUri: hmrc.redirectUri,
    production: hmrc.environment === 'production',
    fetch: calls.fetch,
    pace: pacer.turn,
  });
  const serviceDeps = {
    repo: new ConnectionRepo(database.db),
    client,
    cipher: new TokenCipher(key),
    config,
    log,
    activity,
    refreshLock: <T>(connectionId: string, work: (repo: ConnectionRepo) => Promise<T>) =>
      whileLocked(database, `hmrc-refresh:${connectionId}`, (db) => work(new ConnectionRepo(db))),
  };
  const service = new HmrcConnectionService(serviceDeps);
  // The multi-factor reference is salted with a value derived from, never equal to, the auth secret.
  const salt = crypto.createHash('sha256').update(`gov-client-multi-factor:${authSecret}`).digest('hex');
  return {
    service,
    sandboxUsers: new SandboxUserService(
      serviceDeps,
      (workspaceId, vrn) => service.announceBusinessesChanged(workspaceId, vrn),
      hmrc.mode === 'embedded'
        ? async (hmrcUserId, name) => {
            await SandboxStore.in(database.db).setAgencyName(hmrcUserId, name);
          }
        : undefined,
    ),
    client,
    fraud: new FraudHeaderSource(database.db, config, salt, (user) => assertTwoFactorIfRequired(database.db, user)),
    sandbox: hmrc.environment === 'sandbox',
    /** HMRC Assist for VAT is on (HMRC_ASSIST, config/hmrc.ts). */
    assist: hmrc.assist,
    calls,
    pacer,
  };
}
