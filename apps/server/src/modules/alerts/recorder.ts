import {
  ALERT_RESPONSES,
  type AlertSettings,
  type AlertTransition,
  DEFAULT_ALERT_SETTINGS,
  latches,
  type Role,
} from '@vigil/domain';
import type { Database } from '../../db/client.ts';
import type { Run } from '../../db/prepared.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { LiveEventRow, LiveEventsService, NewLiveEvent } from '../events/service.ts';
import { toAlert } from './mappers.ts';
import type { AlertPatch, AlertRepository, AlertView } from './repository.ts';

/** What a transition says in the audit trail (codes, never clinical text). */
function auditDetail(t: AlertTransition, alert: AlertView): string {
  switch (t.type) {
    case 'raise':
      return `raised ${t.condition} (${t.priority}${t.state === 'pending' ? ', pending confirmation' : ''})`;
    case 'confirm':
      return `confirmed (${t.confirmation})`;
    case 'update':
      return 'updated';
    case 'condition-ended':
      return 'condition ended; latched until acknowledged';
    case 'condition-resumed':
      return 'condition resumed';
    case 'resolve':
      return `resolved: ${t.cause}`;
    case 'escalate':
      return `escalated to ${t.to} (${t.priority})`;
    case 'acknowledge':
      return t.resolves
        ? 'acknowledged; resolved (its condition had ended)'
        : `acknowledged ${alert.condition}`;
  }
}

/** What the alerts need: the service and its recorder alike. */
export interface AlertDeps {
  database: Pick<Database, 'transaction'>;
  repo: AlertRepository;
  clock: Clock;
  liveEvents: Pick<LiveEventsService, 'record' | 'committed'>;
  audit: Pick<AuditService, 'recordIn'>;
  /** Who of a ward (or the outreach team) an escalation reaches (decision 035). */
  recipients?: (run: Run, wardId: number, role: Role) => Promise<number[]>;
  /** Counts each transition as it is recorded (GET /metrics). */
  metrics?: { alertTransition(transition: AlertTransition, alert: { kind: string; priority: string }): void };
}

/**
 * Records what the state machine decided: each transition of an alert (or a new one) is a row
 * change, an audit row and a live event, in the caller's transaction; and the ward's settings.
 */
export function createAlertRecorder(deps: AlertDeps) {
  const { database, repo, clock, liveEvents, audit } = deps;
  const cachedSettings = new Map<number, AlertSettings>();
  /**
   * A ward's settings (decision 035: each ward its own deadlines), read once and kept until they
   * are saved: here at once (`remember`), on the other instances by the `alert-settings-changed`
   * live event (`forget`). Inside a caller's transaction through its `run`.
   */
  async function settings(wardId: number, run?: Run): Promise<AlertSettings> {
    let value = cachedSettings.get(wardId);
    if (!value) {
      value = (await repo.settings(wardId, run)) ?? DEFAULT_ALERT_SETTINGS;
      cachedSettings.set(wardId, value);
    }
    return value;
  }

  /** The settings of the ward a patient lies on now: her alerts' deadlines. */
  async function settingsOfPatient(run: Run, patientId: number): Promise<AlertSettings> {
    const wardId = await repo.wardOf(run, patientId);
    return wardId === undefined ? DEFAULT_ALERT_SETTINGS : settings(wardId, run);
  }

  /** Records the transitions of one alert (or a new one); its live events for the caller to record. */
  async function apply(
    run: Run,
    patientId: number,
    open: AlertView | undefined,
    transitions: AlertTransition[],
    context: {
      message: string;
      news2Total: number | null;
      subject: string;
      /** The newest reading of the change, when a reading caused it: kept for the record's life. */
      readingId?: number | null;
      /** The moment the transitions were decided at (their deadlines count from it); now by default. */
      at?: Date;
      /** The people an escalation reaches (decision 035). */
      escalatedToUsers?: number[];
    },
    actor: AuditActor,
    note?: string | null,
  ): Promise<NewLiveEvent[]> {
    const now = context.at ?? clock.now();
    const events: NewLiveEvent[] = [];
    let current = open;
    for (const t of transitions) {
      let next: AlertView | undefined;
      if (t.type === 'raise') {
        next = await repo.insert(run, {
          patientId,
          kind: t.condition.startsWith('news2') ? 'clinical' : 'technical',
          condition: t.condition,
          subject: context.subject,
          priority: t.priority,
          state: t.state,
          latched: latches(t.priority),
          message: context.message,
          response: ALERT_RESPONSES[t.condition],
          news2Total: context.news2Total,
          confirmation: t.confirmation,
          raisedAt: now,
          pendingSince: t.state === 'pending' ? now : null,
          confirmedAt: t.state === 'active' ? now : null,
          deadlineAt: t.deadlineAt,
          escalationLevel: 0,
          raisedByReading: context.readingId ?? null,
        });
        if (!next) continue; // another instance raised it first: one alert per condition
      } else {
        if (!current) continue;
        // The same band with the same words and score (a device's every reading): nothing to record.
        if (
          t.type === 'update' &&
          current.message === context.message &&
          current.news2Total === context.news2Total
        )
          continue;
        const patch = patchOf(t, now, context, actor, note);
        if (!patch) continue;
        // The reading that ended the condition or resolved the alert is kept with it.
        if ((t.type === 'condition-ended' || t.type === 'resolve') && context.readingId) {
          patch.resolvedByReading = context.readingId;
        }
        next = await repo.update(run, current.id, patch);
      }
      await audit.recordIn(run, {
        actor,
        action: t.type === 'raise' ? 'create' : 'update',
        entityType: 'Alert',
        entityId: next.id,
        patientId,
        detail: auditDetail(t, next),
      });
      events.push({ type: 'alert-changed', patientId, data: toAlert(next) });
      deps.metrics?.alertTransition(t, next);
      current = next.state === 'resolved' ? undefined : next;
    }
    return events;
  }

  /** Records live events of transitions made outside a caller's transaction, and sends them. */
  async function inOwnTransaction(work: (run: Run) => Promise<NewLiveEvent[]>): Promise<void> {
    let rows: LiveEventRow[] = [];
    await database.transaction(async (run) => {
      const events = await work(run);
      if (events.length) rows = await liveEvents.record(run, events);
    });
    liveEvents.committed(rows);
  }

  return {
    settings,
    settingsOfPatient,
    apply,
    inOwnTransaction,
    /** A ward's settings just saved here, for this instance at once. */
    remember(wardId: number, value: AlertSettings) {
      cachedSettings.set(wardId, value);
    },
    /** Some ward's settings were saved on some instance (or this one, as the event comes back): read them again. */
    forget() {
      cachedSettings.clear();
    },
  };
}

export type AlertRecorder = ReturnType<typeof createAlertRecorder>;

/** What the state machine reads of a stored alert. */
export function openOf(a: AlertView) {
  return {
    condition: a.condition,
    priority: a.priority,
    state: a.state,
    latched: a.latched,
    pendingSince: a.pendingSince?.toISOString() ?? null,
    deadlineAt: a.deadlineAt?.toISOString() ?? null,
    escalationLevel: a.escalationLevel,
    conditionEndedAt: a.conditionEndedAt?.toISOString() ?? null,
  };
}

/** The row change a transition makes (null: nothing to write). */
function patchOf(
  t: Exclude<AlertTransition, { type: 'raise' }>,
  now: Date,
  context: { message: string; news2Total: number | null; escalatedToUsers?: number[] },
  actor: AuditActor,
  note: string | null | undefined,
): AlertPatch | null {
  switch (t.type) {
    case 'confirm':
      return {
        state: 'active',
        confirmation: t.confirmation,
        confirmedAt: now,
        pendingSince: null,
        deadlineAt: t.deadlineAt,
      };
    case 'update':
      return { message: context.message, news2Total: context.news2Total };
    case 'condition-ended':
      return { conditionEndedAt: now };
    case 'condition-resumed':
      return { conditionEndedAt: null, message: context.message, news2Total: context.news2Total };
    case 'resolve':
      return { state: 'resolved', resolvedAt: now, resolution: t.cause };
    case 'escalate':
      return {
        escalationLevel: t.level,
        escalatedTo: t.to,
        escalatedToUsers: context.escalatedToUsers ?? [],
        escalatedAt: now,
        priority: t.priority,
        deadlineAt: t.deadlineAt,
      };
    case 'acknowledge':
      return {
        state: t.resolves ? 'resolved' : 'acknowledged',
        acknowledgedAt: now,
        acknowledgedBy: actor.userId,
        acknowledgeNote: note ?? null,
        ...(t.resolves ? { resolvedAt: now, resolution: 'acknowledged after its condition had ended' } : {}),
      };
  }
}
