import {
  type Assignment,
  type Assignments,
  nextShift,
  previousShift,
  ROLES,
  roleHas,
  type Shift,
  shiftAt,
  shiftByKey,
  type WardSettings,
  type WardStaffMember,
} from '@vigil/domain';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import { internalEvent, STREAMS_ENDED } from '../events/internal-events.ts';
import type { LiveEventsService } from '../events/service.ts';
import type { AssignmentRepository } from './assignment-repository.ts';
import type { LayoutService } from './layout.ts';
import { liveEventsOf, WARD_CHANGED } from './live.ts';
import { toAssignment } from './mappers.ts';
import { wardSettingsOf } from './settings.ts';

/** The roles whose accounts look after patients: those that give and accept handovers. */
const CARING_ROLES = ROLES.filter((role) => roleHas(role, 'handover:write'));

/** The ward's shifts and who looks after whom in each. */
export function createAssignmentService(deps: {
  repo: AssignmentRepository;
  layout: Pick<LayoutService, 'assertOnWard'>;
  clock: Clock;
  audit: Pick<AuditService, 'recordIn'>;
  liveEvents: Pick<LiveEventsService, 'record' | 'committed'>;
  /** The ward's clock until a ward manager sets one (config WARD_TIME_ZONE). */
  defaultTimeZone: string;
}) {
  const { repo, layout, clock, audit, liveEvents } = deps;
  const settings = wardSettingsOf(repo, deps.defaultTimeZone);

  const service = {
    settings,

    /**
     * A ward's new shift times (decision 035: each ward its own) move the spans in which its nurses
     * in charge hold their grant, and a cached session holds the spans it was read with: the
     * sessions of everyone who leads the ward's current or next shift, before or after the change,
     * are read again at once on every instance.
     */
    async saveSettings(wardId: number, input: WardSettings, actor: AuditActor): Promise<WardSettings> {
      const events = liveEventsOf(liveEvents, [{ ...WARD_CHANGED, wardId }]);
      const at = clock.now();
      const before = await service.shifts(wardId, at);
      const after = shiftAt(input, at);
      const leaders = await repo.leadersOf(wardId, [
        ...new Set([before.current.key, before.next.key, after.key, nextShift(input, after).key]),
      ]);
      await repo.saveSettings(wardId, input, at, actor.userId!, async (run) => {
        await audit.recordIn(run, {
          actor,
          action: 'update',
          entityType: 'WardSettings',
          entityId: wardId,
        });
        await events.record(
          run,
          leaders.map((userId) => internalEvent(STREAMS_ENDED, { userId })),
        );
      });
      events.publish();
      return input;
    },

    /** A ward's shift in progress now, the one after it and the one before it, under its settings. */
    async shifts(wardId: number, at = clock.now()) {
      const current = await settings(wardId);
      const now = shiftAt(current, at);
      return {
        settings: current,
        current: now,
        next: nextShift(current, now),
        previous: previousShift(current, now),
      };
    },

    /** The assignments of several shifts (by key), as the API answers them. */
    async assignmentsOf(shiftKeys: string[]): Promise<(Assignment & { shiftKey: string })[]> {
      return (await repo.assignments(shiftKeys)).map((row) => ({
        ...toAssignment(row),
        shiftKey: row.shiftKey,
      }));
    },

    /** Who looks after whom on a ward (its patients only, decision 035) in the current or next shift. */
    async assignments(
      wardId: number,
      choice: 'current' | 'next',
      onWard: (patientId: number) => boolean = () => true,
    ) {
      const shift = (await service.shifts(wardId))[choice];
      const rows = (await repo.assignments([shift.key])).filter((row) => onWard(row.patientId));
      return { shift, assignments: rows.map(toAssignment) } satisfies Assignments;
    },

    /**
     * Assigns a patient to a nurse for the current or the next shift of her ward (a nurse in charge
     * plans the next one before it starts); an earlier or later shift is refused.
     */
    async assign(
      shiftKey: string,
      patientId: number,
      nurseId: number | null,
      actor: AuditActor,
    ): Promise<Assignments> {
      const wardId = await layout.assertOnWard(patientId);
      const { current, next, settings: now } = await service.shifts(wardId);
      const shift: Shift | null = shiftByKey(now, shiftKey);
      if (!shift || (shift.key !== current.key && shift.key !== next.key)) {
        throw badRequest(
          `Patients are assigned for the current shift (${current.key}) or the next (${next.key}), not ${shiftKey}.`,
          'SHIFT_NOT_OPEN',
        );
      }
      if (nurseId !== null) await service.assertCaringStaff(nurseId, 'nurseId');
      const events = liveEventsOf(liveEvents, [{ ...WARD_CHANGED, wardId }]);
      await repo.assign(
        { shiftKey: shift.key, patientId, nurseId },
        clock.now(),
        actor.userId!,
        async (run) => {
          await audit.recordIn(run, {
            actor,
            action: nurseId === null ? 'delete' : 'update',
            entityType: 'Assignment',
            entityId: nurseId,
            patientId,
            detail: shift.key,
          });
          await events.record(run);
        },
      );
      events.publish();
      return { shift, assignments: (await repo.assignments([shift.key])).map(toAssignment) };
    },

    /** 400 unless the account is active and looks after patients (holds handover:write). */
    async assertCaringStaff(userId: number, field: string) {
      const person = await repo.user(userId);
      const caring =
        person !== undefined && person.status === 'active' && roleHas(person.role, 'handover:write');
      if (!caring) {
        throw badRequest(
          `${field} ${userId} is not an active account that looks after patients: choose a nurse, doctor or ward manager.`,
          'NOT_CARING_STAFF',
        );
      }
    },

    async staff(): Promise<WardStaffMember[]> {
      return (await repo.staff(CARING_ROLES, 'active')).map((row) => ({
        id: row.id,
        name: row.username,
        role: row.role as WardStaffMember['role'],
      }));
    },
  };
  return service;
}

export type AssignmentService = ReturnType<typeof createAssignmentService>;
