import { z } from 'zod';
import { Role } from '../auth/roles.ts';
import { recordId } from '../ids.ts';
import { Bed, StaffRef } from './layout.ts';
import { Shift } from './shifts.ts';

const isoDate = z.iso.datetime({ offset: true });

/** Who looks after a patient during a shift, and who decided it. */
export const Assignment = z.object({
  patientId: z.number().int(),
  nurse: StaffRef,
  assignedBy: StaffRef,
  assignedAt: isoDate,
});
export type Assignment = z.infer<typeof Assignment>;

export const SHIFT_CHOICES = ['current', 'next'] as const;
export const AssignmentsQuery = z.object({
  shift: z
    .enum(SHIFT_CHOICES, { error: `shift must be one of ${SHIFT_CHOICES.join(', ')}` })
    .default('current'),
});
export const Assignments = z.object({ shift: Shift, assignments: z.array(Assignment) });
export type Assignments = z.infer<typeof Assignments>;

/** PUT /api/ward/assignments/:shiftKey/:patientId: the nurse, or null to leave the patient unassigned. */
export const AssignmentInput = z.object({ nurseId: recordId('nurseId').nullable() });
export type AssignmentInput = z.infer<typeof AssignmentInput>;

/**
 * The nurse in charge of a shift, named by a ward manager: while that shift runs they hold
 * SHIFT_LEAD_PERMISSIONS (they assign patients and see the flagged handovers), whatever their role.
 */
export const NurseInCharge = z.object({
  shift: Shift,
  nurse: StaffRef.nullable(),
  namedBy: StaffRef.nullable(),
  namedAt: isoDate.nullable(),
});
export type NurseInCharge = z.infer<typeof NurseInCharge>;

/** PUT /api/ward/nurse-in-charge/:shiftKey: the nurse, or null for none (the ward manager leads). */
export const NurseInChargeInput = z.object({ nurseId: recordId('nurseId').nullable() });
export type NurseInChargeInput = z.infer<typeof NurseInChargeInput>;

/** An active account of a clinical role, to assign patients to. */
export const WardStaffMember = z.object({ id: z.number().int(), name: z.string(), role: Role });
export type WardStaffMember = z.infer<typeof WardStaffMember>;

export const BoardBed = Bed.extend({ assignedNurse: StaffRef.nullable() });
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
