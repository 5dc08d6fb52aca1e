import crypto from 'node:crypto';

/**
 * HMRC tokens (and sandbox passwords) at rest: AES-256-GCM with a fresh 96-bit nonce per value, so
 * a copy of the database alone reveals nothing and a changed byte is detected. Stored as
 * `v1.<nonce>.<tag>.<ciphertext>`, each part base64url.
 */
export class TokenCipher {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The token encryption key must be 32 bytes');
    this.key = key;
  }

  encrypt(plain: string): string {
    const nonce = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(stored: string): string {
    const [version, nonce, tag, body] = stored.split('.');
    if (version !== 'v1' || nonce === undefined || tag === undefined || body === undefined) {
      throw new Error('Not an encrypted value of ours');
    }
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
