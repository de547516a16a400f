import { type DeviceLink, type DeviceToken, deviceStatus } from '@vigil/domain';
import type { DeviceLinkView } from './link-repository.ts';
import type { DeviceTokenRow } from './repository.ts';

// Row → wire shape: dates become ISO strings; the token's hash never leaves the server.
export const toDeviceToken = (r: DeviceTokenRow): DeviceToken => ({
  id: r.id,
  patientId: r.patientId,
  label: r.label,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  // A token a rotation replaced has ended as surely as a revoked one.
  revokedAt: (r.revokedAt ?? r.replacedAt)?.toISOString() ?? null,
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

/** A device link as every screen reads it: its status derived once, here. */
export const toDeviceLink = (r: DeviceLinkView): DeviceLink => ({
  id: r.id,
  patientId: r.patientId,
  deviceId: r.deviceId,
  deviceName: r.deviceName,
  connectionType: r.connectionType,
  simulated: r.simulated,
  state: r.state,
  status: deviceStatus(r),
  lostAt: r.endedAt ? null : (r.lostAt?.toISOString() ?? null),
  lostReason: r.endedAt ? null : r.lostReason,
  // The battery the device last reported in a reading, unless the link was told since.
  batteryLevel: r.batteryLevel ?? r.lastBatteryLevel,
  linkedAt: r.linkedAt.toISOString(),
  linkedBy: r.linkedBy,
  stateChangedAt: r.stateChangedAt.toISOString(),
  lastReadingAt: r.lastReadingAt?.toISOString() ?? null,
  lastSeenAt: (r.heartbeatAt && r.heartbeatAt > r.stateChangedAt
    ? r.heartbeatAt
    : r.stateChangedAt
  ).toISOString(),
  endedAt: r.endedAt?.toISOString() ?? null,
});
