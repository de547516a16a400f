import { z } from 'zod';
import { recordId, recordIdParam } from '../ids.ts';
import { BatteryLevelInput } from './battery.ts';
import { CONNECTION_TYPES } from './sources.ts';

/**
 * A device linked to a patient: which device feeds which patient, its connection state and when it
 * last sent, known to the server so every screen can show it (not only the browser or bridge that
 * holds the connection). A device feeds one patient at a time.
 */
export const DEVICE_LINK_STATES = ['connected', 'reconnecting', 'disconnected'] as const;
export type DeviceLinkState = (typeof DEVICE_LINK_STATES)[number];

/** Connection types a device link may have (manual observations need none). */
export const LINK_CONNECTION_TYPES = [
  CONNECTION_TYPES.bluetooth,
  CONNECTION_TYPES.bridge,
  CONNECTION_TYPES.whoop,
  CONNECTION_TYPES.simulation,
] as const;

/**
 * What a screen says of a link: connected; reconnecting (the holding browser is trying again); or
 * lost, since `lostAt`, because it stopped reporting (its window closed, its computer slept, its
 * bridge stopped uploading), it dropped and its browser gave up, or its provider wants the patient
 * to reconnect (WHOOP refused our refresh token); or ended by a person. Decided by the server (see
 * the link service's sweep), never by a screen's clock.
 */
export const DEVICE_STATUSES = ['connected', 'reconnecting', 'lost', 'ended'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
/** The statuses of a link that still feeds its patient: what a patient's devices, the card and the board say. */
export const ACTIVE_DEVICE_STATUSES = [
  'connected',
  'reconnecting',
  'lost',
] as const satisfies readonly DeviceStatus[];
export type ActiveDeviceStatus = (typeof ACTIVE_DEVICE_STATUSES)[number];
export const DEVICE_LOST_REASONS = ['not-reporting', 'dropped', 'reconnect-needed'] as const;
export type DeviceLostReason = (typeof DEVICE_LOST_REASONS)[number];

export const DeviceLink = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  deviceId: z.string(),
  deviceName: z.string().nullable(),
  connectionType: z.enum(LINK_CONNECTION_TYPES),
  simulated: z.boolean(),
  state: z.enum(DEVICE_LINK_STATES),
  status: z.enum(DEVICE_STATUSES),
  /** Since when it is lost; null unless `status` is lost. */
  lostAt: z.iso.datetime({ offset: true }).nullable(),
  lostReason: z.enum(DEVICE_LOST_REASONS).nullable(),
  batteryLevel: z.number().int().nullable(),
  linkedAt: z.iso.datetime({ offset: true }),
  linkedBy: z.number().int().nullable(),
  stateChangedAt: z.iso.datetime({ offset: true }),
  /** Its newest stored reading, whatever patient it is for. */
  lastReadingAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the browser holding it last said it still does (its heartbeat), or its last state change. */
  lastSeenAt: z.iso.datetime({ offset: true }),
  endedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type DeviceLink = z.infer<typeof DeviceLink>;

/** A device feeding a patient, as the patient carries it (from the patient's active links). */
export const PatientDevice = DeviceLink.pick({
  deviceId: true,
  deviceName: true,
  connectionType: true,
  simulated: true,
  lostAt: true,
  lostReason: true,
  batteryLevel: true,
}).extend({ linkId: z.number().int(), status: z.enum(ACTIVE_DEVICE_STATUSES) });
export type PatientDevice = z.infer<typeof PatientDevice>;

/** A link's status from what is stored of it (see DEVICE_STATUSES). */
export function deviceStatus(link: {
  state: string;
  lostAt: string | Date | null;
  endedAt: string | Date | null;
}): DeviceStatus {
  if (link.endedAt) return 'ended';
  if (link.lostAt) return 'lost';
  return link.state === 'reconnecting' ? 'reconnecting' : 'connected';
}

/** A patient's active link as the patient carries it. */
export function toPatientDevice(link: DeviceLink): PatientDevice {
  return {
    linkId: link.id,
    deviceId: link.deviceId,
    deviceName: link.deviceName,
    connectionType: link.connectionType,
    simulated: link.simulated,
    status: link.status === 'ended' ? 'lost' : link.status,
    lostAt: link.lostAt,
    lostReason: link.lostReason,
    batteryLevel: link.batteryLevel,
  };
}

/**
 * A browser holding a device (Web Bluetooth, or a demo device) says so every
 * DEVICE_LINK_HEARTBEAT_MS; the bridge says so with its uploads. A link not heard from, by heartbeat
 * or reading, for DEVICE_LINK_LEASE_MS is lost ("not reporting"): nothing will arrive from it. A
 * WHOOP link is held by the server, whose connection state says whether it still reports.
 */
export const DEVICE_LINK_HEARTBEAT_MS = 10_000;
export const DEVICE_LINK_LEASE_MS = 60_000;
export const LEASED_CONNECTION_TYPES: readonly string[] = [
  CONNECTION_TYPES.bluetooth,
  CONNECTION_TYPES.simulation,
  CONNECTION_TYPES.bridge,
];

/** When a link was last heard from: its newest reading, heartbeat or state change. */
export function lastHeardMs(link: Pick<DeviceLink, 'lastSeenAt' | 'lastReadingAt'>): number {
  return Math.max(Date.parse(link.lastSeenAt), link.lastReadingAt ? Date.parse(link.lastReadingAt) : 0);
}

/** Whether a leased link says connected (or reconnecting) although nothing has been heard for the lease. */
export function isLinkSilent(
  link: Pick<DeviceLink, 'connectionType' | 'state' | 'lastSeenAt' | 'lastReadingAt' | 'endedAt'>,
  nowMs: number,
): boolean {
  if (link.endedAt || link.state === 'disconnected' || !LEASED_CONNECTION_TYPES.includes(link.connectionType))
    return false;
  return nowMs - lastHeardMs(link) > DEVICE_LINK_LEASE_MS;
}

/**
 * The spec's device fields of a patient (point 3), derived from its active devices (newest first):
 * whether it has one, what it is (the wearable provider's name for a WHOOP link), and whether one is
 * connected now. Read-only in the API.
 */
export function patientDeviceFields(devices: readonly PatientDevice[]): {
  hasVitalWatch: boolean;
  vitalWatchType: string | null;
  vitalWatchConnected: boolean;
} {
  const newest = devices[0];
  return {
    hasVitalWatch: devices.length > 0,
    vitalWatchType: newest
      ? newest.connectionType === CONNECTION_TYPES.whoop
        ? 'WHOOP'
        : (newest.deviceName ?? newest.connectionType)
      : null,
    vitalWatchConnected: devices.some((d) => d.status === 'connected'),
  };
}

const deviceId = z
  .string({ error: 'deviceId is required: the id the browser or bridge gives the device' })
  .trim()
  .min(1, 'deviceId must not be empty')
  .max(200, 'deviceId must be at most 200 characters');

export const DeviceLinkCreateInput = z.object({
  patientId: recordId('patientId'),
  deviceId,
  deviceName: z.string().trim().max(200, 'deviceName must be at most 200 characters').nullish(),
  connectionType: z.enum(LINK_CONNECTION_TYPES, {
    error: `connectionType must be one of ${LINK_CONNECTION_TYPES.join(', ')}`,
  }),
  batteryLevel: BatteryLevelInput,
});
export type DeviceLinkCreateInput = z.infer<typeof DeviceLinkCreateInput>;

export const DeviceLinkUpdateInput = z
  .object({
    state: z
      .enum(DEVICE_LINK_STATES, { error: `state must be one of ${DEVICE_LINK_STATES.join(', ')}` })
      .optional(),
    batteryLevel: BatteryLevelInput,
  })
  .refine((v) => v.state !== undefined || v.batteryLevel !== undefined, {
    error: 'Send at least one field to change (state, batteryLevel)',
  });
export type DeviceLinkUpdateInput = z.infer<typeof DeviceLinkUpdateInput>;

export const DeviceLinksQuery = z.object({
  patientId: recordIdParam('patientId').optional(),
});
