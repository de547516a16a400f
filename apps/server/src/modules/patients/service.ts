import {
  BP_ORDER_MESSAGE,
  displayPatientId,
  formatCelsius,
  type PatientCreateInput,
  type PatientListQuery,
  type PatientUpdateInput,
  type TimelineEntry,
  tenthsFToRoundedCelsius,
} from '@vigil/domain';
import { runOn } from '../../db/prepared.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { type LiveEvents, patientChangeEvents } from '../events/live-events.ts';
import { type PatientPatch, type PatientRepository, type PatientRow, VITAL_FIELDS } from './repository.ts';

export const PATIENT_NOT_FOUND = 'Patient not found';

export function createPatientService(deps: {
  repo: PatientRepository;
  clock: Clock;
  liveEvents: LiveEvents;
}) {
  const { repo, clock, liveEvents } = deps;

  async function require(id: number): Promise<PatientRow> {
    const row = await repo.get(id);
    if (!row) throw notFound(PATIENT_NOT_FOUND, 'PATIENT_NOT_FOUND');
    return row;
  }

  return {
    list: (query: PatientListQuery) => repo.list(query),
    get: require,
    async assertExists(id: number) {
      if (!(await repo.exists(id))) throw notFound(PATIENT_NOT_FOUND, 'PATIENT_NOT_FOUND');
    },
    admit: (input: PatientCreateInput, userId: number) => repo.insert(input, clock.now(), userId),

    async update(id: number, input: PatientUpdateInput, userId: number): Promise<PatientRow> {
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
      const changedVitals = VITAL_FIELDS.filter((f) => input[f] !== undefined && input[f] !== current[f]);
      if (changedVitals.length > 0) {
        patch.lastUpdated = clock.now();
        events.push({
          type: 'vitals-updated',
          data: Object.fromEntries(changedVitals.map((f) => [f, { from: current[f], to: input[f] }])),
        });
      }
      const result = await repo.update(id, patch, events, clock.now(), userId, (tx, before, after) =>
        liveEvents.record(runOn(tx), patientChangeEvents(before, after)),
      );
      if (!result) throw notFound(PATIENT_NOT_FOUND, 'PATIENT_NOT_FOUND');
      liveEvents.committed(result.extra);
      return result.row;
    },

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
            description: `Condition changed from ${String(data.from)} to ${String(data.to)}.`,
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

const VITAL_LABELS: Record<string, (v: unknown) => string> = {
  oxygenLevel: (v) => `SpO2 ${v}%`,
  pulse: (v) => `pulse ${v} bpm`,
  systolicBP: (v) => `systolic ${v} mmHg`,
  diastolicBP: (v) => `diastolic ${v} mmHg`,
  temperature: (v) =>
    typeof v === 'number' ? `temperature ${formatCelsius(tenthsFToRoundedCelsius(v))} °C` : 'temperature',
  respiratoryRate: (v) => `respiratory rate ${v}/min`,
  consciousness: (v) => `consciousness ${v}`,
  onSupplementalOxygen: (v) => (v ? 'on supplemental oxygen' : 'on room air'),
};

function describeVitalChanges(data: Record<string, unknown>): string {
  const parts = Object.entries(data).map(([field, change]) => {
    const to = (change as { to?: unknown })?.to;
    return VITAL_LABELS[field]?.(to) ?? field;
  });
  return parts.length ? `Recorded ${parts.join(', ')}.` : 'Vital signs updated.';
}
