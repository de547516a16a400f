import { displayPatientId, type TimelineEntry, VITAL_SIGNS, type VitalSign } from '@vigil/domain';
import type { PatientRepository } from './repository.ts';

type TimelineSources = Awaited<ReturnType<PatientRepository['timelineSources']>>;

/**
 * A patient's history timeline from what was recorded: the admission, condition changes, vitals
 * edits (with who made them), notes and treatments done, newest first.
 */
export function timelineOf(id: number, src: TimelineSources): TimelineEntry[] {
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
}

/** The vital signs by the patient record's names for them (`pulse`), as a vitals edit stores them. */
const VITAL_BY_PATIENT_FIELD = new Map<string, VitalSign>(VITAL_SIGNS.map((v) => [v.patientField, v]));

/** Units written against the number in running text: "97%", "18/min" (but "80 bpm", "37.0 °C"). */
const isTightUnit = (unit: string) => unit === '%' || unit.startsWith('/');

/** A vital sign's new value in a timeline sentence: "pulse 128 bpm", "temperature 37.0 °C", "on room air". */
function describeVital(vital: VitalSign, value: unknown): string {
  switch (vital.kind) {
    case 'boolean':
      return `on ${(value ? vital.labels.true : vital.labels.false).toLowerCase()}`;
    case 'choice':
      return value == null ? vital.timelineLabel : `${vital.timelineLabel} ${String(value)}`;
    case 'number': {
      const name = vital.timelineLabel;
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
