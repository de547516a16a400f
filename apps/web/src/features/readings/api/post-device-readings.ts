import { type DeviceReadingInput, DeviceReadingsResponse } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * POST /api/device-readings with a batch. The same `idempotencyKey` on a resend makes the server
 * answer with the first answer instead of storing the batch twice.
 */
export async function postDeviceReadings(
  readings: DeviceReadingInput[],
  idempotencyKey: string,
): Promise<DeviceReadingsResponse> {
  const res = await apiRequest('POST', '/api/device-readings', readings, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return DeviceReadingsResponse.parse(await res.json());
}
