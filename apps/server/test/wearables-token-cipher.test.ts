import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher } from '../src/modules/wearables/token-cipher.ts';

describe('wearable token encryption (AES-256-GCM)', () => {
  const cipher = createTokenCipher(randomBytes(32));

  it('round-trips, with a new nonce every time', () => {
    const a = cipher.encrypt('access-token-value', 'whoop:access');
    const b = cipher.encrypt('access-token-value', 'whoop:access');
    expect(a).not.toBe(b);
    expect(a).not.toContain('access-token-value');
    expect(cipher.decrypt(a, 'whoop:access')).toBe('access-token-value');
  });

  it('refuses a value moved to another purpose, tampered with, or under another key', () => {
    const stored = cipher.encrypt('refresh-token-value', 'whoop:refresh');
    expect(() => cipher.decrypt(stored, 'whoop:access')).toThrow();
    const [version, nonce, tag, body] = stored.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() =>
      cipher.decrypt([version, nonce, tag, flipped.toString('base64url')].join('.'), 'whoop:refresh'),
    ).toThrow();
    expect(() => createTokenCipher(randomBytes(32)).decrypt(stored, 'whoop:refresh')).toThrow();
    expect(() => cipher.decrypt('plain-token', 'whoop:refresh')).toThrow(/format/);
  });

  it('wants a 32-byte key', () => {
    expect(() => createTokenCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});
