import { randomBytes } from 'node:crypto';
import { type BridgePairing, roleHas, type User } from '@vigil/domain';
import type { Clock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { toUser } from '../auth/mappers.ts';
import type { BridgeRepository } from './repository.ts';

export const PAIRING_TOKEN_PREFIX = 'vgl_pair_';
/** Long enough to open the bridge's socket, short enough that a copied token is useless. */
const PAIRING_TTL_MS = 2 * 60_000;

/**
 * Pairing of a manager page with the Health Device Bridge: the page asks us for a one-time token and
 * passes it to the bridge on the nurse's machine; the bridge presents it back to us
 * (`POST /api/bridge/pairings/verify`) before it lets the page drive it. A web page from elsewhere
 * can reach the bridge's localhost socket but cannot get a token.
 */
export function createBridgeService(deps: { repo: BridgeRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async createPairing(userId: number): Promise<BridgePairing> {
      const token = `${PAIRING_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + PAIRING_TTL_MS);
      await repo.insertPairing({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt });
      return { pairingToken: token, expiresAt: expiresAt.toISOString() };
    },

    /** Uses a pairing token once; who it was issued to, or null when unknown, used or expired. */
    async usePairing(token: string): Promise<{ user: User; expiresAt: Date } | null> {
      if (!token.startsWith(PAIRING_TOKEN_PREFIX)) return null;
      const used = await repo.usePairing(hashToken(token), clock.now());
      // Checked now, not when the token was issued: the tokens of an account disabled or of a role
      // that no longer manages devices are worthless.
      if (used?.user.status !== 'active' || !roleHas(used.user.role, 'devices:manage')) return null;
      return { user: toUser(used.user), expiresAt: used.expiresAt };
    },

    purge: () => repo.purgePairings(new Date(clock.now().getTime() - 86_400_000)),
  };
}

export type BridgeService = ReturnType<typeof createBridgeService>;
