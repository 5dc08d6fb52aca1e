import crypto from 'node:crypto';
import { isIP } from 'node:net';
import { formatTimezone, readBrowserFraudInfo } from '@vatwise/domain';
import { buildBatchFraudHeaders, buildFraudHeaders, type FraudHeaders, webAppFraudHeaders } from '@vatwise/hmrc';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { SessionUser } from '../../plugins/access';
import { version } from '../../version';
import { multiFactorHeader } from '../auth';
import { thisMachine } from './this-machine';

declare module 'fastify' {
  interface FastifyRequest {
    /** When the request reached us: Gov-Client-Public-IP-Timestamp. */
    receivedAt: Date;
  }
}

const productName = 'VAT Wise';

/**
 * The one maker of the fraud prevention headers every HMRC call carries, and so of its connection
 * method (docs/hmrc-fraud-prevention.md). It has two doors:
 * - `forRequest`: whatever a person's request causes, also what it sets off straight after (the
 *   first check of a business just connected, settling a return they wait for), is
 *   WEB_APP_VIA_SERVER with that request's own browser headers and timestamps;
 * - `forScheduledWork`: only work no person started (the agents' scheduled rounds) is
 *   BATCH_PROCESS_DIRECT, from the machine the round runs on, collected again for every call.
 */
export class FraudHeaderSource {
  private licenceHash: string | undefined;
  private deviceId: string | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Config,
    /** Salts the multi-factor reference, so it identifies the factor without revealing it. */
    private readonly salt: string,
    /**
     * Refuses a person whose practice requires two-factor sign-in and who has not turned it on:
     * checked here because every HMRC call made for a person passes this way.
     */
    private readonly assertTwoFactor: (user: SessionUser) => Promise<void> = async () => undefined,
  ) {}

  async forRequest(request: FastifyRequest, user: SessionUser): Promise<FraudHeaders> {
    await this.assertTwoFactor(user);
    const { network } = this.config;
    const portHeader = network.clientPortHeader ? request.headers[network.clientPortHeader] : undefined;
    const port = Number(Array.isArray(portHeader) ? portHeader[0] : (portHeader ?? request.socket.remotePort));
    return webAppFraudHeaders(
      buildFraudHeaders(readBrowserFraudInfo(request.headers), {
        clientPublicIp: request.ip,
        clientPublicPort: Number.isInteger(port) && port > 0 && port < 65_536 ? port : undefined,
        clientPublicIpTimestamp: request.receivedAt,
        vendorPublicIp: vendorPublicIpOf(this.config) ?? request.socket.localAddress,
        userIds: { 'vat-wise': user.email, 'vat-wise-id': user.id },
        // Only while two-factor sign-in is on: a factor proved once and since turned off is not this sign-in's.
        multiFactor: user.twoFactorEnabled ? await multiFactorHeader(this.db, user.id, this.salt) : undefined,
        licenseIds: { 'vat-wise': await this.licence() },
        productName,
        versions: { 'vat-wise-web': version, 'vat-wise-server': version },
      }),
    );
  }

  /**
   * A scheduled round's call for the workspace `ownerId`: the machine's own facts (device, local
   * addresses, timezone, OS user) read just before each call, and whose businesses it is for.
   */
  async forScheduledWork(ownerId: string): Promise<FraudHeaders> {
    const [deviceId, licence] = await Promise.all([this.batchDeviceId(), this.licence()]);
    return {
      connectionMethod: 'BATCH_PROCESS_DIRECT',
      collect: () => {
        const machine = thisMachine();
        return buildBatchFraudHeaders({
          deviceId,
          localIps: machine.localIps,
          localIpsTimestamp: new Date(),
          macAddresses: machine.macAddresses,
          timezone: formatTimezone(new Date().getTimezoneOffset()),
          userAgent: machine.userAgent,
          userIds: { os: machine.osUser, 'vat-wise-workspace': ownerId },
          licenseIds: { 'vat-wise': licence },
          productName,
          versions: { 'vat-wise-server': version },
        });
      },
    };
  }

  /**
   * VAT Wise has no licence keys; the installation's own id stands for one, hashed so the same
   * installation always sends the same value and HMRC learns nothing else from it.
   */
  private async licence(): Promise<string> {
    this.licenceHash ??= crypto
      .createHash('sha256')
      .update(await this.installationValue('installation_id'))
      .digest('hex');
    return this.licenceHash;
  }

  /** The batch's Gov-Client-Device-ID: one UUID per installation, kept in the database, never expiring. */
  private async batchDeviceId(): Promise<string> {
    this.deviceId ??= await this.installationValue('batch_device_id');
    return this.deviceId;
  }

  /** A UUID made once per installation under `key` (every instance reads the same one). */
  private async installationValue(key: string): Promise<string> {
    const read = this.db.selectFrom('app_meta').select('value').where('key', '=', key);
    const row = await read.executeTakeFirst();
    if (row) return row.value;
    // Another instance may make it at the same moment: the first one written is everyone's.
    await this.db
      .insertInto('app_meta')
      .values({ key, value: crypto.randomUUID() })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    return (await read.executeTakeFirstOrThrow()).value;
  }
}

/** The public address browsers reach VAT Wise at: VENDOR_PUBLIC_IP, else PUBLIC_URL's host when it is an address. */
export function vendorPublicIpOf(config: Config): string | undefined {
  const publicHost = new URL(config.publicUrl).hostname.replace(/^\[|\]$/g, '');
  return config.network.vendorPublicIp ?? (isIP(publicHost) ? publicHost : undefined);
}
