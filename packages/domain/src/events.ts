import { z } from 'zod';
import { DeviceLink } from './devices/links.ts';
import { Patient, VitalReading } from './entities.ts';

/** Events of GET /api/events (server-sent events; the SSE id is `id`). */
export const LIVE_EVENT_TYPES = [
  'reading',
  'patient-updated',
  'alert-level-changed',
  'device-link-changed',
  'ping',
] as const;
/** `truncated`: a large batch; only its latest readings are here, so reload the history. */
export const ReadingEventData = z.object({
  readings: z.array(VitalReading),
  truncated: z.boolean().optional(),
});
export const AlertLevelChangedData = z.object({
  from: z.enum(['NORMAL', 'ATTENTION', 'URGENT', 'CRITICAL']),
  to: z.enum(['NORMAL', 'ATTENTION', 'URGENT', 'CRITICAL']),
  news2Total: z.number().int(),
});
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({
    id: z.number().optional(),
    type: z.literal('reading'),
    patientId: z.number().int(),
    data: ReadingEventData,
  }),
  z.object({
    id: z.number().optional(),
    type: z.literal('patient-updated'),
    patientId: z.number().int(),
    data: Patient,
  }),
  z.object({
    id: z.number().optional(),
    type: z.literal('alert-level-changed'),
    patientId: z.number().int(),
    data: AlertLevelChangedData,
  }),
  z.object({
    id: z.number().optional(),
    type: z.literal('device-link-changed'),
    patientId: z.number().int(),
    data: DeviceLink,
  }),
  z.object({
    id: z.number().optional(),
    type: z.literal('ping'),
    patientId: z.null().optional(),
    data: z.unknown().optional(),
  }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;
