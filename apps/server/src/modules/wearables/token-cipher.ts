import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Secrets at rest (wearable access and refresh tokens, PKCE verifiers): AES-256-GCM with a random
 * 96-bit nonce per value and the purpose as associated data, so a value copied into another column
 * does not decrypt there. Stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url).
 */
export function createTokenCipher(key: Buffer) {
  if (key.length !== 32) throw new Error('the token encryption key must be 32 bytes');
  return {
    encrypt(plain: string, purpose: string): string {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(stored: string, purpose: string): string {
      const [version, nonce, tag, body] = stored.split('.');
      if (version !== VERSION || !nonce || !tag || body === undefined) {
        throw new Error('stored secret is not in the expected format');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

export type TokenCipher = ReturnType<typeof createTokenCipher>;
