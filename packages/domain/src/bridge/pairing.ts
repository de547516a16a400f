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
  user: User,
  expiresAt: z.iso.datetime({ offset: true }),
});
export type BridgePairingVerified = z.infer<typeof BridgePairingVerified>;
