import { z } from 'zod';
import { User } from '../entities.ts';

/** Answer to POST /api/bridge/pairings: a one-time token the page hands to the bridge. */
export const BridgePairing = z.object({
  pairingToken: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type BridgePairing = z.infer<typeof BridgePairing>;

/** Answer to POST /api/bridge/pairings/verify (the bridge's check of a page's token). */
export const BridgePairingVerified = z.object({
  /** Who the page belongs to: the bridge needs only who, not the role. */
  user: User.pick({ id: true, username: true }),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type BridgePairingVerified = z.infer<typeof BridgePairingVerified>;
