import {
  ACKNOWLEDGE_NOTE_MAX,
  ALERT_CONDITION_LABELS,
  ALERT_NOT_OPEN_MESSAGE,
  type Alert,
  type AlertSettings,
  type AlertStats,
  type AlertsQuery,
  acknowledgeAlert,
  clinicalAlertMessage,
  clinicalConditionOf,
  keepsItsOwnAlert,
  onScoreChange,
  type PatientDevice,
  raiseTechnical,
  type ScoreTrigger,
  type StoredNews2,
  type TechnicalCondition,
  type VitalState,
  type WardScope,
} from '@vigil/domain';
import type { Run } from '../../db/prepared.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type AuditActor, systemActor } from '../audit/context.ts';
import { ALERT_SETTINGS_CHANGED, internalEvent } from '../events/internal-events.ts';
import type { LiveEventRow, NewLiveEvent } from '../events/service.ts';
import { toAlert } from './mappers.ts';
import { type AlertDeps, createAlertRecorder, openOf } from './recorder.ts';
import type { AlertView } from './repository.ts';
import { createAlertTimers } from './timers.ts';

/** What the alert rules do (raise, resolve on a change) is theirs in the audit trail, not an unknown person's. */
const ALERT_TIMER = systemActor('alerts');

/** A patient as the alerts read it: its NEWS2 and the values it stands on. */
export type ScoredPatient = VitalState & { id: number; news2: StoredNews2 | null };

/**
 * Alerts as records with a life (decision 021). The domain's state machine decides; this service
 * records each transition (the row, an audit row and a live event to every screen) in the
 * transaction of the change that caused it: a reading, an edit, a device link's change, a person's
 * acknowledgement, or the timer (`tick`) that confirms, escalates and watches the schedule. Timers
 * are the alerts table itself: due rows are claimed with FOR UPDATE SKIP LOCKED, so with several
 * instances on one PostgreSQL each fires once, and a restart loses none.
 */
export function createAlertService(deps: AlertDeps) {
  const { database, repo, clock, audit } = deps;
  const recorder = createAlertRecorder(deps);
  const { settings, settingsOfPatient, apply, inOwnTransaction } = recorder;
  const timers = createAlertTimers({
    recorder,
    repo,
    clock,
    ...(deps.recipients ? { recipients: deps.recipients } : {}),
  });

  const service = {
    /** A ward's alert deadlines (decision 035: each ward its own). */
    settings: (wardId: number) => settings(wardId),

    /** The settings were saved on some instance (the `alert-settings-changed` live event). */
    settingsChanged: () => recorder.forget(),

    /**
     * A patient's score or values changed (an ingest, an admission, an edit), in that change's
     * transaction: the clinical alert follows (decision 021). Cheap when nothing can change: no read
     * unless the condition or total moved, or a device's value may confirm a pending alert.
     */
    async onPatientChanged(
      run: Run,
      before: ScoredPatient | null,
      after: ScoredPatient,
      trigger: ScoreTrigger,
      /** The newest reading of the change, when readings made it (kept with the alert it moves). */
      readingId: number | null = null,
    ): Promise<NewLiveEvent[]> {
      if (!after.news2) return [];
      const was = before?.news2 ? clinicalConditionOf(before.news2) : null;
      const is = clinicalConditionOf(after.news2);
      const moved = was !== is || before?.news2?.total !== after.news2.total;
      if (!moved && !(trigger === 'device' && is !== null)) return [];
      const open = await repo.openClinical(run, after.id);
      // One moment for the decision and its record: a deadline is exactly its window after the raise.
      const now = clock.now();
      const transitions = onScoreChange(
        open ? openOf(open) : null,
        is,
        trigger,
        now,
        await settingsOfPatient(run, after.id),
      );
      if (transitions.length === 0) return [];
      return apply(
        run,
        after.id,
        open,
        transitions,
        {
          message: clinicalAlertMessage(after.news2, after),
          news2Total: after.news2.total,
          subject: '',
          readingId,
          at: now,
        },
        ALERT_TIMER,
      );
    },

    /**
     * A patient's devices changed (in the link service's transaction): a lost device raises its
     * technical alert (a bridge's: "bridge not reporting"; WHOOP's: reconnect needed); one reporting
     * again, linked again (`relinked`: its device has a new link) or disconnected by a person resolves it.
     */
    async onDevicesChanged(
      run: Run,
      patientId: number,
      devices: PatientDevice[],
      ended: { linkId: number; relinked: boolean }[],
    ): Promise<NewLiveEvent[]> {
      const events: NewLiveEvent[] = [];
      const now = clock.now();
      for (const device of devices) {
        const condition: TechnicalCondition =
          device.lostReason === 'reconnect-needed'
            ? 'wearable-reconnect'
            : device.connectionType === 'Bridge'
              ? 'bridge-silent'
              : 'device-lost';
        const subject = String(device.linkId);
        const open = await repo.openTechnical(run, patientId, condition, subject);
        if (device.status === 'lost' && !open) {
          const name = device.deviceName ?? device.connectionType;
          events.push(
            ...(await apply(
              run,
              patientId,
              undefined,
              [raiseTechnical(condition, now, await settingsOfPatient(run, patientId))],
              {
                message: `${ALERT_CONDITION_LABELS[condition]}: ${name}`,
                news2Total: null,
                subject,
              },
              ALERT_TIMER,
            )),
          );
        } else if (device.status !== 'lost' && open) {
          events.push(
            ...(await apply(
              run,
              patientId,
              open,
              [{ type: 'resolve', cause: 'device reporting again' }],
              {
                message: open.message,
                news2Total: null,
                subject,
              },
              ALERT_TIMER,
            )),
          );
        }
      }
      for (const { linkId, relinked } of ended) {
        const cause = relinked ? 'device linked again' : 'device disconnected';
        for (const condition of ['device-lost', 'bridge-silent', 'wearable-reconnect'] as const) {
          const open = await repo.openTechnical(run, patientId, condition, String(linkId));
          if (open) {
            events.push(
              ...(await apply(
                run,
                patientId,
                open,
                [{ type: 'resolve', cause }],
                {
                  message: open.message,
                  news2Total: null,
                  subject: String(linkId),
                },
                ALERT_TIMER,
              )),
            );
          }
        }
      }
      return events;
    },

    /**
     * A patient was discharged (in the discharge's transaction): nobody watches them on the ward any
     * more, so each open alert is resolved, latched or not, and every screen hears of it.
     */
    async onDischarged(run: Run, patientId: number): Promise<NewLiveEvent[]> {
      const events: NewLiveEvent[] = [];
      for (const open of await repo.openOfPatient(run, patientId)) {
        const context = { message: open.message, news2Total: open.news2Total, subject: open.subject };
        const resolve = { type: 'resolve', cause: 'patient discharged' } as const;
        events.push(...(await apply(run, patientId, open, [resolve], context, ALERT_TIMER)));
      }
      return events;
    },

    /** A person acknowledges an alert: every screen hears of it at once; audited with who and when. */
    async acknowledge(id: number, actor: AuditActor, note: string | null | undefined): Promise<Alert> {
      let result: AlertView | undefined;
      await inOwnTransaction(async (run) => {
        const open = await repo.byId(run, id);
        if (!open) throw notFound('Alert not found', 'ALERT_NOT_FOUND');
        const transitions = open.state === 'resolved' ? null : acknowledgeAlert(openOf(open));
        if (!transitions) throw conflict(ALERT_NOT_OPEN_MESSAGE, 'ALERT_NOT_OPEN');
        const events = await apply(
          run,
          open.patientId,
          open,
          transitions,
          { message: open.message, news2Total: open.news2Total, subject: open.subject },
          actor,
          note?.slice(0, ACKNOWLEDGE_NOTE_MAX) ?? null,
        );
        result = (await repo.byId(run, id))!;
        // A latched alert whose score fell while it waited: acknowledged, it resolves, and a score
        // that still needs its own response (a red score, 5–6) raises its own alert now.
        if (result.kind === 'clinical' && result.state === 'resolved') {
          const patient = await repo.scoredPatient(run, open.patientId);
          const condition = patient?.news2 ? clinicalConditionOf(patient.news2) : null;
          if (patient?.news2 && condition && keepsItsOwnAlert(condition)) {
            const now = clock.now();
            events.push(
              ...(await apply(
                run,
                patient.id,
                undefined,
                onScoreChange(null, condition, 'observation', now, await settingsOfPatient(run, patient.id)),
                {
                  message: clinicalAlertMessage(patient.news2, patient),
                  news2Total: patient.news2.total,
                  subject: '',
                  at: now,
                },
                ALERT_TIMER,
              )),
            );
          }
        }
        return events;
      });
      return toAlert(result!);
    },

    /** Alerts of the wards a scope sees (every ward without one). */
    list: async (query: AlertsQuery, scope: WardScope | null = null): Promise<Alert[]> =>
      (await repo.list(query, scope)).map(toAlert),

    /** The open alerts of these patients (the outreach list). */
    openOf: async (patientIds: number[]): Promise<Alert[]> =>
      (await repo.openFor(patientIds)).map((row) => toAlert({ ...row, acknowledgedByName: null })),

    /**
     * A patient moved to another ward (in the transfer's transaction): each open alert of hers is
     * announced to that ward's screens, as it now stands. Her alerts are hers: they follow her.
     */
    async openAlertEvents(run: Run, patientId: number, wardId: number): Promise<NewLiveEvent[]> {
      return (await repo.openOfPatient(run, patientId)).map((open) => ({
        type: 'alert-changed',
        patientId,
        wardId,
        data: toAlert(open),
      }));
    },

    /** The timers (timers.ts): every instance runs them every ALERT_TICK_INTERVAL_MS. */
    tick: () => timers.tick(),

    /** Alarm fatigue over a window (default the last 7 days). */
    async stats(since: string | undefined): Promise<AlertStats> {
      const to = clock.now();
      const from = since ? new Date(since) : new Date(to.getTime() - 7 * 24 * 3_600_000);
      const row = await repo.stats(from, to);
      const patientDays = (row.patient_ms ?? 0) / (24 * 3_600_000);
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        alerts: row.alerts,
        patientDays: Math.round(patientDays * 100) / 100,
        alertsPerPatientDay: patientDays > 0 ? row.alerts / patientDays : null,
        acknowledged: row.acknowledged,
        acknowledgedWithinDeadlineShare: row.alerts > 0 ? row.within / row.alerts : null,
        medianTimeToAcknowledgeMs: row.median_ms,
        escalatedShare: row.alerts > 0 ? row.escalated / row.alerts : null,
      };
    },

    /**
     * A ward manager sets a ward's deadlines (audited): its patients' alerts raised from now on keep
     * them; every instance reads them again at once.
     */
    async saveSettings(wardId: number, input: AlertSettings, actor: AuditActor): Promise<AlertSettings> {
      let rows: LiveEventRow[] = [];
      await database.transaction(async (run) => {
        await repo.saveSettings(run, wardId, input, actor.userId, clock.now());
        // Every instance forgets the settings it holds (composition/services.ts), at once.
        rows = await deps.liveEvents.record(run, [internalEvent(ALERT_SETTINGS_CHANGED, {})]);
        await audit.recordIn(run, {
          actor,
          action: 'update',
          entityType: 'AlertSettings',
          entityId: wardId,
          patientId: null,
          detail: `acknowledge within high ${input.acknowledgeWithinMs.high / 60_000} min, medium ${input.acknowledgeWithinMs.medium / 60_000} min, low ${input.acknowledgeWithinMs.low / 60_000} min`,
        });
      });
      recorder.remember(wardId, input);
      deps.liveEvents.committed(rows);
      return input;
    },
  };
  return service;
}

export type AlertService = ReturnType<typeof createAlertService>;
