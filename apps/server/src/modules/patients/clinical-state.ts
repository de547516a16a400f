import {
  type ApplicableReading,
  applyReadings,
  nextObservationDue,
  type ReadingProvenance,
  summarizeNews2,
  VITAL_KEYS,
  VITAL_SIGNS,
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

/** A vital's latest value that still counts once a reading is entered in error: the value and its reading. */
export interface FallbackValue {
  value: unknown;
  readingTime: Date;
  provenance: ReadingProvenance;
  deviceName: string | null;
}

/**
 * A patient as it becomes when one of its readings is found entered in error (decision 029): each
 * vital that reading gave the patient (its source is that reading's time and class) takes the
 * latest other value that counts (`fallbacks`), or none; those `replaced` are left as they are (a
 * correction at the same time sets them next). Returns the vitals a patient cannot be without that
 * have no other value (`unresolved`: the caller refuses), and the patient, scored again.
 */
export function withoutReading(
  before: PatientRow,
  reading: { readingTime: Date; provenance: ReadingProvenance } & Partial<Record<VitalKey, unknown>>,
  fallbacks: Partial<Record<VitalKey, FallbackValue>>,
  replaced: readonly VitalKey[],
  nowMs: number,
): { after: PatientRow; unresolved: VitalKey[] } {
  const after: PatientRow = { ...before, sources: { ...before.sources } };
  const unresolved: VitalKey[] = [];
  const at = reading.readingTime.toISOString();
  for (const vital of VITAL_SIGNS) {
    const source = before.sources[vital.key];
    const given = reading[vital.key] !== null && reading[vital.key] !== undefined;
    if (!given || replaced.includes(vital.key)) continue;
    if (!source || source.at !== at || source.provenance !== reading.provenance) continue;
    const fallback = fallbacks[vital.key];
    if (fallback) {
      Object.assign(after, { [vital.key]: fallback.value });
      after.sources[vital.key] = {
        provenance: fallback.provenance,
        at: fallback.readingTime.toISOString(),
        source: fallback.provenance === 'observation' ? null : fallback.deviceName,
      };
    } else if (vital.requiredOnPatient) {
      unresolved.push(vital.key);
    } else {
      Object.assign(after, { [vital.key]: null });
      delete after.sources[vital.key];
    }
  }
  return { after: { ...after, ...news2Columns(after, after.sources, nowMs, before) }, unresolved };
}
