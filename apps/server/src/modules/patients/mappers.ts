import {
  nextObservationDue,
  type Patient,
  patientDeviceFields,
  patientSourcesOf,
  type StoredNews2,
  vitalStateOf,
  withNews2Words,
  withPatientFields,
  withStaleness,
} from '@vigil/domain';
import type { patients } from './schema.ts';

type PatientRow = typeof patients.$inferSelect;

/** A row's stored NEWS2: written with every change of its values, so it is never absent on a row in use. */
export function storedNews2(r: Pick<PatientRow, 'id' | 'news2'>): StoredNews2 {
  if (!r.news2)
    throw new Error(`patient ${r.id} has no NEWS2 summary: run the start-up backfill (db/backfill.ts)`);
  return r.news2;
}

/**
 * Row → wire shape: dates become ISO strings, the stored NEWS2 is brought to `nowMs` (staleness
 * only, nothing is scored again) and told in today's words (clinical/words.ts: each scoring
 * parameter's side and limit, the findings, the Chart 4 response), the spec's device fields follow
 * the patient's devices, and nothing outside the schema leaves the server.
 */
export const toPatient = (r: PatientRow, nowMs: number): Patient => ({
  id: r.id,
  name: r.name,
  wardId: r.wardId,
  // The vital signs under the patient record's wire names (`heartRate` → `pulse`), from the catalogue.
  ...withPatientFields(vitalStateOf(r)),
  condition: r.condition,
  lastUpdated: r.lastUpdated.toISOString(),
  ...patientDeviceFields(r.devices),
  spo2Scale: r.spo2Scale === 2 ? 2 : 1,
  createdAt: r.createdAt.toISOString(),
  isDemo: r.isDemo,
  sources: patientSourcesOf(r.sources),
  news2: withStaleness(withNews2Words(storedNews2(r), r), nowMs),
  devices: r.devices,
  observations: observationsOf(r, nowMs),
});

/** The observation schedule of a row at `nowMs` (an exception past its review time no longer holds). */
function observationsOf(r: PatientRow, nowMs: number): Patient['observations'] {
  const { dueAt, intervalMs, exception } = nextObservationDue(
    storedNews2(r),
    r.createdAt,
    r.monitoringException ?? null,
    nowMs,
  );
  return { dueAt: dueAt.toISOString(), intervalMs, exception };
}

/**
 * The first time after `nowMs` at which {@link toPatient} of this row answers differently (a value
 * turns stale, an exception reaches its review time), or Infinity: an answer rendered at `nowMs`
 * holds until then, unless the row changes.
 */
export function nextChangeMs(r: PatientRow, nowMs: number): number {
  const news2 = storedNews2(r);
  let next = Number.POSITIVE_INFINITY;
  for (const p of news2.parameters) {
    // withStaleness: stale once nowMs - at > staleAfterMs.
    const staleAt = p.at === null ? Number.NaN : Date.parse(p.at) + news2.staleAfterMs + 1;
    if (staleAt > nowMs && staleAt < next) next = staleAt;
  }
  // nextObservationDue: an exception holds while its review time is after nowMs.
  const reviewAt = r.monitoringException ? Date.parse(r.monitoringException.reviewAt) : Number.NaN;
  if (reviewAt > nowMs && reviewAt < next) next = reviewAt;
  return next;
}
