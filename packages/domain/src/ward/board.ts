import { z } from 'zod';
import { Role } from '../auth/roles.ts';
import { recordId } from '../ids.ts';
import { StaffRef } from './layout.ts';
import { Shift } from './shift.ts';

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
