import type { ScoreTrigger } from '@vigil/domain';
import type { NewLiveEvent } from '../events/service.ts';
import { toVitalReading } from './mappers.ts';
import type { PatientRow, ReadingRow } from './repository.ts';

/**
 * Readings carried by one live event. A larger batch (a backfill) sends only its latest reading,
 * flagged `truncated`: screens reload that history rather than merge part of it.
 */
const MAX_READINGS_PER_EVENT = 20;

/**
 * What the readings stored now change, per locked patient: a reading event (its readings, or only
 * the latest of a large batch), and when a reading is newer than the patient's vitals, the patient
 * as it becomes (`changed`) with its patient-updated and alert events.
 */
export function changesOf(
  patients: {
    changeEvents(before: PatientRow, after: PatientRow): NewLiveEvent[];
    withReadings(before: PatientRow, readings: readonly ReadingRow[]): PatientRow | null;
  },
  locked: PatientRow[],
  byPatient: Map<number, number[]>,
  stored: (position: number) => ReadingRow,
): { events: NewLiveEvent[]; changed: PatientRow[]; scored: ScoredChange[] } {
  const events: NewLiveEvent[] = [];
  const changed: PatientRow[] = [];
  const scored: ScoredChange[] = [];
  for (const before of locked) {
    const rows = byPatient.get(before.id)?.map(stored);
    if (!rows) continue; // every reading for this patient was a resend
    rows.sort((a, b) => a.readingTime.getTime() - b.readingTime.getTime());
    const latest = rows[rows.length - 1]!;
    events.push({
      type: 'reading',
      patientId: before.id,
      data:
        rows.length > MAX_READINGS_PER_EVENT
          ? { readings: [toVitalReading(latest)], truncated: true }
          : { readings: rows.map(toVitalReading) },
    });
    // The row is locked: it becomes exactly this when the ingest sets it. Values that do not count
    // (a wearable's summary, an older value) join the history only.
    const after = patients.withReadings(before, rows);
    if (!after) continue;
    changed.push(after);
    events.push(...patients.changeEvents(before, after));
    // A person's observation (or the demo ward's) raises an alert at once; a device's waits for confirmation.
    const trigger = rows.some((r) => r.provenance === 'observation' || r.provenance === 'demo')
      ? 'observation'
      : 'device';
    scored.push({ before, after, trigger, readingId: latest.id });
  }
  return { events, changed, scored };
}

/** A patient the ingest changed, and whether a person's observation or a device's value changed it. */
export interface ScoredChange {
  before: PatientRow;
  after: PatientRow;
  trigger: ScoreTrigger;
  /** The newest reading of the change: an alert it raises or resolves keeps it (retention). */
  readingId: number;
}
