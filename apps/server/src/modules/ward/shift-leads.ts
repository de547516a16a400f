import { type NurseInCharge, nextShift, type Shift, shiftAt, shiftByKey } from '@vigil/domain';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import { internalEvent, STREAMS_ENDED } from '../events/internal-events.ts';
import type { LiveEventsService } from '../events/service.ts';
import type { AssignmentRepository } from './assignment-repository.ts';
import type { AssignmentService } from './assignments.ts';
import { liveEventsOf, WARD_CHANGED } from './live.ts';
import { toNurseInCharge } from './mappers.ts';
import { wardSettingsOf } from './settings.ts';

/** A span of time in which an account leads a shift (holds SHIFT_LEAD_PERMISSIONS). */
export interface LeadWindow {
  from: Date;
  until: Date;
}

/**
 * The shifts an account leads among the one in progress and the next, on each ward it has led, by
 * that ward's own shift times (decision 035), read when its session is (sessions.ts): a cached
 * session then knows when the grant starts and ends without asking again.
 */
export function createLeadWindows(deps: {
  repo: Pick<AssignmentRepository, 'settings' | 'ledBy' | 'leadWards'>;
  defaultTimeZone: string;
}) {
  const settings = wardSettingsOf(deps.repo, deps.defaultTimeZone);
  return async (userId: number, at: Date): Promise<LeadWindow[]> => {
    const windows: LeadWindow[] = [];
    for (const wardId of await deps.repo.leadWards(userId)) {
      const current = await settings(wardId);
      const now = shiftAt(current, at);
      const shifts = [now, nextShift(current, now)];
      const led = new Set(
        await deps.repo.ledBy(
          userId,
          wardId,
          shifts.map((s) => s.key),
        ),
      );
      for (const s of shifts) {
        if (led.has(s.key)) windows.push({ from: new Date(s.startsAt), until: new Date(s.endsAt) });
      }
    }
    return windows;
  };
}

/** Who is in charge of each shift: named by a ward manager for the current or the next shift. */
export function createShiftLeadService(deps: {
  repo: AssignmentRepository;
  assignments: Pick<AssignmentService, 'shifts' | 'assertCaringStaff'>;
  clock: Clock;
  audit: Pick<AuditService, 'recordIn'>;
  liveEvents: Pick<LiveEventsService, 'record' | 'committed'>;
}) {
  const { repo, assignments, clock, audit, liveEvents } = deps;
  const of = async (wardId: number, shift: Shift) =>
    toNurseInCharge(shift, await repo.lead(wardId, shift.key));

  return {
    /** The nurse in charge of a ward's current or next shift, by its shift times (decision 035: one per ward). */
    async nurseInCharge(wardId: number, choice: 'current' | 'next'): Promise<NurseInCharge> {
      return of(wardId, (await assignments.shifts(wardId))[choice]);
    },

    /**
     * Names (or, with null, un-names) the nurse in charge of the current or the next shift. Both the
     * named and the replaced nurse's sessions are read again at once, on every instance, so the
     * grant starts and ends with the change rather than with a cache's expiry.
     */
    async name(
      wardId: number,
      shiftKey: string,
      nurseId: number | null,
      actor: AuditActor,
    ): Promise<NurseInCharge> {
      const { current, next, settings } = await assignments.shifts(wardId);
      const shift = shiftByKey(settings, shiftKey);
      if (!shift || (shift.key !== current.key && shift.key !== next.key)) {
        throw badRequest(
          `A nurse in charge is named for the current shift (${current.key}) or the next (${next.key}), not ${shiftKey}.`,
          'SHIFT_NOT_OPEN',
        );
      }
      if (nurseId !== null) await assignments.assertCaringStaff(nurseId, 'nurseId');
      const events = liveEventsOf(liveEvents, [{ ...WARD_CHANGED, wardId }]);
      await repo.setLead(
        { wardId, shiftKey: shift.key, nurseId },
        clock.now(),
        actor.userId!,
        async (run, { previousNurseId }) => {
          await audit.recordIn(run, {
            actor,
            action: nurseId === null ? 'delete' : 'update',
            entityType: 'NurseInCharge',
            entityId: nurseId,
            detail: shift.key,
          });
          const changed = [...new Set([previousNurseId, nurseId])].filter((id): id is number => id !== null);
          // Both nurses' sessions are read again, and their streams end, on every instance.
          await events.record(
            run,
            changed.map((userId) => internalEvent(STREAMS_ENDED, { userId })),
          );
        },
      );
      events.publish();
      return of(wardId, shift);
    },
  };
}

export type ShiftLeadService = ReturnType<typeof createShiftLeadService>;
