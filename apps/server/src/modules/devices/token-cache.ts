import { LRUCache } from 'lru-cache';

/**
 * How long a device token read from the database is trusted without reading it again. A revocation
 * or rotation forgets the token's whole family at once, here and (by NOTIFY) on every other
 * instance; this bounds what a lost notification could leave behind (as the session cache's).
 */
export const DEVICE_TOKEN_CACHE_TTL_MS = 30_000;
const DEVICE_TOKEN_CACHE_MAX = 20_000;

/** A token as last read, valid when read: what a request it authorises needs of it. */
export interface CachedDeviceToken {
  tokenId: number;
  patientId: number;
  /** The family's first token (its own id when it is the first): what a revocation names. */
  familyId: number;
  expiresAt: Date;
  lastUsedAt: Date | null;
}

/**
 * Valid device tokens as last read, by the hash they are stored under, so a device's request costs
 * no round trip for its token. Only valid tokens are kept: an unknown, revoked, expired or replaced
 * one is read every time (a replaced one presented again revokes its family, in the database). A
 * read that started before a change is never stored after it (the change's generation).
 */
export function createDeviceTokenCache() {
  const cache = new LRUCache<string, CachedDeviceToken>({
    max: DEVICE_TOKEN_CACHE_MAX,
    ttl: DEVICE_TOKEN_CACHE_TTL_MS,
  });
  let generation = 0;

  return {
    get: (hash: string) => cache.get(hash),

    /** Where a database read begins: its row is kept only if nothing changed meanwhile. */
    generation: () => generation,

    store(hash: string, token: CachedDeviceToken, readAtGeneration: number) {
      if (readAtGeneration === generation) cache.set(hash, token);
    },

    /** The token was used and that was written: the next write is due a minute after this one. */
    touched(hash: string, lastUsedAt: Date) {
      const token = cache.get(hash, { updateAgeOnGet: false });
      if (token) cache.set(hash, { ...token, lastUsedAt }, { noUpdateTTL: true });
    },

    /** Forgets every token of the family (revoked or rotated, here or on another instance). */
    forgetFamily(familyId: number) {
      generation++;
      for (const [hash, token] of cache.entries()) if (token.familyId === familyId) cache.delete(hash);
    },
  };
}

export type DeviceTokenCache = ReturnType<typeof createDeviceTokenCache>;
