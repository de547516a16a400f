import type { Alert, BedTrend, Patient, StaffRef, WardBoard } from '@vigil/domain';

export interface BedView {
  id: number;
  label: string;
  patient: Patient | null;
  alerts: Alert[];
  nurse: StaffRef | null;
  /** The server's NEWS2 trend of the bed's patient (null: no arrow). */
  trend: BedTrend | null;
}

/** A free bed a patient can be admitted or moved to, named as the ward says it. */
export interface FreeBed {
  id: number;
  label: string;
  bayName: string;
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
  /** Every free bed on the ward, whatever the view shows ("My patients" hides them). */
  freeBeds: FreeBed[];
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
          trend: bed.news2Trend,
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
    freeBeds: board.bays.flatMap((bay) =>
      bay.beds.flatMap((bed) =>
        bed.patientId === null ? [{ id: bed.id, label: bed.label, bayName: bay.name }] : [],
      ),
    ),
  };
}
