import { z } from 'zod';
import { recordId } from '../ids.ts';

/** Device tokens: a bearer credential for one patient's readings (decision 006). */

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
