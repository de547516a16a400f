import { z } from 'zod';
import { recordId, recordIdParam } from '../ids.ts';
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

export const DeviceLink = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  deviceId: z.string(),
  deviceName: z.string().nullable(),
  connectionType: z.enum(LINK_CONNECTION_TYPES),
  simulated: z.boolean(),
  state: z.enum(DEVICE_LINK_STATES),
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

/**
 * A browser holding a device (Web Bluetooth, or a demo device) says so every
 * DEVICE_LINK_HEARTBEAT_MS; the link of one not heard from, by heartbeat or reading, for
 * DEVICE_LINK_LEASE_MS is "Not reporting": its window was closed or its computer went to sleep, and
 * nothing will arrive from it. Links held by the server (WHOOP) or the bridge have no lease.
 */
export const DEVICE_LINK_HEARTBEAT_MS = 10_000;
export const DEVICE_LINK_LEASE_MS = 60_000;
const BROWSER_HELD: readonly string[] = [CONNECTION_TYPES.bluetooth, CONNECTION_TYPES.simulation];

/** Whether a link says connected (or reconnecting) although its browser has stopped reporting. */
export function isLinkSilent(
  link: Pick<DeviceLink, 'connectionType' | 'state' | 'lastSeenAt' | 'lastReadingAt' | 'endedAt'>,
  nowMs: number,
): boolean {
  if (link.endedAt || link.state === 'disconnected' || !BROWSER_HELD.includes(link.connectionType))
    return false;
  const seen = Math.max(Date.parse(link.lastSeenAt), link.lastReadingAt ? Date.parse(link.lastReadingAt) : 0);
  return nowMs - seen > DEVICE_LINK_LEASE_MS;
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
  batteryLevel: z
    .number('batteryLevel must be a number: 0–100 %')
    .int('batteryLevel must be a whole number: 0–100 %')
    .min(0, 'batteryLevel must be within 0–100 %')
    .max(100, 'batteryLevel must be within 0–100 %')
    .nullish(),
});
export type DeviceLinkCreateInput = z.infer<typeof DeviceLinkCreateInput>;

export const DeviceLinkUpdateInput = z
  .object({
    state: z
      .enum(DEVICE_LINK_STATES, { error: `state must be one of ${DEVICE_LINK_STATES.join(', ')}` })
      .optional(),
    batteryLevel: DeviceLinkCreateInput.shape.batteryLevel,
  })
  .refine((v) => v.state !== undefined || v.batteryLevel !== undefined, {
    error: 'Send at least one field to change (state, batteryLevel)',
  });
export type DeviceLinkUpdateInput = z.infer<typeof DeviceLinkUpdateInput>;

export const DeviceLinksQuery = z.object({
  patientId: recordIdParam('patientId').optional(),
});
