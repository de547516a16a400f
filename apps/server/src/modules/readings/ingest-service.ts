import { createHash } from 'node:crypto';
import {
  classifyReading,
  type DeviceReadingInput,
  type DeviceReadingsResponse,
  MAX_FUTURE_SKEW_MS,
  mayAttachTo,
  type ReadingProvenance,
  type ReadingSender,
  SIMULATION_REAL_PATIENT_MESSAGE,
  SIMULATION_REFUSED_MESSAGE,
} from '@vigil/domain';
import type { Database } from '../../db/client.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, unprocessable } from '../../lib/errors.ts';
import type { AlertService } from '../alerts/service.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { LiveEventRow, LiveEventsService } from '../events/service.ts';
import type { PatientService } from '../patients/service.ts';
import { changesOf } from './ingest-changes.ts';
import { ingestStatements, storedReading } from './ingest-repository.ts';
import type { ReadingRow } from './repository.ts';

export interface IngestActor {
  userId: number | null;
  /** Who hands the readings over: decides their class with the device's link (decision 014). */
  sender: ReadingSender;
  device: { tokenId: number; patientId: number } | null;
  /**
   * A person who recorded observations (typed, or from a device they connected): their audit
   * actor. Device-token readings are not audited one by one: a device sends every few seconds, and
   * the trail records what people do (the device's token and link have rows of their own).
   */
  audit?: AuditActor | null;
}

/**
 * A reading as the ingest takes it: as sent, and for a wearable's summary (the server's own poll)
 * the past window it describes.
 */
export type IngestReading = DeviceReadingInput & { windowStart?: string | null; windowEnd?: string | null };
/**
 * A reading with the class the ingest gave it: what is stored (`provenanceIfSimulated`: its class
 * instead when its device's active link is simulated, where that differs).
 */
type ClassedReading = IngestReading & {
  provenance: ReadingProvenance;
  provenanceIfSimulated?: ReadingProvenance;
};

/** A reading time as the answer gives it: the sent text when it already is the canonical form. */
const canonicalTime = (sent: string, time: number) =>
  sent.length === 24 && sent.endsWith('Z') ? sent : new Date(time).toISOString();

/** Where in the request a problem is: "readings[3]." in a batch, nothing for a single reading. */
const at = (list: unknown[], i: number) => (list.length > 1 ? `readings[${i}].` : '');

/**
 * The one ingest path for every reading (manual, Bluetooth, bridge, wearable): validated, stored
 * before the answer, deduplicated, applied to the patient when newer, and recorded as live events,
 * all in one transaction.
 */
export function createIngestService(deps: {
  database: Pick<Database, 'transaction'>;
  /** Records a person's observations in the audit trail, in the ingest's transaction. */
  audit: Pick<AuditService, 'recordIn'>;
  clock: Clock;
  liveEvents: Pick<LiveEventsService, 'record' | 'committed'>;
  patients: Pick<PatientService, 'changeEvents' | 'withReadings'>;
  /** The clinical alert follows each changed score, in the ingest's transaction. */
  alerts: Pick<AlertService, 'onPatientChanged'>;
  /** Whether simulated readings ("Use Demo Device", the bridge's simulation) are stored at all. */
  acceptSimulated: boolean;
  /** Counts the readings stored, by provenance (GET /metrics). */
  metrics?: { readingsIngested(provenances: readonly string[]): void };
}) {
  const { database, clock, liveEvents, patients } = deps;

  /** Checks what the schema cannot; returns each reading's time in epoch milliseconds. */
  function checkInput(list: IngestReading[], actor: IngestActor): number[] {
    const latestAllowed = clock.now().getTime() + MAX_FUTURE_SKEW_MS;
    return list.map((r, i) => {
      const time = Date.parse(r.readingTime);
      if (time > latestAllowed) {
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
      return time;
    });
  }

  /**
   * Each reading's class (decision 014): by its sender, its declared connection and, for a device,
   * whether its active link is a simulated one (never by its name). The link is read in the
   * statement that stores the batch, so each reading goes with its class both ways: as it is when
   * its device has no simulated link, and where that differs, as it is when it has one.
   */
  function classify(list: IngestReading[], sender: ReadingSender): ClassedReading[] {
    return list.map((r) => {
      const reading = { sender, deviceId: r.deviceId, connectionType: r.connectionType };
      const provenance = classifyReading({ ...reading, linkSimulated: null });
      if (!r.deviceId) return { ...r, provenance };
      const ifSimulated = classifyReading({ ...reading, linkSimulated: true });
      return ifSimulated === provenance
        ? { ...r, provenance }
        : { ...r, provenance, provenanceIfSimulated: ifSimulated };
    });
  }

  /**
   * The class each reading was stored with, now that the statement told which devices have an
   * active simulated link (set on this attempt's own copies). Simulated readings are refused
   * outright on a server that accepts none (the transaction rolls back).
   */
  function storedClasses(sent: ClassedReading[], simulated: Set<string>): ClassedReading[] {
    sent.forEach((r, i) => {
      if (r.provenanceIfSimulated && r.deviceId && simulated.has(r.deviceId)) {
        r.provenance = r.provenanceIfSimulated;
      }
      if (r.provenance === 'simulation' && !deps.acceptSimulated) {
        throw forbidden(`${at(sent, i)}${SIMULATION_REFUSED_MESSAGE}`, 'SIMULATION_DISABLED');
      }
    });
    return sent;
  }

  return {
    async ingest(
      list: IngestReading[],
      actor: IngestActor,
      idempotencyKey?: string,
    ): Promise<DeviceReadingsResponse> {
      const times = checkInput(list, actor);
      const scopedKey = idempotencyKey
        ? `${actor.device ? `token:${actor.device.tokenId}` : `user:${actor.userId}`}:${idempotencyKey}`
        : null;
      // What the key promises: the same readings. A different body under it is refused.
      const requestHash = scopedKey ? createHash('sha256').update(JSON.stringify(list)).digest('hex') : null;
      let committedEvents: LiveEventRow[] = [];
      let storedProvenances: ReadingProvenance[] = [];

      // A resend is rare: the readings are first inserted as new, and only when one turns out to
      // be stored already (a unique violation) is the whole transaction run again, skipping those.
      const attempt = (skipStored: boolean) =>
        database.transaction(async (run): Promise<DeviceReadingsResponse> => {
          const q = ingestStatements(run);
          // Claimed first: a concurrent request with the same key waits here until we commit.
          if (scopedKey && !(await q.claimKey(scopedKey, requestHash!))) {
            const stored = await q.storedAnswer(scopedKey);
            if (stored?.requestHash && stored.requestHash !== requestHash) {
              throw unprocessable(
                'This Idempotency-Key was already used for different readings; send new readings with a new key',
                'IDEMPOTENCY_KEY_REUSED',
              );
            }
            return stored?.response as DeviceReadingsResponse;
          }

          const sent = classify(list, actor.sender);
          const { patients: locked, simulated, keys } = await q.lockAndInsert(sent, actor.userId, skipStored);
          const classed = storedClasses(sent, simulated);
          storedProvenances = classed.flatMap((r, i) => (keys[i] ? [r.provenance] : []));
          const byId = new Map(locked.map((p) => [p.id, p]));
          const missing = list.findIndex((r) => !byId.has(r.patientId));
          if (missing >= 0) {
            throw unprocessable(
              `${at(list, missing)}patientId: there is no patient ${list[missing]!.patientId}`,
              'UNKNOWN_PATIENT',
            );
          }
          // Simulated and demo values never reach a real patient (the batch is not stored).
          const refused = classed.findIndex((r) => !mayAttachTo(r.provenance, byId.get(r.patientId)!));
          if (refused >= 0) {
            throw conflict(
              `${at(list, refused)}${SIMULATION_REAL_PATIENT_MESSAGE}`,
              'SIMULATION_REAL_PATIENT',
            );
          }
          // The readings stored now, by patient, as positions in the batch.
          const byPatient = new Map<number, number[]>();
          let storedNow = 0;
          keys.forEach((key, i) => {
            if (!key) return;
            storedNow++;
            const same = byPatient.get(list[i]!.patientId);
            if (same) same.push(i);
            else byPatient.set(list[i]!.patientId, [i]);
          });

          // Readings already stored (a resend): answer with the stored ids, exactly as the first time.
          const earlier = new Map<string, ReadingRow>();
          const deviceTime = (deviceId: string | null | undefined, time: number) => `${deviceId}|${time}`;
          if (storedNow < list.length) {
            const resent = list.flatMap((r, i) =>
              // The sent time, not `times`: PostgreSQL keeps microseconds, a Date only milliseconds.
              keys[i] ? [] : [{ deviceId: r.deviceId!, readingTime: r.readingTime }],
            );
            for (const row of await q.findByDeviceTimes(resent))
              earlier.set(deviceTime(row.deviceId, row.readingTime.getTime()), row);
          }
          const refs = list.map((r, i) => {
            const readingTime = canonicalTime(r.readingTime, times[i]!);
            const id = keys[i]?.id;
            if (id !== undefined)
              return { id, patientId: r.patientId, deviceId: r.deviceId ?? null, readingTime };
            const row = earlier.get(deviceTime(r.deviceId, times[i]!))!;
            if (row.patientId !== r.patientId) {
              throw conflict(
                `${at(list, i)}deviceId: device ${r.deviceId} already sent a reading at ${readingTime} for another patient; check the device's patient assignment`,
                'DEVICE_READING_CONFLICT',
              );
            }
            return { id: row.id, patientId: row.patientId, deviceId: row.deviceId, readingTime };
          });

          const { events, changed, scored } = changesOf(patients, locked, byPatient, (i) =>
            storedReading(classed[i]!, new Date(times[i]!), keys[i]!, actor.userId),
          );
          for (const { before, after, trigger } of scored) {
            events.push(...(await deps.alerts.onPatientChanged(run, before, after, trigger)));
          }
          committedEvents = await liveEvents.record(run, events, q.newVitals(changed));
          // A person's observations: one audit row per patient, in this transaction.
          if (actor.audit && !actor.device) {
            for (const [patientId, positions] of byPatient) {
              await deps.audit.recordIn(run, {
                actor: actor.audit,
                action: 'create',
                entityType: 'Observation',
                patientId,
                detail: `${positions.length} reading${positions.length === 1 ? '' : 's'}`,
              });
            }
          }

          const result: DeviceReadingsResponse = { count: refs.length, readings: refs };
          if (scopedKey) await q.storeAnswer(scopedKey, result);
          return result;
        });
      const answer = await attempt(false).catch((error: unknown) => {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) return attempt(true);
        throw error;
      });
      liveEvents.committed(committedEvents);
      deps.metrics?.readingsIngested(storedProvenances);
      return answer;
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
