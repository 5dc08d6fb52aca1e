import crypto from 'node:crypto';
import { HmrcClient } from '@vatwise/hmrc';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import { loadOrCreateSecret } from '../auth';
import type { ActivityLog } from '../practices';
import { HmrcCallObserver } from './call-log';
import { FraudHeaderSource } from './fraud-headers';
import { ConnectionRepo } from './repo';
import { SandboxUserService } from './sandbox-users';
import { HmrcConnectionService } from './service';
import { parseEncryptionKey, TokenCipher } from './token-cipher';
import { VatDataService } from './vat-data';

/**
 * Builds the HMRC connection feature from the configuration: the client (pointed at HMRC or at the
 * embedded simulator), the token cipher (TOKEN_ENCRYPTION_KEY, or a key generated once into the
 * data folder), the fraud prevention header source, the service and the VAT data read through it.
 */
export function hmrcConnection(
  config: Config,
  database: DatabaseHandle,
  authSecret: string,
  log: FastifyBaseLogger,
  activity?: ActivityLog,
) {
  const { hmrc } = config;
  const key =
    hmrc.tokenEncryptionKey ??
    parseEncryptionKey(loadOrCreateSecret(config.dataDir, 'token-encryption-key')) ??
    (() => {
      throw new Error(`${config.dataDir}/token-encryption-key is not a 32-byte key: delete it to make a new one`);
    })();
  // Every HMRC call made for a user is reported, for their VAT dialogue log.
  const calls = new HmrcCallObserver(new URL(hmrc.baseUrl).pathname.replace(/\/+$/, ''));
  const client = new HmrcClient({
    baseUrl: hmrc.baseUrl,
    authUrl: hmrc.authUrl,
    clientId: hmrc.clientId,
    clientSecret: hmrc.clientSecret,
    redirectUri: hmrc.redirectUri,
    production: hmrc.environment === 'production',
    fetch: calls.fetch,
  });
  const serviceDeps = {
    repo: new ConnectionRepo(database.db),
    client,
    cipher: new TokenCipher(key),
    config,
    log,
    activity,
  };
  const service = new HmrcConnectionService(serviceDeps);
  // The multi-factor reference is salted with a value derived from, never equal to, the auth secret.
  const salt = crypto.createHash('sha256').update(`gov-client-multi-factor:${authSecret}`).digest('hex');
  return {
    service,
    sandboxUsers: new SandboxUserService(serviceDeps),
    client,
    vatData: new VatDataService(service, client),
    fraud: new FraudHeaderSource(database.db, config, salt),
    sandbox: hmrc.environment === 'sandbox',
    calls,
  };
}
