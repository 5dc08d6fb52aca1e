import crypto from 'node:crypto';

function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const character of input.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(character);
    if (value === -1) throw new Error(`not base32: ${character}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The code an authenticator app would show now (RFC 6238: HMAC-SHA1, 30 s steps, 6 digits). */
export function totpCode(otpauthUri: string, at = Date.now()): string {
  const uri = new URL(otpauthUri);
  const secret = base32Decode(uri.searchParams.get('secret') ?? '');
  const digits = Number(uri.searchParams.get('digits') ?? 6);
  const period = Number(uri.searchParams.get('period') ?? 30);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / period)));
  const hmac = crypto.createHmac('sha1', secret).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}
