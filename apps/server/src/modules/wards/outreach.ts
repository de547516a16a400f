import {
  type Alert,
  type BedTrend,
  isClinical,
  OutreachPatient,
  outreachReasons,
  type Ward,
} from '@vigil/domain';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import type { Representation } from '../../lib/representation.ts';
import type { LiveEventRow } from '../events/service.ts';
import type { PatientService } from '../patients/service.ts';
import type { SnapshotPatient } from '../patients/ward-snapshot.ts';

/** The rendered list's key among the patient list's answers (patients/ward-snapshot.ts). */
const KEY = 'outreach';
/** Reads of what changed before the list is answered anyway (and then not kept): changes keep coming. */
const ROUNDS = 4;
const OutreachList = z.array(OutreachPatient);

type HeldTrend = { trend: BedTrend | null; untilMs: number };

/**
 * GET /api/outreach/patients (decision 035): the hospital's patients at risk, for the critical-care
 * outreach team (RCP Chart 4): NEWS2 ≥ 5, any red score, or a NEWS2 risen by 2 or more over 6 hours
 * (the board's series). Overdue observations first (most overdue first), then the highest NEWS2,
 * then by ward and bed.
 *
 * Answered from memory, as the patient list is: the patients are the ward snapshot's, and the list
 * is rendered (bytes and ETag) once and kept among its answers until something it shows changes.
 * What else it reads is held here, per patient, and marked stale by the same live events that keep
 * the snapshot current (`changed`, every instance's): a reading or patient change (her 6-hour
 * NEWS2 trend), an alert's change (her open clinical alert), a ward change (beds, transfers,
 * discharges, new wards). Only what is stale is read again. The NEWS2 history is held as one trend
 * per patient with the time it stops holding (its first reading leaves the 6-hour window), not the
 * readings: bounded by the patients, whatever the rate of readings.
 */
export function createOutreachService(deps: {
  patients: Pick<PatientService, 'derived' | 'forgetDerived'>;
  trends: { news2TrendsHeld(ids: readonly number[]): Promise<Map<number, HeldTrend>> };
  alerts: { openOf(ids: number[]): Promise<Alert[]> };
  wards: { list(): Promise<Ward[]>; beds(): Promise<Map<number, string>> };
  clock: Clock;
}) {
  const trendOf = new Map<number, HeldTrend>();
  /** Each at-risk patient's open clinical alert, or null: read when she is at risk. */
  const alertOf = new Map<number, Alert | null>();
  const staleTrends = new Set<number>();
  const staleAlerts = new Set<number>();
  /** A reading timed ahead of now (a device clock up to 5 min fast) enters the window when its time comes. */
  const entersAt = new Map<number, number>();
  let place: { wards: Map<number, Ward>; beds: Map<number, string> } | null = null;
  let placeStale = false;

  /** What the last render found missing or stale, to read before the next. */
  type Needs = { trends: number[]; alerts: number[]; place: boolean };

  async function read(needs: Needs) {
    const nowMs = deps.clock.now().getTime();
    // Taken off the stale sets before the read: an event during it marks them again.
    for (const id of needs.trends) staleTrends.delete(id);
    for (const id of needs.alerts) staleAlerts.delete(id);
    if (needs.place) placeStale = false;
    const [trends, open, wards, beds] = await Promise.all([
      needs.trends.length ? deps.trends.news2TrendsHeld(needs.trends) : null,
      needs.alerts.length ? deps.alerts.openOf(needs.alerts) : null,
      needs.place ? deps.wards.list() : null,
      needs.place ? deps.wards.beds() : null,
    ]);
    if (trends)
      for (const [id, held] of trends) {
        const enters = entersAt.get(id);
        if (enters !== undefined && enters <= nowMs) entersAt.delete(id);
        trendOf.set(
          id,
          enters && enters > nowMs ? { ...held, untilMs: Math.min(held.untilMs, enters) } : held,
        );
      }
    if (open) {
      for (const id of needs.alerts) alertOf.set(id, null);
      for (const a of open) if (isClinical(a.condition)) alertOf.set(a.patientId, a);
    }
    if (wards && beds) place = { wards: new Map(wards.map((w) => [w.id, w])), beds };
  }

  /**
   * The list from the patients and what is held, with the time it stops holding by time alone;
   * `needs` what must be read first (unless this is the last round: then what is held, not kept).
   */
  function attempt(
    patients: SnapshotPatient[],
    nowMs: number,
    last: boolean,
  ): { json: string; untilMs: number; needs: Needs | null } {
    const needs: Needs = { trends: [], alerts: [], place: false };
    for (const p of patients) {
      const held = trendOf.get(p.id);
      if (!held || staleTrends.has(p.id) || held.untilMs <= nowMs) needs.trends.push(p.id);
    }
    if (needs.trends.length && !last) return { json: '', untilMs: nowMs, needs };
    let untilMs = Number.POSITIVE_INFINITY;
    const risk = patients.flatMap((p) => {
      const held = trendOf.get(p.id);
      if (held) untilMs = Math.min(untilMs, held.untilMs);
      const trend = held?.trend ?? null;
      const reasons = outreachReasons(p.news2, trend ? trend.to - trend.from : null);
      return reasons.length ? [{ patient: p, trend, reasons }] : [];
    });
    for (const { patient } of risk)
      if (!alertOf.has(patient.id) || staleAlerts.has(patient.id)) needs.alerts.push(patient.id);
    needs.place = !place || placeStale || risk.some(({ patient }) => !place!.wards.has(patient.wardId));
    const complete = !needs.trends.length && !needs.alerts.length && !needs.place;
    if (!complete && !last) return { json: '', untilMs: nowMs, needs };

    if (complete) {
      // Discharged patients' entries go: what is held is bounded by the patients on the wards.
      const ids = new Set(patients.map((p) => p.id));
      for (const held of [trendOf, alertOf, entersAt, staleTrends, staleAlerts])
        for (const id of held.keys()) if (!ids.has(id)) held.delete(id);
    }
    const list: OutreachPatient[] = risk.map(({ patient: held, trend, reasons }) => {
      const p = held.patient();
      const alert = alertOf.get(p.id) ?? null;
      const dueMs = Date.parse(p.observations.dueAt);
      // Overdue from the millisecond after it is due: the answer changes then.
      if (dueMs >= nowMs) untilMs = Math.min(untilMs, dueMs + 1);
      return {
        patientId: p.id,
        name: p.name,
        isDemo: p.isDemo,
        ward: place?.wards.get(p.wardId) ?? { id: p.wardId, name: `Ward ${p.wardId}`, code: '' },
        bed: place?.beds.get(p.id) ?? null,
        news2: { total: p.news2.total, redScore: p.news2.redScore, trend },
        reasons,
        alert: alert
          ? {
              id: alert.id,
              condition: alert.condition,
              priority: alert.priority,
              state: alert.state,
              escalatedTo: alert.escalatedTo,
              raisedAt: alert.raisedAt,
              escalatedAt: alert.escalatedAt,
            }
          : null,
        observations: { dueAt: p.observations.dueAt, overdue: dueMs < nowMs },
      };
    });
    list.sort(
      (a, b) =>
        Number(b.observations.overdue) - Number(a.observations.overdue) ||
        // The most overdue first: the earliest due.
        (a.observations.overdue ? Date.parse(a.observations.dueAt) - Date.parse(b.observations.dueAt) : 0) ||
        b.news2.total - a.news2.total ||
        a.ward.code.localeCompare(b.ward.code) ||
        (a.bed ?? '\uffff').localeCompare(b.bed ?? '\uffff') ||
        a.patientId - b.patientId,
    );
    return {
      json: JSON.stringify(OutreachList.parse(list)),
      untilMs: complete ? untilMs : nowMs,
      needs: null,
    };
  }

  return {
    /** The list, rendered with its ETag: from memory unless something it shows changed. */
    atRisk: (): Promise<Representation> =>
      deps.patients.derived(KEY, async (patients, nowMs) => {
        // What is stale is read, then the list rendered from the same patients.
        for (let round = 0; ; round++) {
          const out = attempt(patients, nowMs, round === ROUNDS - 1);
          if (!out.needs) return out;
          await read(out.needs);
        }
      }),

    /**
     * Live events from any instance, as they commit (the ones that keep the patient list current):
     * what they change is read again for the next answer.
     */
    changed(rows: readonly LiveEventRow[]) {
      let touched = false;
      const nowMs = deps.clock.now().getTime();
      for (const row of rows) {
        const id = row.patientId;
        if ((row.type === 'reading' || row.type === 'patient-updated') && id !== null) {
          staleTrends.add(id);
          touched = true;
          if (row.type === 'reading') {
            const readings = (row.data as { readings?: { readingTime?: string }[] } | null)?.readings ?? [];
            for (const r of readings) {
              const at = r.readingTime ? Date.parse(r.readingTime) : Number.NaN;
              if (!(at > nowMs)) continue;
              const before = entersAt.get(id);
              entersAt.set(id, before !== undefined && before > nowMs ? Math.min(before, at) : at);
            }
          }
        } else if (row.type === 'alert-changed' && id !== null) {
          staleAlerts.add(id);
          touched = true;
        } else if (row.type === 'ward-changed') {
          placeStale = true;
          touched = true;
        }
      }
      if (touched) deps.patients.forgetDerived(KEY);
    },

    /** The database went away: everything held is read again. */
    forgetAll() {
      for (const id of trendOf.keys()) staleTrends.add(id);
      for (const id of alertOf.keys()) staleAlerts.add(id);
      placeStale = true;
      deps.patients.forgetDerived(KEY);
    },
  };
}

export type OutreachService = ReturnType<typeof createOutreachService>;
