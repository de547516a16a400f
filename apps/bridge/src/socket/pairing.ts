import { createHash } from 'node:crypto';
import { z } from 'zod';

export type PairingResult =
  | { ok: true; user: { id: number; username: string }; expiresAt: Date }
  /** Vigil does not know the token (wrong, expired or revoked). */
  | { ok: false; reason: 'refused'; message: string }
  /** Vigil could not be asked: the bridge cannot tell, and refuses. */
  | { ok: false; reason: 'unavailable'; message: string };

/** Decides whether a pairing token lets a page drive this bridge. */
export interface PairingVerifier {
  verify(token: string): Promise<PairingResult>;
}

const Verified = z.object({
  user: z.object({ id: z.number().int(), username: z.string() }),
  expiresAt: z.iso.datetime({ offset: true }),
});

/** A token is looked up at most this often: a revoked pairing stops working within this time. */
const CACHE_MS = 30_000;

/**
 * Asks the Vigil server: `POST {vigilUrl}/api/bridge/pairings/verify` with the pairing token as
 * Bearer → 200 `{user, expiresAt}` or 401. The token came from a signed-in session on that server,
 * so only its users' pages can drive the bridge. Positive answers are cached briefly, by the
 * token's hash.
 */
export function createHttpPairingVerifier(options: {
  vigilUrl: string;
  timeoutMs?: number;
  now?: () => Date;
}): PairingVerifier {
  const now = options.now ?? (() => new Date());
  const cache = new Map<string, { result: PairingResult; until: number }>();
  const url = new URL('/api/bridge/pairings/verify', options.vigilUrl).href;

  return {
    async verify(token) {
      const key = createHash('sha256').update(token).digest('hex');
      const cached = cache.get(key);
      if (cached && cached.until > now().getTime()) return cached.result;
      cache.delete(key);
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
        });
      } catch {
        return {
          ok: false,
          reason: 'unavailable',
          message: `The bridge could not reach Vigil at ${options.vigilUrl} to check the pairing`,
        };
      }
      if (res.status === 401 || res.status === 403) {
        return { ok: false, reason: 'refused', message: 'The pairing token is unknown, expired or revoked' };
      }
      const parsed = res.ok ? Verified.safeParse(await res.json().catch(() => null)) : null;
      if (!parsed?.success) {
        return {
          ok: false,
          reason: 'unavailable',
          message: `Vigil at ${options.vigilUrl} could not check the pairing (HTTP ${res.status})`,
        };
      }
      const result: PairingResult = {
        ok: true,
        user: parsed.data.user,
        expiresAt: new Date(parsed.data.expiresAt),
      };
      if (result.expiresAt.getTime() <= now().getTime()) {
        return { ok: false, reason: 'refused', message: 'The pairing token has expired' };
      }
      if (cache.size > 1000) cache.clear();
      cache.set(key, { result, until: Math.min(now().getTime() + CACHE_MS, result.expiresAt.getTime()) });
      return result;
    },
  };
}
