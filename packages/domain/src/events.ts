import { z } from 'zod';
import { Alert } from './alerts/alerts.ts';
import { DeviceLink } from './devices/links.ts';
import { Patient, VitalReading } from './entities.ts';
import { LivePosition } from './live-position.ts';

/** Events of GET /api/events (server-sent events; the SSE id is `id`). */
export const LIVE_EVENT_TYPES = [
  'reading',
  'patient-updated',
  'alert-level-changed',
  'device-link-changed',
  'alert-changed',
  'ward-changed',
  'handover-changed',
  'ping',
  'stream-opened',
  'stream-ending',
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
    type: z.literal('alert-changed'),
    patientId: z.number().int(),
    data: Alert,
  }),
  /**
   * Beds, layout, settings or assignments changed: refetch the board (no patient data here).
   * `transfer`: a patient left or joined the ward with her open alerts (decision 035), so the alert
   * lists are read again too.
   */
  z.object({
    id: z.number().optional(),
    type: z.literal('ward-changed'),
    patientId: z.null().optional(),
    data: z.object({ transfer: z.boolean().optional() }).optional(),
  }),
  /** A handover was given or accepted: refetch the handover lists. */
  z.object({
    id: z.number().optional(),
    type: z.literal('handover-changed'),
    patientId: z.number().int(),
    data: z.object({ handoverId: z.number().int() }),
  }),
  z.object({
    id: z.number().optional(),
    type: z.literal('ping'),
    patientId: z.null().optional(),
    data: z.unknown().optional(),
  }),
  /** The stream's first event: it carries every event sent after `position` (no id: not replayed). */
  z.object({
    id: z.number().optional(),
    type: z.literal('stream-opened'),
    patientId: z.null().optional(),
    data: z.object({ position: LivePosition }),
  }),
  /**
   * The server is shutting down (a restart): open a stream again, at a random moment within
   * `reconnectWithinMs`, and another instance answers it with what was missed (no id: not replayed).
   */
  z.object({
    id: z.number().optional(),
    type: z.literal('stream-ending'),
    patientId: z.null().optional(),
    data: z.object({ reconnectWithinMs: z.number().int().min(0) }),
  }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;
