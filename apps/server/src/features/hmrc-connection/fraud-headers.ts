import crypto from 'node:crypto';
import { isIP } from 'node:net';
import { readBrowserFraudInfo } from '@vatwise/domain';
import { buildFraudHeaders } from '@vatwise/hmrc';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { SessionUser } from '../../plugins/access';
import { version } from '../../version';
import { multiFactorHeader } from '../auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** When the request reached us: Gov-Client-Public-IP-Timestamp (hmrc-mtd-vat.md 5.2). */
    receivedAt: Date;
  }
}

/**
 * The fraud prevention headers for an HMRC call made on behalf of this request (WEB_APP_VIA_SERVER,
 * hmrc-mtd-vat.md 5): the browser's part as it sent it to us, the rest from what our server sees.
 */
export class FraudHeaderSource {
  private licenceHash: string | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Config,
    /** Salts the multi-factor reference, so it identifies the factor without revealing it. */
    private readonly salt: string,
  ) {}

  async headersFor(request: FastifyRequest, user: SessionUser): Promise<Record<string, string>> {
    const { network, publicUrl } = this.config;
    const portHeader = network.clientPortHeader ? request.headers[network.clientPortHeader] : undefined;
    const port = Number(Array.isArray(portHeader) ? portHeader[0] : (portHeader ?? request.socket.remotePort));
    const publicHost = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
    return buildFraudHeaders(readBrowserFraudInfo(request.headers), {
      clientPublicIp: request.ip,
      clientPublicPort: Number.isInteger(port) && port > 0 && port < 65_536 ? port : undefined,
      clientPublicIpTimestamp: request.receivedAt,
      vendorPublicIp: network.vendorPublicIp ?? (isIP(publicHost) ? publicHost : request.socket.localAddress),
      userIds: { 'vat-wise': user.email, 'vat-wise-id': user.id },
      multiFactor: await multiFactorHeader(this.db, user.id, this.salt),
      licenseIds: { 'vat-wise': await this.licence() },
      productName: 'VAT Wise',
      versions: { 'vat-wise-web': version, 'vat-wise-server': version },
    });
  }

  /**
   * For calls no user's request is behind (settling a return after a restart): a batch process of
   * ours, so only what the server itself knows (HMRC's BATCH_PROCESS_DIRECT method).
   */
  backgroundHeaders(): Record<string, string> {
    return {
      'Gov-Client-Connection-Method': 'BATCH_PROCESS_DIRECT',
      'Gov-Vendor-Product-Name': 'VAT%20Wise',
      'Gov-Vendor-Version': `vat-wise-server=${encodeURIComponent(version)}`,
      ...(this.licenceHash ? { 'Gov-Vendor-License-IDs': `vat-wise=${this.licenceHash}` } : {}),
    };
  }

  /**
   * VAT Wise has no licence keys; the installation's own id stands for one, hashed so the same
   * installation always sends the same value and HMRC learns nothing else from it.
   */
  private async licence(): Promise<string> {
    if (this.licenceHash) return this.licenceHash;
    let row = await this.db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'installation_id')
      .executeTakeFirst();
    if (!row) {
      await this.db
        .insertInto('app_meta')
        .values({ key: 'installation_id', value: crypto.randomUUID() })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
      row = await this.db
        .selectFrom('app_meta')
        .select('value')
        .where('key', '=', 'installation_id')
        .executeTakeFirstOrThrow();
    }
    this.licenceHash = crypto.createHash('sha256').update(row.value).digest('hex');
    return this.licenceHash;
  }
}
