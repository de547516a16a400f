import {
  type Handover,
  type HandoverInput,
  type HandoverOverview,
  handoverShiftAt,
  previousShift,
  roleHas,
  type Shift,
  shiftAt,
  shiftByKey,
  type User,
  zonedClock,
} from '@vigil/domain';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { AlertService } from '../alerts/service.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { CareService } from '../care/service.ts';
import type { LiveEventsService } from '../events/service.ts';
import type { PatientService } from '../patients/service.ts';
import type { AssignmentService } from '../ward/assignments.ts';
import { alertsByPatient } from '../ward/board.ts';
import type { LayoutService } from '../ward/layout.ts';
import { liveEventsOf } from '../ward/live.ts';
import { draftOf } from './drafts.ts';
import { isFlagged, toHandover } from './mappers.ts';
import type { HandoverRecord, HandoverRepository } from './repository.ts';

const handoverNotFound = () => notFound('Handover not found', 'HANDOVER_NOT_FOUND');

/** Who is asking: their id and role. */
type Caller = Pick<User, 'id' | 'role'>;

/**
 * I-PASS handover: drafts for the outgoing nurse, handovers given into the next shift,
 * accepted by a receiver with their synthesis (exactly one of two at once), flagged when the
 * shift's handover window ends before anyone accepts. Each give and accept is audited.
 */
export function createHandoverService(deps: {
  repo: HandoverRepository;
  assignments: Pick<AssignmentService, 'shifts' | 'assignmentsOf' | 'settings' | 'assertCaringStaff'>;
  layout: Pick<LayoutService, 'assertOnWard' | 'wardOf'>;
  patients: Pick<PatientService, 'onWard' | 'assertExists'>;
  /** Who is named in charge of a ward's shift (by key), if anyone (decision 035: one per ward). */
  leadOf: (wardId: number, shiftKey: string) => Promise<number | null>;
  alerts: Pick<AlertService, 'list'>;
  care: Pick<CareService, 'listTreatments'>;
  clock: Clock;
  audit: Pick<AuditService, 'recordIn'>;
  liveEvents: Pick<LiveEventsService, 'record' | 'committed'>;
}) {
  const { repo, assignments, layout, patients, alerts, care, clock, audit, liveEvents } = deps;

  /**
   * In charge of a ward's handover: a ward manager (by role), or the nurse named in charge of that
   * ward's shift now or of the one being handed over to, by that ward's shift times. A nurse in
   * charge of another ward is not (her session's grant is of her ward's shift).
   */
  async function inChargeOf(caller: Caller, wardId: number, shifts: Shift[]): Promise<boolean> {
    if (roleHas(caller.role, 'ward:assign')) return true;
    for (const key of new Set(shifts.map((s) => s.key))) {
      if ((await deps.leadOf(wardId, key)) === caller.id) return true;
    }
    return false;
  }

  /** A give or accept: audited and announced in its transaction. */
  const recorded =
    (actor: AuditActor, action: 'create' | 'update', events: ReturnType<typeof liveEventsOf>) =>
    async (run: Parameters<typeof audit.recordIn>[0], row: HandoverRecord) => {
      await audit.recordIn(run, {
        actor,
        action,
        entityType: 'Handover',
        entityId: row.id,
        patientId: row.patientId,
      });
      // The event names the handover, whose id the insert has only now drawn.
      await events.record(run, [
        { type: 'handover-changed', patientId: row.patientId, data: { handoverId: row.id } },
      ]);
    };

  return {
    /**
     * The caller's handover screen: the shift being handed over to, drafts for the patients the
     * caller looks after in the shift before it (every patient for a nurse in charge with none of
     * their own), and the handovers awaiting the caller's acceptance.
     */
    async overview(user: Caller, wardId: number): Promise<HandoverOverview> {
      const now = clock.now();
      const settings = await assignments.settings(wardId);
      const into = handoverShiftAt(settings, now);
      const from = previousShift(settings, into);
      // After a handover window, its flagged handovers still await acceptance in the shift now.
      const current = shiftAt(settings, now);
      const incomingKeys = [...new Set([current.key, into.key])];
      const assigned = await assignments.assignmentsOf([from.key, ...incomingKeys]);
      const mine = (key: string) =>
        new Set(assigned.filter((a) => a.shiftKey === key && a.nurse.id === user.id).map((a) => a.patientId));
      // The patients of this ward only, on its shift times (decision 035).
      const onWard = await patients.onWard(wardId);
      const seen = new Set(onWard.map((p) => p.id));
      const outgoingIds = mine(from.key);
      // The ward manager, or the nurse named in charge of this ward's shift now or the next.
      const inCharge = await inChargeOf(user, wardId, [current, into]);
      const handedOver = new Set((await repo.intoShifts([into.key], false)).map((h) => h.patientId));
      const toDraft = onWard.filter(
        (p) => (outgoingIds.has(p.id) || (outgoingIds.size === 0 && inCharge)) && !handedOver.has(p.id),
      );
      const open = alertsByPatient(await alerts.list({ state: 'open', limit: 500 }));
      const summaries = await repo.lastSummaries(toDraft.map((p) => p.id));
      const outgoing = [];
      for (const patient of toDraft) {
        const facts = {
          patient,
          openAlerts: open.get(patient.id) ?? [],
          treatments: await care.listTreatments(patient.id),
          lastSummary: summaries.get(patient.id),
        };
        outgoing.push(draftOf(facts, into, now, settings.timeZone));
      }
      const incoming = (await repo.intoShifts(incomingKeys, true)).filter(
        (h) =>
          seen.has(h.patientId) &&
          (h.toNurseId === user.id ||
            (h.toNurseId === null && mine(h.shiftKey).has(h.patientId)) ||
            (inCharge && isFlagged(h, now))),
      );
      return { shift: into, outgoing, incoming: incoming.map((h) => toHandover(h, now)) };
    },

    /**
     * Gives a patient's handover into the shift being handed over to now: only the nurse assigned
     * to the patient in the shift before it (the outgoing nurse), or the nurse in charge.
     */
    async give(input: HandoverInput, actor: AuditActor, caller: Caller): Promise<Handover> {
      const wardId = await layout.assertOnWard(input.patientId);
      const now = clock.now();
      const settings = await assignments.settings(wardId);
      const into = handoverShiftAt(settings, now);
      if (!(await inChargeOf(caller, wardId, [shiftAt(settings, now), into]))) {
        const from = previousShift(settings, into);
        const outgoing = await assignments.assignmentsOf([from.key]);
        if (!outgoing.some((a) => a.patientId === input.patientId && a.nurse.id === caller.id)) {
          throw forbidden(
            `Only the nurse assigned to this patient for ${from.name} (${from.key}), or the nurse in charge, gives this patient's handover.`,
            'NOT_OUTGOING_NURSE',
          );
        }
      }
      if (input.toNurseId) await assignments.assertCaringStaff(input.toNurseId, 'toNurseId');
      const events = liveEventsOf(liveEvents, []);
      const row = await repo.give(
        {
          patientId: input.patientId,
          shiftKey: into.key,
          handoverEndsAt: new Date(into.handoverEndsAt),
          illnessSeverity: input.illnessSeverity,
          patientSummary: input.patientSummary,
          actions: input.actions,
          situation: input.situation,
          givenBy: actor.userId!,
          givenAt: now,
          toNurseId: input.toNurseId ?? null,
        },
        recorded(actor, 'create', events),
      );
      if (row === 'awaiting') {
        throw conflict(
          `A handover for this patient into ${into.name} (${into.key}) is already given and awaiting acceptance.`,
          'HANDOVER_AWAITING',
        );
      }
      events.publish();
      return toHandover(row, now);
    },

    /**
     * Accepts a handover with the receiver's synthesis: only its addressee, or, when it names
     * none, the nurse assigned to the patient in the shift it was given into (the incoming nurse)
     * or the nurse in charge. The second of two at once is told who won.
     */
    async accept(id: number, synthesis: string, actor: AuditActor, caller: Caller): Promise<Handover> {
      const current = await repo.get(id);
      if (!current) throw handoverNotFound();
      if (current.givenBy === actor.userId) {
        throw conflict('You gave this handover: the nurse taking over accepts it.', 'OWN_HANDOVER');
      }
      if (current.toNurseId !== null && current.toNurseId !== caller.id) {
        throw forbidden(
          `This handover is addressed to ${current.toNurseName}: only they can accept it.`,
          'NOT_HANDOVER_RECEIVER',
        );
      }
      const wardId = await layout.wardOf(current.patientId);
      const settings = await assignments.settings(wardId);
      const now = clock.now();
      const inCharge = async () => {
        const into = shiftByKey(settings, current.shiftKey);
        return inChargeOf(caller, wardId, [shiftAt(settings, now), ...(into ? [into] : [])]);
      };
      if (current.toNurseId === null && !(await inCharge())) {
        const incoming = await assignments.assignmentsOf([current.shiftKey]);
        if (!incoming.some((a) => a.patientId === current.patientId && a.nurse.id === caller.id)) {
          const shift = shiftByKey(settings, current.shiftKey);
          throw forbidden(
            `Only the nurse assigned to this patient for ${shift ? `${shift.name} (${current.shiftKey})` : current.shiftKey}, or the nurse in charge, can accept this handover.`,
            'NOT_HANDOVER_RECEIVER',
          );
        }
      }
      const events = liveEventsOf(liveEvents, []);
      const accepted = await repo.accept(
        id,
        synthesis,
        actor.userId!,
        now,
        recorded(actor, 'update', events),
      );
      if (!accepted) {
        const winner = await repo.get(id);
        if (!winner?.acceptedAt) throw handoverNotFound();
        throw conflict(
          `Already accepted by ${winner.acceptedByName} at ${zonedClock(winner.acceptedAt, settings.timeZone)}.`,
          'HANDOVER_ACCEPTED',
        );
      }
      events.publish();
      return toHandover(accepted, now);
    },

    async ofPatient(patientId: number): Promise<Handover[]> {
      await patients.assertExists(patientId);
      const now = clock.now();
      return (await repo.ofPatient(patientId)).map((h) => toHandover(h, now));
    },

    /** Handovers into these shifts awaiting acceptance (the board's figures). */
    async awaiting(shiftKeys: string[]) {
      const now = clock.now();
      return (await repo.intoShifts(shiftKeys, true)).map((h) => ({
        patientId: h.patientId,
        flagged: isFlagged(h, now),
      }));
    },
  };
}

export type HandoverService = ReturnType<typeof createHandoverService>;
