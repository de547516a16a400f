import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP 2024 minimum (m = 19 MiB, t = 2, p = 1). Algorithm 2 = argon2id. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password);

/**
 * A check as costly as a real one, for a username that does not exist, so both failures take the
 * same time. Its hash is made at once, not at the first unknown username.
 */
export function createTimingEqualiser(): (password: string) => Promise<void> {
  const dummyHash = hashPassword('vigil-timing-equaliser');
  return async (password) => {
    await verify(await dummyHash, password);
  };
}

/** A temporary password: 16 characters from an alphabet without look-alikes (about 90 bits). */
export function temporaryPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}
