import { createHash } from 'node:crypto';

/**
 * What a secret is stored and looked up by (a session, device, pairing or SMART token, an OAuth
 * state): its SHA-256 in hex. The secrets are 256 random bits, so a plain hash is enough; the
 * database never holds one that works.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
