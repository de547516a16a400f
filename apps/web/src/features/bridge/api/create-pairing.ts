import { BridgePairing } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * POST /api/bridge/pairings: a one-time token (valid 2 minutes) that the bridge checks with Vigil
 * before it lets this page drive it (decision 009). Needs a signed-in session.
 */
export async function createBridgePairing(): Promise<string> {
  const res = await apiRequest('POST', '/api/bridge/pairings');
  return BridgePairing.parse(await res.json()).pairingToken;
}
