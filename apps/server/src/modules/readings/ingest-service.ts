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
import type { Run } from '../../db/prepared.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, unprocessable } from '../../lib/errors.ts';
import type { AlertService } from '../alerts/service.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { LiveEventRow, LiveEventsService } from '../events/service.ts';
import { changeEvents, withReadings } from '../patients/clinical-state.ts';
import { apply } from '../patients/patient-writer.ts';
import { changesOf } from './ingest-changes.ts';
import { ingestStatements, storedReading } from './ingest-repository.ts';

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
export type IngestReading = DeviceReadingInput & {
  windowStart?: string | null;
  windowEnd?: string | null;
  /** The reading whose values this one corrects (a correction's own reading, decision 029). */
  corrects?: number;
};
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
  /** The clinical alert follows each changed score, in the ingest's transaction. */
  alerts: Pick<AlertService, 'onPatientChanged'>;
  /** Whether simulated readings ("Use Demo Device", the bridge's simulation) are stored at all. */
  acceptSimulated: boolean;
  /** Counts the readings stored, by provenance (GET /metrics). */
  metrics?: { readingsIngested(provenances: readonly string[]): void };
}) {
  const { database, clock, liveEvents } = deps;

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

  /**
   * Stores a batch in the caller's transaction (`run`): locks its patients, inserts the readings,
   * applies those that count to their patients, follows each changed score with its alert, records
   * the live events and a person's audit row. Returns the answer and the live events to announce
   * once the transaction commits. Unless `skipStored`, a reading already stored fails the statement.
   */
  async function store(
    run: Run,
    list: IngestReading[],
    times: number[],
    actor: IngestActor,
    skipStored: boolean,
  ): Promise<{ answer: DeviceReadingsResponse; events: LiveEventRow[]; stored: ReadingProvenance[] }> {
    const q = ingestStatements(run);
    const sent = classify(list, actor.sender);
    const { patients: locked, simulated, keys } = await q.lockAndInsert(sent, actor.userId, skipStored);
    const classed = storedClasses(sent, simulated);
    const stored = classed.flatMap((r, i) => (keys[i] ? [r.provenance] : []));
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
      throw conflict(`${at(list, refused)}${SIMULATION_REAL_PATIENT_MESSAGE}`, 'SIMULATION_REAL_PATIENT');
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
    // A reading is the same one only for the same patient, device and time, so nothing sent for one
    // patient can stand in for, or refuse, another patient's reading.
    const earlier = new Map<string, number>();
    const sameReading = (patientId: number, deviceId: string | null | undefined, time: number) =>
      `${patientId}|${deviceId}|${time}`;
    if (storedNow < list.length) {
      const resent = list.flatMap((r, i) =>
        // The sent time, not `times`: PostgreSQL keeps microseconds, a Date only milliseconds.
        keys[i] ? [] : [{ patientId: r.patientId, deviceId: r.deviceId!, readingTime: r.readingTime }],
      );
      for (const row of await q.findByDeviceTimes(resent))
        earlier.set(sameReading(row.patientId, row.deviceId, row.readingTime.getTime()), row.id);
    }
    const refs = list.map((r, i) => {
      const readingTime = canonicalTime(r.readingTime, times[i]!);
      const id = keys[i]?.id ?? earlier.get(sameReading(r.patientId, r.deviceId, times[i]!))!;
      return { id, patientId: r.patientId, deviceId: r.deviceId ?? null, readingTime };
    });

    const nowMs = clock.now().getTime();
    const { events, changed, scored } = changesOf(
      {
        changeEvents: (before, after) => changeEvents(before, after, nowMs),
        withReadings: (before, readings) => withReadings(before, readings, nowMs),
      },
      locked,
      byPatient,
      (i) => storedReading(classed[i]!, new Date(times[i]!), keys[i]!, actor.userId),
    );
    for (const { before, after, trigger, readingId } of scored) {
      events.push(...(await deps.alerts.onPatientChanged(run, before, after, trigger, readingId)));
    }
    const recorded = await apply(run, {
      kind: 'observations',
      rows: changed,
      recordWith: (prelude) => liveEvents.record(run, events, prelude),
    });
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
    return { answer: { count: refs.length, readings: refs }, events: recorded, stored };
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
          const { answer, events, stored } = await store(run, list, times, actor, skipStored);
          committedEvents = events;
          storedProvenances = stored;
          if (scopedKey) await q.storeAnswer(scopedKey, answer);
          return answer;
        });
      const answer = await attempt(false).catch((error: unknown) => {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) return attempt(true);
        throw error;
      });
      liveEvents.committed(committedEvents);
      deps.metrics?.readingsIngested(storedProvenances);
      return answer;
    },

    /**
     * A person's observations stored in the caller's transaction (`run`), by the same path as every
     * other reading: an admission's set, a change of vitals through an edit. The patient must be
     * locked or written in that transaction already. Returns the live events to announce once it
     * commits (`liveEvents.committed`).
     */
    async recordIn(
      run: Run,
      list: IngestReading[],
      actor: IngestActor,
    ): Promise<{ events: LiveEventRow[]; stored: DeviceReadingsResponse }> {
      const times = checkInput(list, actor);
      const { events, answer, stored } = await store(run, list, times, actor, false);
      // Counted as stored: the caller's transaction commits it (an admission, an edit) or, rarely, not.
      deps.metrics?.readingsIngested(stored);
      return { events, stored: answer };
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
