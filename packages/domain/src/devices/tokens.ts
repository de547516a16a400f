import { z } from 'zod';
import { recordId } from '../ids.ts';
import { DeviceLink, DeviceLinkCreateInput } from './links.ts';
import { CONNECTION_TYPES } from './sources.ts';

/** Device tokens: a bearer credential for one patient's readings (decision 006). */

/** Connection types of a device that uploads with a device token (the bridge's real and simulated devices). */
export const TOKEN_LINK_CONNECTION_TYPES = [CONNECTION_TYPES.bridge, CONNECTION_TYPES.simulation] as const;

/**
 * The device a token is issued for: the server links it to the token's patient in the same request,
 * so the link is the server's from the start (no screen has to remember it, and closing the tab that
 * asked for the token leaves nothing half done). Refused like any link (a simulated device on a real
 * patient, 409; simulation turned off, 403), and then no token is issued.
 */
export const DeviceTokenDeviceInput = DeviceLinkCreateInput.pick({
  deviceId: true,
  deviceName: true,
  batteryLevel: true,
}).extend({
  connectionType: z.enum(TOKEN_LINK_CONNECTION_TYPES, {
    error: `device.connectionType must be one of ${TOKEN_LINK_CONNECTION_TYPES.join(', ')}`,
  }),
});
export type DeviceTokenDeviceInput = z.infer<typeof DeviceTokenDeviceInput>;

export const DeviceTokenCreateInput = z.object({
  patientId: recordId('patientId'),
  label: z
    .string()
    .trim()
    .min(1, 'Label must not be empty')
    .max(100, 'Label must be at most 100 characters')
    .default('Device'),
  expiresInDays: z
    .number('expiresInDays must be a number: 1–365')
    .int('expiresInDays must be a whole number: 1–365')
    .min(1, 'expiresInDays must be within 1–365')
    .max(365, 'expiresInDays must be within 1–365')
    .default(30),
  device: DeviceTokenDeviceInput.optional(),
});
export type DeviceTokenCreateInput = z.infer<typeof DeviceTokenCreateInput>;

export const DeviceToken = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  label: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type DeviceToken = z.infer<typeof DeviceToken>;
/** Answer to POST /api/device-tokens: the only time the token itself is shown. */
export const DeviceTokenCreated = DeviceToken.extend({ token: z.string() });
export type DeviceTokenCreated = z.infer<typeof DeviceTokenCreated>;
/** Answer to POST /api/device-tokens: the token (shown once) and the link of its device, if one was named. */
export const DeviceTokenIssued = DeviceTokenCreated.extend({ link: DeviceLink.nullable() });
export type DeviceTokenIssued = z.infer<typeof DeviceTokenIssued>;
