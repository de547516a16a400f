import { measurementsOf, type VitalReading } from '@vigil/domain';
import type { vitalReadings } from './schema.ts';

// Row → wire shape: dates become ISO strings, and nothing outside the schema leaves the server.
export const toVitalReading = (
  /** With the name of who marked it entered in error, when it is and the query read it. */
  r: typeof vitalReadings.$inferSelect & { correctedByName?: string | null },
): VitalReading => ({
  id: r.id,
  patientId: r.patientId,
  deviceId: r.deviceId,
  deviceName: r.deviceName,
  connectionType: r.connectionType,
  readingTime: r.readingTime.toISOString(),
  ...measurementsOf(r),
  batteryLevel: r.batteryLevel,
  steps: r.steps,
  sleepHours: r.sleepHours,
  recordedBy: r.recordedBy,
  createdAt: r.createdAt.toISOString(),
  provenance: r.provenance,
  windowStart: r.windowStart?.toISOString() ?? null,
  windowEnd: r.windowEnd?.toISOString() ?? null,
  status: r.status,
  corrects: r.corrects,
  correction:
    r.status === 'entered-in-error' && r.correctedAt
      ? {
          by: r.correctedBy,
          byName: r.correctedByName ?? null,
          at: r.correctedAt.toISOString(),
          reason: r.correctionReason ?? '',
        }
      : null,
});
