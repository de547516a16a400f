import type { Alert, Patient, WardBoard } from '@vigil/domain';
import type { Clock } from '../../lib/clock.ts';
import type { AlertService } from '../alerts/service.ts';
import type { PatientService } from '../patients/service.ts';
import type { ReadingService } from '../readings/service.ts';
import type { AssignmentService } from './assignments.ts';
import type { LayoutService } from './layout.ts';

/** The ward's alerts as the board counts them: the open ones (pending, active, acknowledged). */
const OPEN_ALERTS = { state: 'open', limit: 500 } as const;
const HIGHEST_SCORES_SHOWN = 3;

/** Handovers given into a shift and not yet accepted, as the board counts them. */
export interface AwaitingHandovers {
  awaiting(shiftKeys: string[]): Promise<{ patientId: number; flagged: boolean }[]>;
}

/** Open alerts per patient on the ward (what a handover's severity and actions start from too). */
export function alertsByPatient(alerts: Alert[]): Map<number, Alert[]> {
  const byPatient = new Map<number, Alert[]>();
  for (const alert of alerts)
    byPatient.set(alert.patientId, [...(byPatient.get(alert.patientId) ?? []), alert]);
  return byPatient;
}

/**
 * GET /api/ward/board: the layout with each bed's patient, nurse this shift and NEWS2 trend, and
 * the ward's figures. What a bed shows of its patient (name, NEWS2, devices, next observation) the screen
 * takes from the patient list, which carries it already.
 */
export function createBoardService(deps: {
  layout: Pick<LayoutService, 'current'>;
  assignments: Pick<AssignmentService, 'shifts' | 'assignmentsOf'>;
  patients: Pick<PatientService, 'onWard'>;
  alerts: Pick<AlertService, 'list'>;
  handovers: AwaitingHandovers;
  readings: Pick<ReadingService, 'news2Trends'>;
  clock: Clock;
}) {
  const { layout, assignments, patients, alerts, handovers, readings, clock } = deps;
  return {
    /** The patients on a ward (its assignments list names only them). */
    patientsOf: (wardId: number) => patients.onWard(wardId),

    /** One ward's board (decision 035): its beds, its patients, their alerts and handovers. */
    async board(wardId: number): Promise<WardBoard> {
      const now = clock.now();
      const { current, next } = await assignments.shifts(wardId, now);
      const stored = await layout.current(wardId);
      const onWard: Patient[] = await patients.onWard(wardId);
      const ids = new Set(onWard.map((p) => p.id));
      const nurses = new Map(
        (await assignments.assignmentsOf([current.key])).map((a) => [a.patientId, a.nurse] as const),
      );
      const open = (await alerts.list(OPEN_ALERTS)).filter((alert) => ids.has(alert.patientId));
      const awaiting = (await handovers.awaiting([current.key, next.key])).filter((h) =>
        ids.has(h.patientId),
      );
      const placed = new Set(stored.beds.flatMap((bed) => (bed.patientId === null ? [] : [bed.patientId])));
      // Each bed's arrow, for all beds in one query (not a request per bed from each screen).
      const trends = await readings.news2Trends([...placed].filter((id) => ids.has(id)));
      return {
        shift: current,
        bays: stored.bays.map((bay) => ({
          id: bay.id,
          name: bay.name,
          beds: stored.beds
            .filter((bed) => bed.bayId === bay.id)
            .map((bed) => ({
              id: bed.id,
              label: bed.label,
              patientId: bed.patientId,
              assignedNurse: bed.patientId === null ? null : (nurses.get(bed.patientId) ?? null),
              news2Trend: bed.patientId === null ? null : (trends.get(bed.patientId) ?? null),
            })),
        })),
        unplacedPatientIds: onWard.filter((p) => !placed.has(p.id)).map((p) => p.id),
        figures: {
          patients: onWard.length,
          freeBeds: stored.beds.filter((bed) => bed.patientId === null).length,
          highestScores: onWard
            .map((p) => ({ patientId: p.id, score: p.news2.total }))
            .sort((a, b) => b.score - a.score || a.patientId - b.patientId)
            .slice(0, HIGHEST_SCORES_SHOWN),
          overdueObservations: onWard.filter((p) => new Date(p.observations.dueAt) < now).length,
          openAlerts: open.length,
          unacceptedHandovers: awaiting.length,
          flaggedHandovers: awaiting.filter((h) => h.flagged).length,
        },
      };
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
