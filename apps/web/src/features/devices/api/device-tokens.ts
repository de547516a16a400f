import { type DeviceTokenCreateInput, DeviceTokenIssued } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * POST /api/device-tokens: a bearer token scoped to one patient's readings, for a device or the
 * bridge to upload readings with; naming the device links it to the patient in the same request.
 * The token is shown only in this answer.
 */
export async function createDeviceToken(input: DeviceTokenCreateInput): Promise<DeviceTokenIssued> {
  const res = await apiRequest('POST', '/api/device-tokens', input);
  return DeviceTokenIssued.parse(await res.json());
}

/** DELETE /api/device-tokens/{id}: the token (and its rotations) can no longer upload. */
export async function revokeDeviceToken(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/device-tokens/${id}`);
}
