import { type DeviceReadingInput, type DeviceReadingsResponse, MAX_FUTURE_SKEW_MS } from '@vigil/domain';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, unprocessable } from '../../lib/errors.ts';
import {
  type LiveEventRow,
  type LiveEvents,
  type NewLiveEvent,
  patientChangeEvents,
} from '../events/live-events.ts';
import { toVitalReading } from '../patients/mappers.ts';
import { ingestStatements, type NewReading, type ReadingRow, type VitalsPatch } from './repository.ts';

/**
 * Readings carried by one live event. A larger batch (a backfill) sends only its latest reading,
 * flagged `truncated`: screens reload that history rather than merge part of it.
 */
const MAX_READINGS_PER_EVENT = 20;

export interface IngestActor {
  userId: number | null;
  device: { tokenId: number; patientId: number } | null;
}

/** The patient fields a reading sets, when it carries them. */
function vitalsPatch(r: ReadingRow): Partial<VitalsPatch> {
  const patch: Partial<VitalsPatch> = {};
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

/** Where in the request a problem is: "readings[3]." in a batch, nothing for a single reading. */
const at = (list: unknown[], i: number) => (list.length > 1 ? `readings[${i}].` : '');

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
  database: Pick<Database, 'transaction'>;
  clock: Clock;
  liveEvents: LiveEvents;
}) {
  const { database, clock, liveEvents } = deps;

  function checkInput(list: DeviceReadingInput[], actor: IngestActor) {
    const latestAllowed = clock.now().getTime() + MAX_FUTURE_SKEW_MS;
    list.forEach((r, i) => {
      if (Date.parse(r.readingTime) > latestAllowed) {
        throw unprocessable(
          `${at(list, i)}readingTime ${r.readingTime} is in the future; check the device clock (at most 5 minutes ahead is accepted)`,
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

      const answer = await database.transaction(async (run): Promise<DeviceReadingsResponse> => {
        const q = ingestStatements(run);
        // Claimed first: a concurrent request with the same key waits here until we commit.
        if (scopedKey && !(await q.claimKey(scopedKey)))
          return (await q.storedAnswer(scopedKey)) as DeviceReadingsResponse;

        // The patients first, in id order: concurrent ingests for a patient queue here, and none
        // can hold the row (as the readings' foreign-key checks do) while waiting for another.
        const locked = await q.lockPatients([...new Set(list.map((r) => r.patientId))]);
        const found = new Set(locked.map((p) => p.id));
        const missing = list.findIndex((r) => !found.has(r.patientId));
        if (missing >= 0) {
          throw unprocessable(
            `${at(list, missing)}patientId: there is no patient ${list[missing]!.patientId}`,
            'UNKNOWN_PATIENT',
          );
        }

        const values = list.map((r) => toNewReading(r, actor.userId));
        const stored = await q.insertReadings(values);
        const inserted = stored.filter((r): r is ReadingRow => r !== null);

        // Readings already stored (a resend): answer with the stored ids, exactly as the first time.
        const earlier = new Map<string, ReadingRow>();
        const deviceTime = (deviceId: string | null, time: Date) => `${deviceId}|${time.getTime()}`;
        if (inserted.length < values.length) {
          const resent = values.filter((_, i) => stored[i] === null);
          for (const row of await q.findByDeviceTimes(
            resent.map((v) => ({ deviceId: v.deviceId!, readingTime: v.readingTime })),
          ))
            earlier.set(deviceTime(row.deviceId, row.readingTime), row);
        }
        const refs = values.map((v, i) => {
          const row = stored[i] ?? earlier.get(deviceTime(v.deviceId, v.readingTime))!;
          if (row.patientId !== v.patientId) {
            throw conflict(
              `${at(list, i)}deviceId: device ${v.deviceId} already sent a reading at ${v.readingTime.toISOString()} for another patient; check the device's patient assignment`,
              'DEVICE_READING_CONFLICT',
            );
          }
          return {
            id: row.id,
            patientId: row.patientId,
            deviceId: row.deviceId,
            readingTime: row.readingTime.toISOString(),
          };
        });

        const byPatient = new Map<number, ReadingRow[]>();
        for (const r of inserted) {
          const rows = byPatient.get(r.patientId);
          if (rows) rows.push(r);
          else byPatient.set(r.patientId, [r]);
        }
        const events: NewLiveEvent[] = [];
        for (const before of locked) {
          const rows = byPatient.get(before.id);
          if (!rows) continue; // every reading for this patient was a resend
          const byTime = rows.sort((a, b) => a.readingTime.getTime() - b.readingTime.getTime());
          const latest = byTime[byTime.length - 1]!;
          events.push({
            type: 'reading',
            patientId: before.id,
            data:
              byTime.length > MAX_READINGS_PER_EVENT
                ? { readings: [toVitalReading(latest)], truncated: true }
                : { readings: byTime.map(toVitalReading) },
          });
          if (latest.readingTime <= before.lastUpdated) continue; // older readings join the history only
          const newer = byTime.filter((r) => r.readingTime > before.lastUpdated);
          const patch = Object.assign({}, ...newer.map(vitalsPatch)) as Partial<VitalsPatch>;
          const after = await q.updatePatientVitals(before.id, patch, latest.readingTime);
          events.push(...patientChangeEvents(before, after));
        }
        committedEvents = await liveEvents.record(run, events);

        const result: DeviceReadingsResponse = { count: refs.length, readings: refs };
        if (scopedKey) await q.storeAnswer(scopedKey, result);
        return result;
      });
      liveEvents.committed(committedEvents);
      return answer;
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
