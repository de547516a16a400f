import { queryOptions } from '@tanstack/react-query';
import { DeviceLink, type DeviceLinkCreateInput, type DeviceLinkUpdateInput } from '@vigil/domain';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { DEVICE_LINKS_QUERY_KEY } from './query-keys.ts';

const DeviceLinks = z.array(DeviceLink);

/** GET /api/device-links: the active links of every patient, or of one. */
export async function listDeviceLinks(patientId?: number, signal?: AbortSignal): Promise<DeviceLink[]> {
  const url = patientId === undefined ? '/api/device-links' : `/api/device-links?patientId=${patientId}`;
  return DeviceLinks.parse(await (await apiRequest('GET', url, undefined, { signal })).json());
}

export function getDeviceLinksQueryOptions(patientId?: number) {
  return queryOptions({
    queryKey: patientId === undefined ? DEVICE_LINKS_QUERY_KEY : [...DEVICE_LINKS_QUERY_KEY, { patientId }],
    queryFn: ({ signal }) => listDeviceLinks(patientId, signal),
  });
}

/** POST /api/device-links: this device now feeds this patient (a previous link of the device ends). */
export async function createDeviceLink(input: DeviceLinkCreateInput): Promise<DeviceLink> {
  return DeviceLink.parse(await (await apiRequest('POST', '/api/device-links', input)).json());
}

/** PATCH /api/device-links/{id}: connection state or battery. */
export async function updateDeviceLink(id: number, input: DeviceLinkUpdateInput): Promise<DeviceLink> {
  return DeviceLink.parse(await (await apiRequest('PATCH', `/api/device-links/${id}`, input)).json());
}

/** POST /api/device-links/{id}/heartbeat: this browser still holds the device (404 once ended elsewhere). */
export async function heartbeatDeviceLink(id: number): Promise<DeviceLink> {
  return DeviceLink.parse(await (await apiRequest('POST', `/api/device-links/${id}/heartbeat`)).json());
}

/** DELETE /api/device-links/{id}: the device no longer feeds the patient. */
export async function endDeviceLink(id: number): Promise<DeviceLink> {
  return DeviceLink.parse(await (await apiRequest('DELETE', `/api/device-links/${id}`)).json());
}
