import {
  BP_ORDER_MESSAGE,
  MONITORING_EXCEPTION_MAX_MS,
  type MonitoringException,
  type MonitoringExceptionInput,
  nextObservationDue,
  Patient,
  type PatientAdmission,
  type PatientChanges,
  type PatientDevice,
  type PatientListQuery,
  type TimelineEntry,
  VITAL_KEYS,
  VITAL_SIGN_BY_KEY,
  type VitalKey,
  type WardScope,
  withPatientFields,
  withUnrecordedVitals,
} from '@vigil/domain';
import type { Run } from '../../db/prepared.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { type Representation, represent } from '../../lib/representation.ts';
import type { AlertService } from '../alerts/service.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { LiveEventRow, LiveEventsService, NewLiveEvent } from '../events/service.ts';
import type { IngestReading, IngestService } from '../readings/ingest-service.ts';
import { changeEvents, news2Columns } from './clinical-state.ts';
import { storedNews2, toPatient } from './mappers.ts';
import type { PatientPatch, PatientRepository, PatientRow } from './repository.ts';
import { timelineOf } from './timeline.ts';
import { createWardSnapshot } from './ward-snapshot.ts';

export const PATIENT_NOT_FOUND = 'Patient not found';
/** What changes without an event (another instance's admission) shows here within this time. */
const WARD_SNAPSHOT_MAX_AGE_MS = 2000;

export function createPatientService(deps: {
  repo: PatientRepository;
  clock: Clock;
  liveEvents: Pick<LiveEventsService, 'record' | 'committed'>;
  audit: Pick<AuditService, 'record' | 'recordIn'>;
  /** A change of score raises, updates or ends the patient's clinical alert, in its transaction. */
  alerts: Pick<AlertService, 'onPatientChanged'>;
  /**
   * The one path of every observation: the vitals of an admission or an edit are a reading stored in
   * the same transaction, which sets the patient's values, sources and NEWS2 (decision 029).
   */
  ingest: Pick<IngestService, 'recordIn'>;
}) {
  const { repo, clock, liveEvents, audit, alerts, ingest } = deps;

  /** A person's observation of `values` (only those given) for a patient, now. */
  function observation(
    patientId: number,
    values: Partial<Record<VitalKey, unknown>>,
    now: Date,
  ): IngestReading {
    const measured = Object.fromEntries(
      VITAL_KEYS.flatMap((key) =>
        values[key] === null || values[key] === undefined ? [] : [[key, values[key]]],
      ),
    );
    return { patientId, readingTime: now.toISOString(), ...measured } as IngestReading;
  }
  // The list and the records are answered from the ward as last read, rendered once per change.
  const ward = createWardSnapshot({ repo, clock, maxAgeMs: WARD_SNAPSHOT_MAX_AGE_MS });

  async function require(id: number): Promise<PatientRow> {
    const row = await repo.get(id);
    if (!row) throw notFound(PATIENT_NOT_FOUND, 'PATIENT_NOT_FOUND');
    return row;
  }

  return {
    /** The ward list (spec point 9) of the wards a scope sees, as rendered JSON with its ETag. */
    list: (query: PatientListQuery, scope: WardScope | null = null): Promise<Representation> =>
      ward.list(query, scope),
    /** Every patient in the hospital, in ward order (not rendered: for handover drafts and the outreach list). */
    ward: (): Promise<Patient[]> => ward.patients(),
    /**
     * An answer derived from every patient and what else the caller holds, rendered and kept with the
     * list's answers (ward-snapshot.ts: the outreach list, decision 035).
     */
    derived: ward.derived,
    /** What else a derived answer read changed: rendered again next time. */
    forgetDerived: ward.forget,
    /** Every patient on one ward, in ward order (its board). */
    onWard: (wardId: number): Promise<Patient[]> => ward.patients(wardId),
    /** A patient's record as rendered JSON with its ETag; 404 for an unknown patient. */
    async record(id: number): Promise<Representation> {
      const answer = await ward.get(id);
      if (answer) return answer;
      // Not in the ward as last read: admitted since on another instance, or unknown (404).
      const row = await require(id);
      ward.changed();
      return represent(JSON.stringify(Patient.parse(toPatient(row, clock.now().getTime()))));
    },
    /**
     * A patient changed or was admitted, here or on another instance (its `patient-updated` live
     * event): the ward is read again for the next answer.
     */
    patientsChanged: () => ward.changed(),
    get: async (id: number): Promise<Patient> => toPatient(await require(id), clock.now().getTime()),
    /** 404 unless the patient exists: for the records hanging off a patient. */
    async assertExists(id: number) {
      if (!(await repo.exists(id))) throw notFound(PATIENT_NOT_FOUND, 'PATIENT_NOT_FOUND');
    },
    /**
     * Admits a patient: the vitals entered are a person's observations, a reading in the history
     * stored with the admission, which scores them at once (and raises an alert a high score needs).
     */
    async admit(input: PatientAdmission & { wardId: number }, actor: AuditActor): Promise<Patient> {
      const now = clock.now();
      const values = {
        ...withUnrecordedVitals(input),
        spo2Scale: input.spo2Scale ?? 1,
      };
      let events: LiveEventRow[] = [];
      // Stored without sources or a score: the admission's reading, below, gives them.
      const inserted = await repo.insert(
        { ...values, sources: {}, news2: null, news2Total: null, nextObservationDue: null },
        now,
        actor.userId!,
        async (run, admitted) => {
          await audit.recordIn(run, {
            actor,
            action: 'create',
            entityType: 'Patient',
            entityId: admitted.id,
            patientId: admitted.id,
          });
          ({ events } = await ingest.recordIn(run, [observation(admitted.id, values, now)], {
            userId: actor.userId,
            sender: 'person',
            device: null,
            audit: actor,
          }));
        },
      );
      ward.changed();
      liveEvents.committed(events);
      return toPatient(await require(inserted.id), clock.now().getTime());
    },

    /** A person changes the record (its name, condition, vitals or NEWS2 settings). */
    async update(id: number, input: PatientChanges, actor: AuditActor): Promise<Patient> {
      const userId = actor.userId;
      const current = await require(id);
      const systolic = input.systolicBP ?? current.systolicBP;
      const diastolic = input.diastolicBP ?? current.diastolicBP;
      if (diastolic >= systolic) throw badRequest(BP_ORDER_MESSAGE, 'VALIDATION_FAILED');

      const patch: PatientPatch = {};
      for (const [key, value] of Object.entries(input) as [keyof PatientChanges, unknown][]) {
        if (value !== undefined) (patch as Record<string, unknown>)[key] = value;
      }
      const events: { type: string; data: Record<string, unknown> }[] = [];
      if (input.condition && input.condition !== current.condition) {
        events.push({ type: 'condition-changed', data: { from: current.condition, to: input.condition } });
      }
      // A change of the SpO2 scale is recorded by the repository's update, from the locked row to the
      // edited one (its table, spo2_scale_changes, is the one record of it; issue 39).
      const changedVitals = VITAL_KEYS.filter((f) => input[f] !== undefined && input[f] !== current[f]);
      // The vitals are not patched: a change of them is the person's observation, now, stored as a
      // reading that sets them (and the score) through the one path of every observation.
      for (const key of VITAL_KEYS) delete (patch as Record<string, unknown>)[key];
      const now = clock.now();
      if (changedVitals.length > 0) {
        events.push({
          type: 'vitals-updated',
          // Stored by the patient record's wire names (`pulse`), as the timeline reads them.
          data: Object.fromEntries(
            changedVitals.map((k) => [VITAL_SIGN_BY_KEY[k].patientField, { from: current[k], to: input[k] }]),
          ),
        });
      } else if (input.spo2Scale !== undefined && input.spo2Scale !== current.spo2Scale) {
        // The same values on another scale: scored again here (no reading changes them).
        Object.assign(patch, news2Columns({ ...current, ...patch }, current.sources, now.getTime(), current));
      }
      const result = await repo.update(id, patch, events, now, userId, async (run, before, after) => {
        await audit.recordIn(run, {
          actor,
          action: 'update',
          entityType: 'Patient',
          entityId: id,
          patientId: id,
          // The fields by the names the request gave them (`pulse`).
          detail: `changed ${Object.entries(withPatientFields(input))
            .filter(([, value]) => value !== undefined)
            .map(([field]) => field)
            .join(', ')}`,
        });
        if (changedVitals.length > 0) {
          // The reading's events carry the patient as it now is, the edit's other fields with it.
          const { events: recorded } = await ingest.recordIn(
            run,
            [observation(id, Object.fromEntries(changedVitals.map((k) => [k, input[k]])), now)],
            { userId: actor.userId, sender: 'person', device: null, audit: actor },
          );
          return recorded;
        }
        const raised = await alerts.onPatientChanged(run, before, after, 'observation');
        return liveEvents.record(run, [...changeEvents(before, after, now.getTime()), ...raised]);
      });
      if (!result) throw notFound(PATIENT_NOT_FOUND, 'PATIENT_NOT_FOUND');
      ward.changed();
      liveEvents.committed(result.extra);
      return toPatient(await require(id), clock.now().getTime());
    },

    /**
     * A nurse records why observations are not taken (declined, asleep, end-of-life care) and when
     * to review, or ends the exception (`input` null): the schedule follows, the overdue alert
     * resolves at the next tick, and the change is audited and sent to every screen.
     */
    async setMonitoringException(
      id: number,
      input: MonitoringExceptionInput | null,
      actor: AuditActor,
    ): Promise<Patient> {
      const now = clock.now();
      const current = await require(id);
      let exception: MonitoringException | null = null;
      if (input) {
        const reviewMs = Date.parse(input.reviewAt);
        if (reviewMs <= now.getTime() || reviewMs - now.getTime() > MONITORING_EXCEPTION_MAX_MS) {
          throw badRequest(
            'reviewAt must be in the future and within 7 days: an exception is reviewed at least weekly',
            'VALIDATION_FAILED',
          );
        }
        exception = {
          ...input,
          reviewAt: new Date(reviewMs).toISOString(),
          recordedAt: now.toISOString(),
          recordedBy: actor.userId,
        };
      }
      const patch: PatientPatch = {
        monitoringException: exception,
        nextObservationDue: nextObservationDue(
          storedNews2(current),
          current.createdAt,
          exception,
          now.getTime(),
        ).dueAt,
      };
      const result = await repo.update(id, patch, [], now, actor.userId, async (run, _before, after) => {
        await audit.recordIn(run, {
          actor,
          action: input ? 'create' : 'delete',
          entityType: 'MonitoringException',
          entityId: id,
          patientId: id,
          detail: input ? `${input.reason}; review ${exception!.reviewAt}` : 'ended',
        });
        return liveEvents.record(run, [
          { type: 'patient-updated', patientId: id, data: toPatient(after, now.getTime()) },
        ]);
      });
      if (!result) throw notFound(PATIENT_NOT_FOUND, 'PATIENT_NOT_FOUND');
      ward.changed();
      liveEvents.committed(result.extra);
      return toPatient(result.row, now.getTime());
    },

    /**
     * The device-link service's change of a patient's devices, in its transaction (`run`): the
     * patient's devices are set, and every screen hears of the patient as it now is.
     */
    async setDevices(run: Run, patientId: number, devices: PatientDevice[]): Promise<NewLiveEvent[]> {
      const row = await repo.setDevices(run, patientId, devices);
      return row ? [{ type: 'patient-updated', patientId, data: toPatient(row, clock.now().getTime()) }] : [];
    },

    /**
     * The history timeline: every event of the stay, newest first (timeline.ts), observation sets
     * with the NEWS2 scored here.
     */
    async timeline(id: number): Promise<TimelineEntry[]> {
      const row = await require(id);
      return timelineOf(id, await repo.timelineSources(id), row.spo2Scale === 2 ? 2 : 1);
    },
  };
}

export type PatientService = ReturnType<typeof createPatientService>;
