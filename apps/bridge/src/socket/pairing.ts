import { BridgePairingVerified } from '@vigil/domain';

export type PairingResult =
  | { ok: true; user: { id: number; username: string } }
  /** Vigil does not know the token (wrong, expired or already used). */
  | { ok: false; reason: 'refused'; message: string }
  /** Vigil could not be asked: the bridge cannot tell, and refuses. */
  | { ok: false; reason: 'unavailable'; message: string };

/** Decides whether a pairing token lets a page drive this bridge. */
export interface PairingVerifier {
  verify(token: string): Promise<PairingResult>;
}

/**
 * Asks the Vigil server: `POST {vigilUrl}/api/bridge/pairings/verify` with the pairing token as
 * Bearer → 200 `{user, expiresAt}` or 401. The page got the token from its signed-in session on
 * that server (`POST /api/bridge/pairings`), and Vigil accepts each token once, minutes after it
 * was issued: so nothing is cached here, and a token seen by anyone else is already spent.
 */
export function createHttpPairingVerifier(options: {
  vigilUrl: string;
  timeoutMs?: number;
}): PairingVerifier {
  const url = new URL('/api/bridge/pairings/verify', options.vigilUrl).href;
  return {
    async verify(token) {
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
          message: `The bridge could not reach Vigil at ${options.vigilUrl} to check the pairing; try again when Vigil is up`,
        };
      }
      if (res.status === 401 || res.status === 403) {
        return {
          ok: false,
          reason: 'refused',
          message: 'The pairing token is unknown, expired or already used',
        };
      }
      const parsed = res.ok ? BridgePairingVerified.safeParse(await res.json().catch(() => null)) : null;
      if (!parsed?.success) {
        return {
          ok: false,
          reason: 'unavailable',
          message: `Vigil at ${options.vigilUrl} could not check the pairing (HTTP ${res.status})`,
        };
      }
      return { ok: true, user: { id: parsed.data.user.id, username: parsed.data.user.username } };
    },
  };
}
