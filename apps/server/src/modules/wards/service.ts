import {
  isHospitalWide,
  type TransferResult,
  type Ward,
  type WardInput,
  type WardMembers,
  type WardMembership,
  type WardScope,
} from '@vigil/domain';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AlertService } from '../alerts/service.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import { internalEvent, STREAMS_ENDED } from '../events/internal-events.ts';
import type { LiveEventRow, LiveEventsService } from '../events/service.ts';
import type { TransferRepository, WardRow, WardsRepository } from './repository.ts';

const toWard_ = (row: WardRow): Ward => ({ id: row.id, name: row.name, code: row.code });
const patientNotFound = () => notFound('Patient not found', 'PATIENT_NOT_FOUND');

/**
 * The hospital's wards (decision 035): which exist, who works on which (and so sees which), and
 * patients' transfers between them.
 */
export function createWardsService(deps: {
  repo: WardsRepository;
  transfers: TransferRepository;
  clock: Clock;
  audit: Pick<AuditService, 'recordIn' | 'record'>;
  liveEvents: Pick<LiveEventsService, 'record' | 'committed'>;
  database: Pick<Database, 'transaction'>;
  /** A transfer re-announces her open alerts to the ward she joins, in its transaction. */
  alerts: Pick<AlertService, 'openAlertEvents'>;
  /** A transfer takes the patient off one ward's list and onto another's. */
  patientsChanged: () => void;
}) {
  const { repo, transfers, clock, audit, liveEvents } = deps;

  async function wardOrThrow(id: number, field: string): Promise<WardRow> {
    const ward = await repo.byId(id);
    if (!ward) throw badRequest(`${field} ${id} is not a ward of this hospital`, 'UNKNOWN_WARD');
    return ward;
  }

  return {
    /** Every ward of the hospital (names and codes: no patient's data). */
    list: async (): Promise<Ward[]> => (await repo.list()).map(toWard_),

    /** The wards a scope sees, in id order. */
    async visible(scope: WardScope): Promise<Ward[]> {
      const all = await repo.list();
      return all.filter((w) => scope.all || scope.wardIds.includes(w.id)).map(toWard_);
    },

    /** The ward a ward-wide screen shows: the one asked for (if seen), else the person's first. */
    async pick(scope: WardScope, asked: number | undefined): Promise<number> {
      if (asked !== undefined) {
        if (!(await repo.byId(asked)) || !(scope.all || scope.wardIds.includes(asked)))
          throw notFound(`Ward ${asked} not found`, 'WARD_NOT_FOUND');
        return asked;
      }
      if (!scope.all && scope.wardIds.length > 0) return scope.wardIds[0]!;
      const [first] = await repo.list();
      if (!first || !scope.all)
        throw notFound('You work on no ward yet; ask an administrator to add you to one', 'NO_WARD');
      return first.id;
    },

    /**
     * The ward an admission goes to: the one named, if the person sees it (404 otherwise, as for a
     * ward that does not exist); else their only ward, or the hospital's only ward. A person with
     * several wards names one (400).
     */
    async admissionWard(scope: WardScope, asked: number | undefined): Promise<number> {
      if (asked !== undefined) return this.pick(scope, asked);
      const seen = scope.all ? (await repo.list()).map((w) => w.id) : scope.wardIds;
      if (seen.length === 1) return seen[0]!;
      if (seen.length === 0)
        throw notFound('You work on no ward yet; ask an administrator to add you to one', 'NO_WARD');
      throw badRequest('You work on several wards: name the ward to admit to (wardId)', 'WARD_REQUIRED');
    },

    async create(input: WardInput, actor: AuditActor): Promise<Ward> {
      const row = await repo.insert(input);
      if (row === 'taken') throw conflict(`Ward code ${input.code} is another ward's`, 'WARD_CODE_TAKEN');
      await deps.database.transaction((run) =>
        audit.recordIn(run, {
          actor,
          action: 'create',
          entityType: 'Ward',
          entityId: row.id,
          detail: row.code,
        }),
      );
      return toWard_(row);
    },

    /** Who works on which ward, with their role: every ward, members by name. */
    async members(): Promise<WardMembers> {
      const rows = await repo.allMembers();
      return (await repo.list()).map((ward) => ({
        wardId: ward.id,
        members: rows
          .filter((r) => r.wardId === ward.id)
          .map(({ id, username, role }) => ({ id, username, role })),
      }));
    },

    async membership(userId: number): Promise<WardMembership> {
      const role = await repo.userRole(userId);
      if (!role) throw notFound('Account not found', 'ACCOUNT_NOT_FOUND');
      const ids = await repo.wardsOf(userId);
      const wards = (await repo.list()).filter((w) => ids.includes(w.id)).map(toWard_);
      return { userId, hospitalWide: isHospitalWide(role), wards };
    },

    /**
     * Sets the wards a person works on. What they may see changes at once: their open streams end
     * and their cached sessions are read again, on every instance (as a change of role does).
     */
    async setMembership(userId: number, wardIds: number[], actor: AuditActor): Promise<WardMembership> {
      if (!(await repo.userRole(userId))) throw notFound('Account not found', 'ACCOUNT_NOT_FOUND');
      const ids = [...new Set(wardIds)].sort((a, b) => a - b);
      if (!(await repo.allExist(ids)))
        throw badRequest('wardIds names a ward that does not exist', 'UNKNOWN_WARD');
      let rows: LiveEventRow[] = [];
      await repo.transaction(async (tx) => {
        await repo.setWardsOf(tx, userId, ids);
      });
      await deps.database.transaction(async (run) => {
        await audit.recordIn(run, {
          actor,
          action: 'update',
          entityType: 'WardMembership',
          entityId: userId,
          detail: ids.length ? `wards ${ids.join(', ')}` : 'no ward',
        });
        rows = await liveEvents.record(run, [internalEvent(STREAMS_ENDED, { userId })]);
      });
      liveEvents.committed(rows);
      return this.membership(userId);
    },

    /**
     * Moves a patient to another ward, into one of its free beds or none yet: her bed on the ward
     * she leaves is freed, the move is on her timeline and in the audit trail, and her open alerts
     * follow her (they are hers; they reach the new ward's screens and its people from now on).
     */
    async transfer(
      patientId: number,
      to: { wardId: number; bedId: number | null },
      actor: AuditActor,
    ): Promise<TransferResult> {
      const toWard = await wardOrThrow(to.wardId, 'wardId');
      let events: LiveEventRow[] = [];
      let fromWardId = 0;
      const move = await transfers.transfer(
        patientId,
        to,
        clock.now(),
        actor.userId!,
        (place, bed) => {
          if (!place) throw patientNotFound();
          if (place.dischargedAt)
            throw conflict(
              'The patient has been discharged; admit them again instead.',
              'PATIENT_DISCHARGED',
            );
          if (place.wardId === to.wardId)
            throw conflict(`The patient is already on ${toWard.name}.`, 'ALREADY_ON_WARD');
          if (to.bedId !== null) {
            if (!bed || bed.wardId !== to.wardId)
              throw notFound(`Bed ${to.bedId} is not on ${toWard.name}`, 'BED_NOT_FOUND');
            if (bed.patientId !== null)
              throw conflict(`Bed ${bed.label} is already occupied.`, 'BED_OCCUPIED');
          }
        },
        async (run, row, from) => {
          fromWardId = from.wardId;
          await audit.recordIn(run, {
            actor,
            action: 'update',
            entityType: 'Transfer',
            entityId: row.id,
            patientId,
            detail: `ward ${from.wardId} → ward ${to.wardId}`,
          });
          const alerts = await deps.alerts.openAlertEvents(run, patientId, to.wardId);
          events = await liveEvents.record(run, [
            // Both boards and lists: she leaves one and joins the other.
            // `transfer`: a patient left or joined, with her alerts, so the alert lists refetch.
            { type: 'ward-changed', patientId: null, wardId: from.wardId, data: { transfer: true } },
            { type: 'ward-changed', patientId: null, wardId: to.wardId, data: { transfer: true } },
            ...alerts,
          ]);
        },
      );
      deps.patientsChanged();
      liveEvents.committed(events);
      const fromWard = await repo.byId(fromWardId);
      return {
        patientId,
        fromWard: fromWard ? toWard_(fromWard) : { id: fromWardId, name: '', code: '' },
        toWard: toWard_(toWard),
        fromBed: move.fromBed,
        toBed: move.toBed,
        at: move.at.toISOString(),
      };
    },

    /** Who on a ward (or the outreach team) an escalation to `role` reaches, in a transaction. */
    recipients: repo.recipients,

    /** The ward of a record a route acts on (access hook). */
    wardOf: repo.wardOf,
  };
}

export type WardsService = ReturnType<typeof createWardsService>;
