import type { Alert, News2Point, Patient, StaffRef, WardBoard } from '@vigil/domain';

export interface BedView {
  id: number;
  label: string;
  patient: Patient | null;
  alerts: Alert[];
  nurse: StaffRef | null;
}

export interface BayView {
  id: number;
  name: string;
  beds: BedView[];
}

export interface BoardView {
  bays: BayView[];
  /** Patients on the ward without a bed, with their alerts. */
  unplaced: { patient: Patient; alerts: Alert[] }[];
  highestScores: { patient: Patient | null; patientId: number; score: number }[];
}

/**
 * What the board draws: the server's bays and assignments joined with the patient list (name,
 * NEWS2, devices, next observation) and the open alerts, none of them recomputed. "My patients"
 * keeps only the beds whose patient is assigned to `mineOf` this shift.
 */
export function boardView(
  board: WardBoard,
  patients: readonly Patient[],
  openAlerts: readonly Alert[],
  mineOf: number | null = null,
): BoardView {
  const byId = new Map(patients.map((p) => [p.id, p]));
  const alertsOf = (patientId: number) => openAlerts.filter((a) => a.patientId === patientId);
  const bays = board.bays
    .map((bay) => ({
      id: bay.id,
      name: bay.name,
      beds: bay.beds
        .filter((bed) => mineOf === null || (bed.patientId !== null && bed.assignedNurse?.id === mineOf))
        .map((bed) => ({
          id: bed.id,
          label: bed.label,
          patient: bed.patientId === null ? null : (byId.get(bed.patientId) ?? null),
          alerts: bed.patientId === null ? [] : alertsOf(bed.patientId),
          nurse: bed.assignedNurse,
        })),
    }))
    .filter((bay) => mineOf === null || bay.beds.length > 0);
  const unplaced =
    mineOf === null
      ? board.unplacedPatientIds.flatMap((id) => {
          const patient = byId.get(id);
          return patient ? [{ patient, alerts: alertsOf(id) }] : [];
        })
      : [];
  return {
    bays,
    unplaced,
    highestScores: board.figures.highestScores.map((s) => ({ ...s, patient: byId.get(s.patientId) ?? null })),
  };
}

export type News2Direction = 'rising' | 'falling' | 'level';

/**
 * Which way the server's NEWS2 went over a window of its series (oldest first): the newest total
 * against the oldest. Null with fewer than two scored readings: no arrow rather than a guess.
 */
export function news2Direction(
  series: readonly Pick<News2Point, 'total'>[],
): { direction: News2Direction; from: number; to: number } | null {
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last || series.length < 2) return null;
  const direction = last.total > first.total ? 'rising' : last.total < first.total ? 'falling' : 'level';
  return { direction, from: first.total, to: last.total };
}
