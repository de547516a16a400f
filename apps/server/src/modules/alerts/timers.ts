import {
  ALERT_CONDITION_LABELS,
  type ClinicalCondition,
  clinicalConditionOf,
  conditionRank,
  DEFAULT_ALERT_SETTINGS,
  onTick,
  type Role,
  raiseTechnical,
} from '@vigil/domain';
import type { Run } from '../../db/prepared.ts';
import type { Clock } from '../../lib/clock.ts';
import { systemActor } from '../audit/context.ts';
import type { NewLiveEvent } from '../events/service.ts';
import { type AlertRecorder, openOf } from './recorder.ts';
import type { AlertRepository } from './repository.ts';

/** What the alert timers do (confirm, escalate, overdue) is theirs in the audit trail. */
const ALERT_TIMER = systemActor('alert timer');

/**
 * The alert timers, run on every instance (decision 021): pending device values confirmed or
 * dropped, unacknowledged alerts escalated at their deadline, overdue observations raised and, once
 * observations are taken (or an exception recorded), resolved. Each due row is claimed (FOR UPDATE
 * SKIP LOCKED) in the transaction that changes it, so each happens once.
 */
export function createAlertTimers(deps: {
  recorder: AlertRecorder;
  repo: AlertRepository;
  clock: Clock;
  /** Who of the patient's ward (or the outreach team) an escalation to `role` reaches (decision 035). */
  recipients?: (run: Run, wardId: number, role: Role) => Promise<number[]>;
}) {
  const { recorder, repo, clock } = deps;
  const { apply, inOwnTransaction, settings } = recorder;
  return {
    async tick(): Promise<void> {
      const now = clock.now();
      await inOwnTransaction(async (run) => {
        const events: NewLiveEvent[] = [];
        // Each ward's deadlines and confirmation delay are its own (decision 035): the claim reads
        // each pending alert's ward's delay, and each transition its patient's ward's settings.
        const due = await repo.claimDue(run, DEFAULT_ALERT_SETTINGS.confirmDeviceAfterMs, now);
        for (const { alert, patientNews2, wardId } of due) {
          const ward = await settings(wardId, run);
          const current = patientNews2 ? clinicalConditionOf(patientNews2) : null;
          const still = conditionRank(current) >= conditionRank(alert.condition as ClinicalCondition);
          const transitions = onTick(openOf(alert), alert.kind === 'technical' || still, now, ward);
          // An escalation reaches people: the ward manager or doctor of her ward, or the outreach team.
          const escalation = transitions.find((t) => t.type === 'escalate');
          const escalatedToUsers =
            escalation && deps.recipients ? await deps.recipients(run, wardId, escalation.to) : undefined;
          events.push(
            ...(await apply(
              run,
              alert.patientId,
              alert,
              transitions,
              {
                message: alert.message,
                news2Total: alert.news2Total,
                subject: alert.subject,
                at: now,
                escalatedToUsers,
              },
              ALERT_TIMER,
            )),
          );
        }
        for (const { id, wardId } of await repo.overduePatients(run, now)) {
          const ward = await settings(wardId, run);
          // The screens say since when, from the patient's schedule, in the ward's own time.
          events.push(
            ...(await apply(
              run,
              id,
              undefined,
              [raiseTechnical('observations-overdue', now, ward)],
              {
                message: ALERT_CONDITION_LABELS['observations-overdue'],
                news2Total: null,
                subject: '',
              },
              ALERT_TIMER,
            )),
          );
        }
        for (const { alert, hasException } of await repo.overdueEnded(run, now)) {
          const cause = hasException ? 'monitoring exception recorded' : 'observations recorded';
          events.push(
            ...(await apply(
              run,
              alert.patientId,
              alert,
              [{ type: 'resolve', cause }],
              {
                message: alert.message,
                news2Total: null,
                subject: '',
              },
              ALERT_TIMER,
            )),
          );
        }
        return events;
      });
    },
  };
}
