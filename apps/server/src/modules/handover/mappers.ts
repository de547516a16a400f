import type { Handover } from '@vigil/domain';
import type { HandoverRow } from './repository.ts';

/** A stored handover as the API answers it; flagged when still awaiting acceptance past its window. */
export function toHandover(row: HandoverRow, now: Date): Handover {
  return {
    id: row.id,
    patientId: row.patientId,
    shiftKey: row.shiftKey,
    illnessSeverity: row.illnessSeverity,
    patientSummary: row.patientSummary,
    actions: row.actions,
    situation: row.situation,
    givenBy: { id: row.givenBy, name: row.givenByName },
    givenAt: row.givenAt.toISOString(),
    toNurse: row.toNurseId === null ? null : { id: row.toNurseId, name: row.toNurseName ?? '' },
    status: row.status,
    synthesis: row.synthesis,
    acceptedBy: row.acceptedBy === null ? null : { id: row.acceptedBy, name: row.acceptedByName ?? '' },
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    handoverEndsAt: row.handoverEndsAt.toISOString(),
    flagged: isFlagged(row, now),
  };
}

export const isFlagged = (row: Pick<HandoverRow, 'status' | 'handoverEndsAt'>, now: Date) =>
  row.status === 'given' && now >= row.handoverEndsAt;
