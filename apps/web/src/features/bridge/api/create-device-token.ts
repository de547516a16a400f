import { DeviceTokenCreated } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';

/** How long a token handed to the bridge lasts; the bridge renews it before then (decision 009). */
const BRIDGE_TOKEN_DAYS = 30;

/**
 * POST /api/device-tokens: a bearer token scoped to one patient's readings, for the bridge to upload
 * a device's readings with ("Sync Data to Cloud"). The token is shown only in this answer.
 */
export async function createBridgeDeviceToken(
  patientId: number,
  deviceLabel: string,
): Promise<DeviceTokenCreated> {
  const label = `Bridge: ${deviceLabel}`.slice(0, 100);
  const res = await apiRequest('POST', '/api/device-tokens', {
    patientId,
    label,
    expiresInDays: BRIDGE_TOKEN_DAYS,
  });
  return DeviceTokenCreated.parse(await res.json());
}
