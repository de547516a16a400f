import {
  type ApplicableReading,
  applyReadings,
  nextObservationDue,
  summarizeNews2,
  VITAL_KEYS,
  type VitalKey,
  type VitalSources,
} from '@vigil/domain';
import type { NewLiveEvent } from '../events/service.ts';
import { storedNews2, toPatient } from './mappers.ts';
import type { PatientRow } from './repository.ts';

// A patient's clinical state, computed once here whenever a value that counts changes
// (docs/decisions/014-provenance.md): its values and their sources, its NEWS2 and the observation
// schedule that follows from it, and the live events that tell every screen.

/**
 * Live events of a changed patient record: the new record (with its NEWS2, at `nowMs`), and the
 * alert level when it moved.
 */
export function changeEvents(before: PatientRow, after: PatientRow, nowMs: number): NewLiveEvent[] {
  const events: NewLiveEvent[] = [
    { type: 'patient-updated', patientId: after.id, data: toPatient(after, nowMs) },
  ];
  const from = before.news2?.alertLevel ?? 'NORMAL';
  const to = storedNews2(after).alertLevel;
  if (from !== to) {
    events.push({
      type: 'alert-level-changed',
      patientId: after.id,
      data: { from, to, news2Total: storedNews2(after).total },
    });
  }
  return events;
}

/**
 * A patient's NEWS2 columns for its values and their sources, computed by the domain once, with the
 * observation schedule that follows from it; `isDemo` decides which sources count.
 */
export function news2Columns(
  values: Pick<PatientRow, VitalKey | 'spo2Scale' | 'isDemo'>,
  sources: VitalSources,
  nowMs: number,
  schedule: Pick<PatientRow, 'createdAt' | 'monitoringException'>,
): Pick<PatientRow, 'news2' | 'news2Total' | 'nextObservationDue'> {
  const news2 = summarizeNews2({ ...values, spo2Scale: values.spo2Scale === 2 ? 2 : 1 }, sources, nowMs);
  const { dueAt } = nextObservationDue(
    news2,
    schedule.createdAt,
    schedule.monitoringException ?? null,
    nowMs,
  );
  return { news2, news2Total: news2.total, nextObservationDue: dueAt };
}

/**
 * A patient as it becomes with `readings` (docs/decisions/014): the newest value that counts wins
 * per field, and the NEWS2 follows; null when nothing that counts changed.
 */
export function withReadings(
  before: PatientRow,
  readings: readonly ApplicableReading[],
  nowMs: number,
): PatientRow | null {
  const applied = applyReadings(before, readings);
  if (applied.changed.length === 0) return null;
  const after: PatientRow = {
    ...before,
    ...(applied.values as Partial<PatientRow>),
    sources: applied.sources,
  };
  if (applied.latestMs !== null && applied.latestMs > before.lastUpdated.getTime()) {
    after.lastUpdated = new Date(applied.latestMs);
  }
  return { ...after, ...news2Columns(after, applied.sources, nowMs, before) };
}

/** The sources of vitals a person entered now: each given field (or `fields`) is their observation. */
export function observedNow(
  values: Partial<Record<VitalKey, unknown>>,
  now: Date,
  fields: readonly VitalKey[] = VITAL_KEYS,
): VitalSources {
  const sources: VitalSources = {};
  for (const field of fields) {
    if (values[field] !== null && values[field] !== undefined) {
      sources[field] = { provenance: 'observation', at: now.toISOString(), source: null };
    }
  }
  return sources;
}
