/**
 * TOKEN_ENCRYPTION_KEY: 32 bytes as 64 hex digits or base64; undefined when it is neither. A
 * setting's parser, so it sits with the settings; the cipher that uses the key is
 * platform/crypto/token-cipher.ts.
 */
export function parseEncryptionKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const bytes = Buffer.from(trimmed, /[-_]/.test(trimmed) ? 'base64url' : 'base64');
  return bytes.length === 32 ? bytes : undefined;
}
