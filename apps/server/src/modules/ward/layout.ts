import { type BedMove, displayPatientId, type WardLayout, type WardLayoutInput } from '@vigil/domain';
import type { Run } from '../../db/prepared.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AlertService } from '../alerts/service.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { LiveEventsService } from '../events/service.ts';
import { liveEventsOf, WARD_CHANGED } from './live.ts';
import { toBedMove, toWardLayout } from './mappers.ts';
import type { CurrentLayout, PatientPlace, WardRepository } from './repository.ts';

const patientNotFound = () => notFound('Patient not found', 'PATIENT_NOT_FOUND');
const discharged = () =>
  conflict('The patient has been discharged; admit them again to give them a bed.', 'PATIENT_DISCHARGED');

/** The edit must name only bays and beds of this ward and keep every occupied bed. */
function checkLayoutEdit(input: WardLayoutInput, current: CurrentLayout) {
  const bayIds = new Set(current.bays.map((bay) => bay.id));
  const bedIds = new Set(current.beds.map((bed) => bed.id));
  for (const bay of input.bays) {
    if (bay.id && !bayIds.has(bay.id))
      throw badRequest(
        `Bay id ${bay.id} is not on this ward; leave the id out for a new bay.`,
        'UNKNOWN_BAY',
      );
    for (const bed of bay.beds) {
      if (bed.id && !bedIds.has(bed.id))
        throw badRequest(
          `Bed id ${bed.id} is not on this ward; leave the id out for a new bed.`,
          'UNKNOWN_BED',
        );
    }
  }
  const kept = new Set(input.bays.flatMap((bay) => bay.beds.map((bed) => bed.id)));
  const occupied = current.beds.find((bed) => !kept.has(bed.id) && bed.patientId !== null);
  if (occupied) {
    throw conflict(
      `Bed ${occupied.label} is occupied by ${displayPatientId(occupied.patientId!)}; move the patient first.`,
      'BED_OCCUPIED',
    );
  }
}

/** Bays and beds, and patients' admissions to beds, moves and discharges. */
export function createLayoutService(deps: {
  repo: WardRepository;
  clock: Clock;
  audit: Pick<AuditService, 'recordIn'>;
  liveEvents: Pick<LiveEventsService, 'record' | 'committed'>;
  /** A discharge resolves the patient's open alerts, in its transaction. */
  alerts: Pick<AlertService, 'onDischarged'>;
  /** A discharge takes the patient off the ward list: its rendered copy here is read again. */
  patientsChanged: () => void;
}) {
  const { repo, clock, audit, liveEvents, alerts } = deps;

  /** A patient's bed change, audited and announced in its transaction. */
  const recordedMove =
    (actor: AuditActor, events: ReturnType<typeof liveEventsOf>) =>
    async (run: Run, move: { id: number; patientId: number; kind: string }) => {
      await audit.recordIn(run, {
        actor,
        action: 'create',
        entityType: 'BedMove',
        entityId: move.id,
        patientId: move.patientId,
        detail: move.kind,
      });
      await events.record(
        run,
        move.kind === 'discharge' ? await alerts.onDischarged(run, move.patientId) : [],
      );
    };

  return {
    layout: async (wardId: number): Promise<WardLayout> => toWardLayout(await repo.layout(wardId)),

    async saveLayout(wardId: number, input: WardLayoutInput, actor: AuditActor): Promise<WardLayout> {
      const events = liveEventsOf(liveEvents, [{ ...WARD_CHANGED, wardId }]);
      const after = await repo.replaceLayout(
        wardId,
        input,
        (current) => checkLayoutEdit(input, current),
        async (run, layout) => {
          await audit.recordIn(run, {
            actor,
            action: 'update',
            entityType: 'WardLayout',
            detail: `${layout.bays.length} bays, ${layout.beds.length} beds`,
          });
          await events.record(run);
        },
      );
      events.publish();
      return toWardLayout(after);
    },

    /** Admits a patient to a bed, or moves them: 409 when the bed is taken. */
    async placePatient(patientId: number, bedId: number, actor: AuditActor): Promise<BedMove> {
      const events = liveEventsOf(liveEvents, [WARD_CHANGED]);
      const move = await repo.placePatient(
        patientId,
        bedId,
        clock.now(),
        actor.userId!,
        (place, bed) => {
          if (!place) throw patientNotFound();
          if (place.dischargedAt) throw discharged();
          // A bed of another ward is not hers to take: a transfer moves her there (decision 035).
          if (!bed || bed.wardId !== place.wardId)
            throw notFound(`Bed ${bedId} is not on this ward`, 'BED_NOT_FOUND');
          if (bed.patientId === patientId)
            throw conflict(`The patient is already in bed ${bed.label}.`, 'ALREADY_IN_BED');
          if (bed.patientId !== null) throw conflict(`Bed ${bed.label} is already occupied.`, 'BED_OCCUPIED');
        },
        recordedMove(actor, events),
      );
      events.publish();
      return toBedMove(move);
    },

    /** Discharges a patient: the bed is free and they leave the ward's lists. */
    async discharge(patientId: number, actor: AuditActor): Promise<BedMove> {
      const events = liveEventsOf(liveEvents, [WARD_CHANGED]);
      const move = await repo.discharge(
        patientId,
        clock.now(),
        actor.userId!,
        (place: PatientPlace | null) => {
          if (!place) throw patientNotFound();
          if (place.dischargedAt)
            throw conflict('The patient has already been discharged.', 'PATIENT_DISCHARGED');
        },
        recordedMove(actor, events),
      );
      deps.patientsChanged();
      events.publish();
      return toBedMove(move);
    },

    async bedHistory(patientId: number): Promise<BedMove[]> {
      if ((await repo.isOnWard(patientId)) === null) throw patientNotFound();
      return (await repo.bedHistory(patientId)).map(toBedMove);
    },

    /** A patient's ward, discharged or not; 404 for an unknown one. */
    async wardOf(patientId: number): Promise<number> {
      const place = await repo.isOnWard(patientId);
      if (place === null) throw patientNotFound();
      return place.wardId;
    },

    /** A patient's ward, when she is on it (not discharged); 404 for an unknown one. */
    async assertOnWard(patientId: number): Promise<number> {
      const place = await repo.isOnWard(patientId);
      if (place === null) throw patientNotFound();
      if (!place.onWard) throw conflict('The patient has been discharged.', 'PATIENT_DISCHARGED');
      return place.wardId;
    },

    /** The stored layout of a ward, for the board. */
    current: (wardId: number) => repo.layout(wardId),
  };
}

export type LayoutService = ReturnType<typeof createLayoutService>;
