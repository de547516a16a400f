import type { DeviceToken } from '@vigil/domain';
import type { DeviceTokenRow } from './repository.ts';

// Row → wire shape: dates become ISO strings; the token's hash never leaves the server.
export const toDeviceToken = (r: DeviceTokenRow): DeviceToken => ({
  id: r.id,
  patientId: r.patientId,
  label: r.label,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  revokedAt: r.revokedAt?.toISOString() ?? null,
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});
