import { z } from 'zod';
import { Bed, StaffRef } from './layout.ts';
import { Shift } from './shift.ts';

// Apart from the assignments (board.ts): the dashboard's "My patients" loads those, not the board.

/** The board's NEWS2 trend compares the server's NEWS2 over this window. */
export const NEWS2_TREND_WINDOW_H = 6;
export const NEWS2_DIRECTIONS = ['rising', 'falling', 'level'] as const;
export type News2Direction = (typeof NEWS2_DIRECTIONS)[number];

/**
 * Which way a patient's NEWS2 series went over the trend window: its newest total (`to`) against
 * its oldest (`from`).
 */
export const BedTrend = z.object({
  direction: z.enum(NEWS2_DIRECTIONS),
  from: z.number().int(),
  to: z.number().int(),
});
export type BedTrend = z.infer<typeof BedTrend>;

/** The trend from the first and the last total of a NEWS2 series (two scored readings at least). */
export function bedTrend(from: number, to: number): BedTrend {
  return { direction: to > from ? 'rising' : to < from ? 'falling' : 'level', from, to };
}

export const BoardBed = Bed.extend({
  assignedNurse: StaffRef.nullable(),
  /**
   * The NEWS2 series of the bed's patient over the last {@link NEWS2_TREND_WINDOW_H} hours; null
   * for a free bed, or with fewer than two scored readings in the window (no arrow rather than a guess).
   */
  news2Trend: BedTrend.nullable(),
});
export type BoardBed = z.infer<typeof BoardBed>;
export const BoardBay = z.object({ id: z.number().int(), name: z.string(), beds: z.array(BoardBed) });
export type BoardBay = z.infer<typeof BoardBay>;

export const WardFigures = z.object({
  /** Patients on the ward (not discharged), in a bed or not. */
  patients: z.number().int(),
  freeBeds: z.number().int(),
  /** The three highest NEWS2 totals, highest first. */
  highestScores: z.array(z.object({ patientId: z.number().int(), score: z.number().int() })),
  overdueObservations: z.number().int(),
  /** Alerts standing (pending, active) or latched, not yet acknowledged. */
  openAlerts: z.number().int(),
  /** Handovers into the current or next shift given and not yet accepted. */
  unacceptedHandovers: z.number().int(),
  /** Of those, the ones past their shift's handover window. */
  flaggedHandovers: z.number().int(),
});
export type WardFigures = z.infer<typeof WardFigures>;

/**
 * GET /api/ward/board: where each patient is and who looks after them this shift. A bed's patient
 * details (name, NEWS2, devices, next observation) are the patient list's, and alerts the alert
 * list's: the board does not repeat them.
 */
export const WardBoard = z.object({
  shift: Shift,
  bays: z.array(BoardBay),
  /** Patients on the ward without a bed. */
  unplacedPatientIds: z.array(z.number().int()),
  figures: WardFigures,
});
export type WardBoard = z.infer<typeof WardBoard>;
