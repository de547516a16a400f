import type { Assignment, BedMove, NurseInCharge, Shift, WardLayout } from '@vigil/domain';
import type { AssignmentRow, LeadRow } from './assignment-repository.ts';
import type { BedMoveRow, CurrentLayout } from './repository.ts';

export function toWardLayout({ bays, beds }: CurrentLayout): WardLayout {
  return {
    bays: bays.map((bay) => ({
      id: bay.id,
      name: bay.name,
      beds: beds
        .filter((bed) => bed.bayId === bay.id)
        .map((bed) => ({ id: bed.id, label: bed.label, patientId: bed.patientId })),
    })),
  };
}

export const toBedMove = (row: BedMoveRow): BedMove => ({
  id: row.id,
  patientId: row.patientId,
  kind: row.kind,
  fromBed: row.fromBed,
  toBed: row.toBed,
  at: row.at.toISOString(),
  by: { id: row.byUser, name: row.byName },
});

export const toAssignment = (row: AssignmentRow): Assignment => ({
  patientId: row.patientId,
  nurse: { id: row.nurseId, name: row.nurseName },
  assignedBy: { id: row.assignedBy, name: row.assignedByName },
  assignedAt: row.assignedAt.toISOString(),
});

export const toNurseInCharge = (shift: Shift, row: LeadRow | undefined): NurseInCharge => ({
  shift,
  nurse: row ? { id: row.nurseId, name: row.nurseName } : null,
  namedBy: row ? { id: row.namedBy, name: row.namedByName } : null,
  namedAt: row?.namedAt.toISOString() ?? null,
});
