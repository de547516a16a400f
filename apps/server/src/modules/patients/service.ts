import {
  BP_ORDER_MESSAGE,
  displayPatientId,
  type Patient,
  type PatientCreateInput,
  type PatientListQuery,
  type PatientUpdateInput,
  patientAlertLevel,
  patientNews2,
  RECORD_OPENING_WINDOW_MS,
  type TimelineEntry,
  VITAL_PATIENT_FIELDS,
  VITAL_SIGNS,
  type VitalSign,
} from '@vigil/domain';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { LiveEventsService, NewLiveEvent } from '../events/service.ts';
import { toPatient } from './mappers.ts';
import type { PatientPatch, PatientRepository, PatientRow } from './repository.ts';

export const PATIENT_NOT_FOUND = 'Patient not found';

/** A change the server makes in the background on someone's behalf (a wearable's poller). */
const systemActor = (userId: number | null): AuditActor => ({
  userId,
  username: null,
  role: null,
  address: null,
  userAgent: 'vigil-server',
  requestId: null,
});

/** Live events of a changed patient record: the new record, and the alert level when it moved. */
function changeEvents(before: PatientRow, after: PatientRow): NewLiveEvent[] {
  const patient = toPatient(after);
  const events: NewLiveEvent[] = [{ type: 'patient-updated', patientId: after.id, data: patient }];
  const from = patientAlertLevel(toPatient(before));
  const to = patientAlertLevel(patient);
  if (from !== to) {
    events.push({
      type: 'alert-level-changed',
      patientId: after.id,
      data: { from, to, news2Total: patientNews2(patient).total },
    });
  }
  return events;
}

export function createPatientService(deps: {
  repo: PatientRepository;
  clock: Clock;
  liveEvents: Pick<LiveEventsService, 'record' | 'committed'>;
  audit: Pick<AuditService, 'record' | 'recordIn' | 'recordOpening'>;
}) {
  const { repo, clock, liveEvents, audit } = deps;

  async function require(id: number): Promise<PatientRow> {
    const row = await repo.get(id);
    if (!row) throw notFound(PATIENT_NOT_FOUND, 'PATIENT_NOT_FOUND');
    return row;
  }

  return {
    list: async (query: PatientListQuery): Promise<Patient[]> => (await repo.list(query)).map(toPatient),
    get: async (id: number): Promise<Patient> => toPatient(await require(id)),
    /** 404 unless the patient exists: for the records hanging off a patient. */
    async assertExists(id: number) {
      if (!(await repo.exists(id))) throw notFound(PATIENT_NOT_FOUND, 'PATIENT_NOT_FOUND');
    },
    /**
     * Opens a patient's record: the opening is in the audit trail ("who has seen this record"), once
     * per person and record in RECORD_OPENING_WINDOW_MS, however often the open screen refetches.
     */
    async open(id: number, actor: AuditActor): Promise<Patient> {
      const patient = toPatient(await require(id));
      await audit.recordOpening(
        { actor, action: 'read', entityType: 'Patient', entityId: id, patientId: id },
        RECORD_OPENING_WINDOW_MS,
      );
      return patient;
    },

    admit: async (input: PatientCreateInput, actor: AuditActor): Promise<Patient> =>
      toPatient(
        await repo.insert(input, clock.now(), actor.userId!, (run, row) =>
          audit.recordIn(run, {
            actor,
            action: 'create',
            entityType: 'Patient',
            entityId: row.id,
            patientId: row.id,
          }),
        ),
      ),

    /**
     * `by`: the person (their audit actor), or the account a background change is made for (a
     * wearable's poller: its user id, or null), recorded without an address.
     */
    async update(id: number, input: PatientUpdateInput, by: AuditActor | number | null): Promise<Patient> {
      const actor: AuditActor = typeof by === 'object' && by !== null ? by : systemActor(by);
      const userId = actor.userId;
      const current = await require(id);
      const systolic = input.systolicBP ?? current.systolicBP;
      const diastolic = input.diastolicBP ?? current.diastolicBP;
      if (diastolic >= systolic) throw badRequest(BP_ORDER_MESSAGE, 'VALIDATION_FAILED');

      const patch: PatientPatch = {};
      for (const [key, value] of Object.entries(input) as [keyof PatientUpdateInput, unknown][]) {
        if (value !== undefined) (patch as Record<string, unknown>)[key] = value;
      }
      const events: { type: string; data: Record<string, unknown> }[] = [];
      if (input.condition && input.condition !== current.condition) {
        events.push({ type: 'condition-changed', data: { from: current.condition, to: input.condition } });
      }
      const changedVitals = VITAL_PATIENT_FIELDS.filter(
        (f) => input[f] !== undefined && input[f] !== current[f],
      );
      if (changedVitals.length > 0) {
        patch.lastUpdated = clock.now();
        events.push({
          type: 'vitals-updated',
          data: Object.fromEntries(changedVitals.map((f) => [f, { from: current[f], to: input[f] }])),
        });
      }
      const result = await repo.update(id, patch, events, clock.now(), userId, async (run, before, after) => {
        await audit.recordIn(run, {
          actor,
          action: 'update',
          entityType: 'Patient',
          entityId: id,
          patientId: id,
          detail: `changed ${Object.keys(patch)
            .filter((k) => k !== 'lastUpdated')
            .join(', ')}`,
        });
        return liveEvents.record(run, changeEvents(before, after));
      });
      if (!result) throw notFound(PATIENT_NOT_FOUND, 'PATIENT_NOT_FOUND');
      liveEvents.committed(result.extra);
      return toPatient(result.row);
    },

    /** Live events of a patient record changed elsewhere (the ingest's newer vitals). */
    changeEvents,

    /** History timeline from real events: admission, condition changes, vitals edits, notes, treatments done. */
    async timeline(id: number): Promise<TimelineEntry[]> {
      await require(id);
      const src = await repo.timelineSources(id);
      const entries: TimelineEntry[] = [];
      for (const e of src.events) {
        const data = e.data as Record<string, unknown>;
        if (e.type === 'admitted') {
          entries.push({
            id: `event-${e.id}`,
            type: 'admitted',
            date: e.createdAt.toISOString(),
            title: 'Admitted',
            description: `Admitted to the ward as ${String(data.condition ?? 'a new patient')} (ID ${displayPatientId(id)}).`,
          });
        } else if (e.type === 'condition-changed') {
          entries.push({
            id: `event-${e.id}`,
            type: 'condition-changed',
            date: e.createdAt.toISOString(),
            title: `Condition changed to ${String(data.to)}`,
            description: `Condition changed from ${String(data.from)} to ${String(data.to)}${e.createdByName ? ` by ${e.createdByName}` : ''}.`,
          });
        } else if (e.type === 'vitals-updated') {
          entries.push({
            id: `event-${e.id}`,
            type: 'vitals-updated',
            date: e.createdAt.toISOString(),
            title: 'Vital signs updated',
            description: describeVitalChanges(data),
          });
        }
      }
      for (const n of src.notes) {
        entries.push({
          id: `note-${n.id}`,
          type: 'note',
          date: n.createdAt.toISOString(),
          title: 'Note added',
          description: n.content.length > 160 ? `${n.content.slice(0, 157)}...` : n.content,
        });
      }
      for (const t of src.completedTreatments) {
        entries.push({
          id: `treatment-${t.id}`,
          type: 'treatment-completed',
          date: (t.completedAt ?? t.scheduledFor).toISOString(),
          title: 'Treatment completed',
          description: t.description,
        });
      }
      return entries.sort((a, b) => b.date.localeCompare(a.date));
    },
  };
}

export type PatientService = ReturnType<typeof createPatientService>;

/** The vital signs by the patient record's names for them (`pulse`), as a vitals edit stores them. */
const VITAL_BY_PATIENT_FIELD = new Map<string, VitalSign>(VITAL_SIGNS.map((v) => [v.patientField, v]));

/**
 * What a timeline sentence calls a vital sign ("Recorded SpO2 97%, pulse 80 bpm."): running text,
 * where the catalogue's labels are headings. Air or oxygen reads as its own choice ("on room air").
 */
const TIMELINE_NAMES: { [V in VitalSign as V extends { kind: 'boolean' } ? never : V['key']]: string } = {
  respiratoryRate: 'respiratory rate',
  oxygenLevel: 'SpO2',
  systolicBP: 'systolic',
  diastolicBP: 'diastolic',
  heartRate: 'pulse',
  consciousness: 'consciousness',
  temperature: 'temperature',
};

/** Units written against the number in running text: "97%", "18/min" (but "80 bpm", "37.0 °C"). */
const isTightUnit = (unit: string) => unit === '%' || unit.startsWith('/');

/** A vital sign's new value in a timeline sentence: "pulse 128 bpm", "temperature 37.0 °C", "on room air". */
function describeVital(vital: VitalSign, value: unknown): string {
  switch (vital.kind) {
    case 'boolean':
      return `on ${(value ? vital.labels.true : vital.labels.false).toLowerCase()}`;
    case 'choice':
      return value == null ? TIMELINE_NAMES[vital.key] : `${TIMELINE_NAMES[vital.key]} ${String(value)}`;
    case 'number': {
      const name = TIMELINE_NAMES[vital.key];
      if (typeof value !== 'number') return name;
      return `${name} ${vital.display(value)}${isTightUnit(vital.displayUnit) ? '' : ' '}${vital.displayUnit}`;
    }
  }
}

function describeVitalChanges(data: Record<string, unknown>): string {
  const parts = Object.entries(data).map(([field, change]) => {
    const vital = VITAL_BY_PATIENT_FIELD.get(field);
    return vital ? describeVital(vital, (change as { to?: unknown })?.to) : field;
  });
  return parts.length ? `Recorded ${parts.join(', ')}.` : 'Vital signs updated.';
}
