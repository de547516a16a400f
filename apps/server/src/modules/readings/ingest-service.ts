import { type DeviceReadingInput, type DeviceReadingsResponse, MAX_FUTURE_SKEW_MS } from '@vigil/domain';
import type { Db } from '../../db/client.ts';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/errors.ts';
import type { patients } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, unprocessable } from '../../lib/errors.ts';
import {
  type LiveEventRow,
  type LiveEvents,
  type NewLiveEvent,
  patientChangeEvents,
} from '../events/live-events.ts';
import { toVitalReading } from '../patients/mappers.ts';
import { ingestStatements, type NewReading, type ReadingRepository, type ReadingRow } from './repository.ts';

type PatientRow = typeof patients.$inferSelect;

/** Readings carried by one live event; a larger batch sends its latest ones, flagged `truncated`. */
const MAX_READINGS_PER_EVENT = 20;

export interface IngestActor {
  userId: number | null;
  device: { tokenId: number; patientId: number } | null;
}

const identity = (patientId: number, deviceId: string | null | undefined, time: Date) =>
  `${patientId}|${deviceId ?? ''}|${time.getTime()}`;

/** The patient fields a reading sets, when it carries them. */
function vitalsPatch(r: ReadingRow): Partial<PatientRow> {
  const patch: Partial<PatientRow> = {};
  if (r.heartRate !== null) patch.pulse = r.heartRate;
  if (r.oxygenLevel !== null) patch.oxygenLevel = r.oxygenLevel;
  if (r.systolicBP !== null) patch.systolicBP = r.systolicBP;
  if (r.diastolicBP !== null) patch.diastolicBP = r.diastolicBP;
  if (r.temperature !== null) patch.temperature = r.temperature;
  if (r.respiratoryRate !== null) patch.respiratoryRate = r.respiratoryRate;
  if (r.consciousness !== null) patch.consciousness = r.consciousness;
  if (r.onSupplementalOxygen !== null) patch.onSupplementalOxygen = r.onSupplementalOxygen;
  return patch;
}

const toNewReading = (r: DeviceReadingInput, recordedBy: number | null): NewReading => ({
  patientId: r.patientId,
  deviceId: r.deviceId ?? null,
  deviceName: r.deviceName ?? null,
  connectionType: r.connectionType ?? null,
  readingTime: new Date(r.readingTime),
  heartRate: r.heartRate ?? null,
  oxygenLevel: r.oxygenLevel ?? null,
  systolicBP: r.systolicBP ?? null,
  diastolicBP: r.diastolicBP ?? null,
  temperature: r.temperature ?? null,
  respiratoryRate: r.respiratoryRate ?? null,
  consciousness: r.consciousness ?? null,
  onSupplementalOxygen: r.onSupplementalOxygen ?? null,
  batteryLevel: r.batteryLevel ?? null,
  steps: r.steps ?? null,
  sleepHours: r.sleepHours ?? null,
  recordedBy,
});

/**
 * The one ingest path for every reading (manual, Bluetooth, bridge, wearable): validated, stored
 * before the answer, deduplicated, applied to the patient when newer, and recorded as live events,
 * all in one transaction.
 */
export function createIngestService(deps: {
  db: Db;
  clock: Clock;
  liveEvents: LiveEvents;
  readings: ReadingRepository;
}) {
  const { db, clock, liveEvents, readings } = deps;

  function checkInput(list: DeviceReadingInput[], actor: IngestActor) {
    const latestAllowed = clock.now().getTime() + MAX_FUTURE_SKEW_MS;
    const where = (i: number) => (list.length > 1 ? `readings[${i}].` : '');
    list.forEach((r, i) => {
      if (Date.parse(r.readingTime) > latestAllowed) {
        throw unprocessable(
          `${where(i)}readingTime ${r.readingTime} is in the future; check the device clock (at most 5 minutes ahead is accepted)`,
          'READING_IN_FUTURE',
        );
      }
      if (actor.device && r.patientId !== actor.device.patientId) {
        throw forbidden(
          `This device token may only send readings for patient ${actor.device.patientId}, not ${r.patientId}`,
          'TOKEN_SCOPE',
        );
      }
    });
  }

  /** After a foreign-key failure: which reading named a patient that does not exist. */
  async function unknownPatient(list: DeviceReadingInput[]) {
    const where = (i: number) => (list.length > 1 ? `readings[${i}].` : '');
    const found = await readings.existingPatientIds([...new Set(list.map((r) => r.patientId))]);
    const i = list.findIndex((r) => !found.has(r.patientId));
    return i >= 0
      ? unprocessable(`${where(i)}patientId: there is no patient ${list[i]!.patientId}`, 'UNKNOWN_PATIENT')
      : null;
  }

  return {
    async ingest(
      list: DeviceReadingInput[],
      actor: IngestActor,
      idempotencyKey?: string,
    ): Promise<DeviceReadingsResponse> {
      checkInput(list, actor);
      const scopedKey = idempotencyKey
        ? `${actor.device ? `token:${actor.device.tokenId}` : `user:${actor.userId}`}:${idempotencyKey}`
        : null;
      let committedEvents: LiveEventRow[] = [];

      const answer = await db
        .transaction(async (tx): Promise<DeviceReadingsResponse> => {
          const q = ingestStatements(tx as unknown as Db);
          // Claimed first: a concurrent request with the same key waits here until we commit.
          if (scopedKey && !(await q.claimKey(scopedKey)))
            return (await q.storedAnswer(scopedKey)) as DeviceReadingsResponse;

          const values = list.map((r) => toNewReading(r, actor.userId));
          const inserted = await q.insertReadings(values);

          // Readings already stored (a resend): answer with the stored ids, exactly as the first time.
          const byIdentity = new Map<string, ReadingRow[]>();
          const remember = (row: ReadingRow) => {
            const key = identity(row.patientId, row.deviceId, row.readingTime);
            byIdentity.set(key, [...(byIdentity.get(key) ?? []), row]);
          };
          inserted.forEach(remember);
          const resent = values.filter(
            (v) => v.deviceId && !byIdentity.has(identity(v.patientId, v.deviceId, v.readingTime)),
          );
          (
            await q.findByDeviceTimes(
              resent.map((v) => ({ deviceId: v.deviceId!, readingTime: v.readingTime })),
            )
          ).forEach(remember);
          const refs = values.map((v) => {
            const candidates = byIdentity.get(identity(v.patientId, v.deviceId, v.readingTime)) ?? [];
            const row = candidates.length > 1 ? candidates.shift()! : candidates[0]!;
            return {
              id: row.id,
              patientId: row.patientId,
              deviceId: row.deviceId,
              readingTime: row.readingTime.toISOString(),
            };
          });

          const byPatient = new Map<number, ReadingRow[]>();
          for (const r of inserted) byPatient.set(r.patientId, [...(byPatient.get(r.patientId) ?? []), r]);
          const events: NewLiveEvent[] = [];
          for (const [patientId, rows] of byPatient) {
            // A big backfill sends its latest readings and says so; screens then reload the window.
            const byTime = [...rows].sort((a, b) => a.readingTime.getTime() - b.readingTime.getTime());
            const latest =
              byTime.length > MAX_READINGS_PER_EVENT ? byTime.slice(-MAX_READINGS_PER_EVENT) : byTime;
            events.push({
              type: 'reading',
              patientId,
              data: {
                readings: latest.map(toVitalReading),
                ...(latest !== byTime ? { truncated: true } : {}),
              },
            });
            const before = await q.lockPatient(patientId);
            if (!before) continue;
            const newer = byTime.filter((r) => r.readingTime > before.lastUpdated);
            if (newer.length === 0) continue; // an older reading joins the history only
            const patch: Partial<PatientRow> = Object.assign({}, ...newer.map(vitalsPatch));
            patch.lastUpdated = newer[newer.length - 1]!.readingTime;
            events.push(...patientChangeEvents(before, await q.updatePatient(patientId, patch)));
          }
          committedEvents = await liveEvents.record(tx as unknown as Db, events);

          const result: DeviceReadingsResponse = { count: refs.length, readings: refs };
          if (scopedKey) await q.storeAnswer(scopedKey, result);
          return result;
        })
        .catch(async (error: unknown) => {
          // The foreign key, not a query before every ingest, catches an unknown patient.
          if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw (await unknownPatient(list)) ?? error;
          throw error;
        });
      liveEvents.committed(committedEvents);
      return answer;
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
