import type { WardBoard } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { makeAlert } from '@/test/alert-factory.ts';
import { makePatient } from '@/test/patient-factory.ts';
import { boardView } from './board-view.ts';

const nurse = { id: 7, name: 'nina' };
const board: WardBoard = {
  shift: {
    key: '2026-11-26/day',
    name: 'Day',
    startsAt: '2026-11-26T07:30:00.000Z',
    endsAt: '2026-11-26T19:30:00.000Z',
    handoverEndsAt: '2026-11-26T08:30:00.000Z',
  },
  bays: [
    {
      id: 1,
      name: 'Bay A',
      beds: [
        { id: 11, label: 'A1', patientId: 1, assignedNurse: nurse, news2Trend: null },
        {
          id: 12,
          label: 'A2',
          patientId: 2,
          assignedNurse: null,
          news2Trend: { direction: 'rising', from: 2, to: 7 },
        },
        { id: 13, label: 'A3', patientId: null, assignedNurse: null, news2Trend: null },
      ],
    },
    {
      id: 2,
      name: 'Bay B',
      beds: [{ id: 21, label: 'B1', patientId: null, assignedNurse: null, news2Trend: null }],
    },
  ],
  unplacedPatientIds: [3],
  figures: {
    patients: 3,
    freeBeds: 2,
    highestScores: [{ patientId: 2, score: 7 }],
    overdueObservations: 0,
    openAlerts: 1,
    unacceptedHandovers: 0,
    flaggedHandovers: 0,
  },
};
const patients = [1, 2, 3].map((id) => makePatient({ id, name: `Patient ${id}` }));
const alerts = [makeAlert({ id: 5, patientId: 2 })];

describe('boardView', () => {
  it('joins beds with the patient list, the open alerts and the assigned nurse; free beds stay', () => {
    const view = boardView(board, patients, alerts);
    const bayA = view.bays[0];
    expect(
      bayA?.beds.map((b) => [b.label, b.patient?.name ?? null, b.alerts.length, b.nurse?.name ?? null]),
    ).toEqual([
      ['A1', 'Patient 1', 0, 'nina'],
      ['A2', 'Patient 2', 1, null],
      ['A3', null, 0, null],
    ]);
    expect(view.unplaced.map((u) => u.patient.name)).toEqual(['Patient 3']);
    expect(view.highestScores[0]).toMatchObject({ score: 7, patient: { name: 'Patient 2' } });
    expect(bayA?.beds[1]?.trend).toEqual({ direction: 'rising', from: 2, to: 7 });
  });

  it('keeps only the nurse’s own patients under "My patients"', () => {
    const view = boardView(board, patients, alerts, nurse.id);
    expect(view.bays.map((b) => b.beds.map((bed) => bed.label))).toEqual([['A1']]);
    expect(view.unplaced).toEqual([]);
    // A patient can still be moved to any free bed.
    expect(view.freeBeds).toEqual([
      { id: 13, label: 'A3', bayName: 'Bay A' },
      { id: 21, label: 'B1', bayName: 'Bay B' },
    ]);
  });
});
