import { z } from 'zod';
import { BatteryLevelInput } from './devices/battery.ts';
import { VitalReading } from './entities.ts';
import { recordId } from './ids.ts';
import { isoDateTime } from './time.ts';
import { VITAL_READING_FIELDS } from './vitals/catalogue.ts';
import { BP_ORDER_MESSAGE, readingVitalsShape } from './vitals/schemas.ts';

/** Ingest of vital readings (POST /api/device-readings): one path for every source. */

export const MAX_READINGS_PER_REQUEST = 500;
/** Readings dated further ahead than this are refused (a device clock gone wrong). */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;

/**
 * What a reading may carry: the vital signs, and the device's battery, steps and sleep, in the
 * order the stored reading lists them.
 */
type DeviceReadingMeasurements = Pick<
  VitalReading,
  (typeof VITAL_READING_FIELDS)[number] | 'batteryLevel' | 'steps' | 'sleepHours'
>;
const MEASUREMENT_FIELDS = new Set<string>([...VITAL_READING_FIELDS, 'batteryLevel', 'steps', 'sleepHours']);
const MEASUREMENTS = Object.keys(VitalReading.shape).filter((key) =>
  MEASUREMENT_FIELDS.has(key),
) as (keyof DeviceReadingMeasurements)[];

export const DeviceReadingInput = z
  .object({
    patientId: recordId('patientId'),
    /** Stable id of the sending device; a resent reading (same device and readingTime) is stored once. */
    deviceId: z
      .string()
      .trim()
      .min(1, 'deviceId must not be empty')
      .max(200, 'deviceId must be at most 200 characters')
      .nullish(),
    deviceName: z.string().trim().max(200, 'deviceName must be at most 200 characters').nullish(),
    connectionType: z.string().trim().max(100, 'connectionType must be at most 100 characters').nullish(),
    readingTime: isoDateTime('readingTime'),
    ...readingVitalsShape(),
    batteryLevel: BatteryLevelInput,
    steps: z
      .number('steps must be a number: 0–200000')
      .int('steps must be a whole number: 0–200000')
      .min(0, 'steps must be within 0–200000')
      .max(200_000, 'steps must be within 0–200000')
      .nullish(),
    sleepHours: z
      .number('sleepHours must be a number: 0–24 hours')
      .min(0, 'sleepHours must be within 0–24 hours')
      .max(24, 'sleepHours must be within 0–24 hours')
      .nullish(),
  })
  .refine((r) => MEASUREMENTS.some((m) => r[m] !== undefined && r[m] !== null), {
    error: `A reading needs at least one measurement (${MEASUREMENTS.join(', ')})`,
  })
  .refine((r) => r.systolicBP == null || r.diastolicBP == null || r.diastolicBP < r.systolicBP, {
    path: ['diastolicBP'],
    error: BP_ORDER_MESSAGE,
  });
export type DeviceReadingInput = z.infer<typeof DeviceReadingInput>;

/** A batch of up to 500 readings (stored all or nothing). */
export const DeviceReadingsBatch = z
  .array(DeviceReadingInput)
  .min(1, 'Send at least one reading')
  .max(MAX_READINGS_PER_REQUEST, `Send one reading object or an array of up to ${MAX_READINGS_PER_REQUEST}`);

export const StoredReadingRef = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  deviceId: z.string().nullable(),
  readingTime: z.iso.datetime({ offset: true }),
});
export const DeviceReadingsResponse = z.object({
  count: z.number().int(),
  readings: z.array(StoredReadingRef),
});
export type DeviceReadingsResponse = z.infer<typeof DeviceReadingsResponse>;

export const ReadingsQuery = z.object({
  limit: z.coerce
    .number('limit must be a number: 1–1000')
    .int('limit must be a whole number: 1–1000')
    .min(1, 'limit must be within 1–1000')
    .max(1000, 'limit must be within 1–1000')
    .default(20),
  /** Cursor from `nextBefore` of the previous page. */
  before: z.string().max(100).optional(),
  /** Only readings at or after this time (e.g. the last 24 hours for the trend chart). */
  since: isoDateTime('since').optional(),
});
export const ReadingsPage = z.object({ readings: z.array(VitalReading), nextBefore: z.string().nullable() });
export type ReadingsPage = z.infer<typeof ReadingsPage>;

/** GET /api/patients/{id}/news2-series: NEWS2 along the readings that count, from `since`. */
export const News2SeriesQuery = z.object({
  since: isoDateTime('since').optional(),
});

/** Longest reason a person gives for marking a reading entered in error. */
export const CORRECTION_REASON_MAX = 500;

/**
 * POST /api/patients/{id}/readings/{readingId}/entered-in-error: a person found an observation
 * wrong (decision 029). It is marked entered in error (FHIR's Observation status): it leaves the
 * patient's values, NEWS2, charts and trends, and stays in the history and the audit trail with who
 * corrected it. `correction` gives the right values, stored as a new reading at the same time.
 */
export const ReadingCorrectionInput = z.object({
  reason: z
    .string('reason must be text: why the reading is wrong')
    .trim()
    .min(1, 'Give a reason: why the reading is wrong (e.g. "recorded on the wrong patient")')
    .max(CORRECTION_REASON_MAX, `reason must be at most ${CORRECTION_REASON_MAX} characters`),
  correction: z
    .object(readingVitalsShape())
    .refine((r) => Object.values(r).some((value) => value !== undefined && value !== null), {
      error: 'correction needs at least one value, or leave it out to mark the reading without replacing it',
    })
    .refine((r) => r.systolicBP == null || r.diastolicBP == null || r.diastolicBP < r.systolicBP, {
      path: ['diastolicBP'],
      error: BP_ORDER_MESSAGE,
    })
    .optional(),
});
export type ReadingCorrectionInput = z.infer<typeof ReadingCorrectionInput>;

export const ReadingCorrection = z.object({
  /** The reading as it now is: entered in error, with who marked it. */
  marked: VitalReading,
  /** The correcting reading's id, when values were given. */
  correctionId: z.number().int().nullable(),
});
export type ReadingCorrection = z.infer<typeof ReadingCorrection>;
