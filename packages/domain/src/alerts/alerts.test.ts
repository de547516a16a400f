import { describe, expect, it } from 'vitest';
import { summarizeNews2 } from '../clinical/patient-news2.ts';
import { clinicalConditionOf, DEFAULT_ALERT_SETTINGS, latches, priorityOf } from './alerts.ts';
import { clinicalAlertMessage } from './clinical-message.ts';
import { isObservationOverdue, nextObservationDue, observationDueText } from './schedule.ts';
import {
  type AlertTransition,
  acknowledgeAlert,
  type OpenAlert,
  onScoreChange,
  onTick,
} from './state-machine.ts';

const settings = DEFAULT_ALERT_SETTINGS;
const t0 = new Date('2026-11-25T03:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const MIN = 60_000;

/** An open alert as the server would hold it after `transitions` (the machine's own bookkeeping). */
function apply(open: OpenAlert | null, transitions: AlertTransition[], now: Date): OpenAlert | null {
  let current = open;
  for (const t of transitions) {
    switch (t.type) {
      case 'raise':
        current = {
          condition: t.condition,
          priority: t.priority,
          state: t.state,
          latched: latches(t.priority),
          pendingSince: t.state === 'pending' ? now.toISOString() : null,
          deadlineAt: t.deadlineAt?.toISOString() ?? null,
          escalationLevel: 0,
          conditionEndedAt: null,
        };
        break;
      case 'confirm':
        current = {
          ...current!,
          state: 'active',
          pendingSince: null,
          deadlineAt: t.deadlineAt.toISOString(),
        };
        break;
      case 'condition-ended':
        current = { ...current!, conditionEndedAt: now.toISOString() };
        break;
      case 'condition-resumed':
        current = { ...current!, conditionEndedAt: null };
        break;
      case 'escalate':
        current = {
          ...current!,
          escalationLevel: t.level,
          priority: t.priority,
          deadlineAt: t.deadlineAt.toISOString(),
        };
        break;
      case 'acknowledge':
        current = t.resolves ? null : { ...current!, state: 'acknowledged' };
        break;
      case 'resolve':
        current = null;
        break;
      case 'update':
        break;
    }
  }
  return current;
}

describe('the clinical condition of a score (RCP Chart 4) and its priority (IEC 60601-1-8)', () => {
  it.each([
    [0, false, null, null],
    [1, false, 'news2-low', 'low'],
    [4, false, 'news2-low', 'low'],
    [3, true, 'news2-red', 'medium'],
    [5, false, 'news2-urgent', 'medium'],
    [6, true, 'news2-urgent', 'medium'],
    [7, false, 'news2-emergency', 'high'],
    [20, true, 'news2-emergency', 'high'],
  ] as const)('NEWS2 %i (red %s) → %s, %s', (total, redScore, condition, priority) => {
    expect(clinicalConditionOf({ total, redScore })).toBe(condition);
    if (condition) expect(priorityOf(condition)).toBe(priority);
  });

  it('latches high priority only', () => {
    expect([latches('high'), latches('medium'), latches('low')]).toEqual([true, false, false]);
  });
});

describe('onScoreChange', () => {
  it('raises at once for a person’s observation, with the deadline of its priority', () => {
    const [raise] = onScoreChange(null, 'news2-emergency', 'observation', t0, settings);
    expect(raise).toEqual({
      type: 'raise',
      condition: 'news2-emergency',
      priority: 'high',
      state: 'active',
      confirmation: 'observation',
      deadlineAt: at(5 * MIN),
    });
  });

  it('holds a device’s value pending; a second reading that agrees confirms it', () => {
    let open = apply(null, onScoreChange(null, 'news2-urgent', 'device', t0, settings), t0);
    expect(open).toMatchObject({ state: 'pending', deadlineAt: null, pendingSince: t0.toISOString() });
    const second = onScoreChange(open, 'news2-urgent', 'device', at(10_000), settings);
    expect(second).toEqual([
      { type: 'confirm', confirmation: 'second-reading', deadlineAt: at(10_000 + 15 * MIN) },
    ]);
    open = apply(open, second, at(10_000));
    expect(open?.state).toBe('active');
  });

  it('confirms a pending device value that persists for the set time, and drops one that does not', () => {
    const open = apply(null, onScoreChange(null, 'news2-urgent', 'device', t0, settings), t0)!;
    expect(onTick(open, true, at(59_999), settings)).toEqual([]);
    expect(onTick(open, true, at(60_000), settings)).toEqual([
      { type: 'confirm', confirmation: 'persisted', deadlineAt: at(60_000 + 15 * MIN) },
    ]);
    expect(onTick(open, false, at(30_000), settings)).toEqual([
      { type: 'resolve', cause: 'not confirmed: the value did not persist' },
    ]);
    expect(onScoreChange(open, null, 'device', at(5_000), settings)).toEqual([
      { type: 'resolve', cause: 'not confirmed: the value did not persist' },
    ]);
  });

  it('keeps one alert per ongoing condition: the same band updates it', () => {
    const open = apply(null, onScoreChange(null, 'news2-urgent', 'observation', t0, settings), t0);
    expect(onScoreChange(open, 'news2-urgent', 'observation', at(MIN), settings)).toEqual([
      { type: 'update' },
    ]);
  });

  it('supersedes a lower alert on a rise to a higher band', () => {
    const open = apply(null, onScoreChange(null, 'news2-low', 'observation', t0, settings), t0);
    const rise = onScoreChange(open, 'news2-emergency', 'observation', at(MIN), settings);
    expect(rise.map((t) => t.type)).toEqual(['resolve', 'raise']);
    expect(rise[0]).toEqual({ type: 'resolve', cause: 'superseded by NEWS2 emergency (7 or more)' });
  });

  it('resolves a medium or low alert when its condition ends, raising nothing lower', () => {
    const open = apply(null, onScoreChange(null, 'news2-urgent', 'observation', t0, settings), t0);
    expect(onScoreChange(open, 'news2-low', 'observation', at(MIN), settings)).toEqual([
      { type: 'resolve', cause: 'NEWS2 fell to NEWS2 1–4' },
    ]);
    expect(onScoreChange(open, null, 'observation', at(MIN), settings)).toEqual([
      { type: 'resolve', cause: 'NEWS2 fell to 0' },
    ]);
  });

  it('latches a high alert until acknowledged, then resolves it at once', () => {
    let open = apply(null, onScoreChange(null, 'news2-emergency', 'observation', t0, settings), t0);
    const fell = onScoreChange(open, 'news2-low', 'observation', at(MIN), settings);
    expect(fell).toEqual([{ type: 'condition-ended' }]);
    open = apply(open, fell, at(MIN));
    expect(open).toMatchObject({ state: 'active', conditionEndedAt: at(MIN).toISOString() });
    expect(onScoreChange(open, null, 'observation', at(2 * MIN), settings)).toEqual([]);
    expect(acknowledgeAlert(open!)).toEqual([{ type: 'acknowledge', resolves: true }]);
    // Had the score come back first, the same alert would carry on.
    expect(onScoreChange(open, 'news2-emergency', 'observation', at(3 * MIN), settings)).toEqual([
      { type: 'condition-resumed' },
    ]);
  });

  it('resolves an acknowledged high alert when its condition ends', () => {
    let open = apply(null, onScoreChange(null, 'news2-emergency', 'observation', t0, settings), t0);
    open = apply(open, acknowledgeAlert(open!)!, at(MIN));
    expect(open?.state).toBe('acknowledged');
    // NEWS2 5–6 still asks for an urgent response: its own alert replaces the higher one.
    const fell = onScoreChange(open, 'news2-urgent', 'observation', at(2 * MIN), settings);
    expect(fell).toEqual([
      { type: 'resolve', cause: 'NEWS2 fell to NEWS2 urgent (5–6): its own alert replaces this one' },
      {
        type: 'raise',
        condition: 'news2-urgent',
        priority: 'medium',
        state: 'active',
        confirmation: 'observation',
        deadlineAt: at(2 * MIN + settings.acknowledgeWithinMs.medium),
      },
    ]);
    expect(acknowledgeAlert(open!)).toBeNull();
    // A fall to 1–4 raises none.
    expect(onScoreChange(open, 'news2-low', 'observation', at(2 * MIN), settings)).toEqual([
      { type: 'resolve', cause: 'NEWS2 fell to NEWS2 1–4' },
    ]);
  });

  it('keeps a red score that remains after a fall with an alert of its own (17 → 3 with new confusion)', () => {
    let open = apply(null, onScoreChange(null, 'news2-emergency', 'observation', t0, settings), t0);
    open = apply(open, acknowledgeAlert(open!)!, at(MIN));
    const fell = onScoreChange(open, 'news2-red', 'observation', at(2 * MIN), settings);
    expect(fell.map((t) => t.type)).toEqual(['resolve', 'raise']);
    expect(fell[0]).toEqual({
      type: 'resolve',
      cause: 'NEWS2 fell to NEWS2 red score: its own alert replaces this one',
    });
    expect(fell[1]).toMatchObject({ condition: 'news2-red', priority: 'medium', state: 'active' });
    // A device's fall: the red score's alert waits for confirmation as any device's value does.
    const pending = apply(null, onScoreChange(null, 'news2-emergency', 'device', t0, settings), t0);
    expect(onScoreChange(pending, 'news2-red', 'device', at(MIN), settings)).toEqual([
      { type: 'resolve', cause: 'not confirmed: the value did not persist' },
      {
        type: 'raise',
        condition: 'news2-red',
        priority: 'medium',
        state: 'pending',
        confirmation: null,
        deadlineAt: null,
      },
    ]);
  });
});

describe('onTick: timed escalation', () => {
  it('escalates an unacknowledged alert at its deadline to the ward manager, then the doctor, rising in priority', () => {
    let open = apply(null, onScoreChange(null, 'news2-low', 'observation', t0, settings), t0)!;
    expect(onTick(open, true, at(60 * MIN - 1), settings)).toEqual([]);
    const first = onTick(open, true, at(60 * MIN), settings);
    expect(first).toEqual([
      { type: 'escalate', level: 1, to: 'ward_manager', priority: 'medium', deadlineAt: at(75 * MIN) },
    ]);
    open = apply(open, first, at(60 * MIN))!;
    const second = onTick(open, true, at(75 * MIN), settings);
    expect(second).toEqual([
      { type: 'escalate', level: 2, to: 'doctor', priority: 'high', deadlineAt: at(80 * MIN) },
    ]);
    open = apply(open, second, at(75 * MIN))!;
    expect(onTick(open, true, at(200 * MIN), settings)).toEqual([]);
  });

  it('never escalates an acknowledged alert, and keeps a high one high', () => {
    let open = apply(null, onScoreChange(null, 'news2-emergency', 'observation', t0, settings), t0)!;
    expect(onTick(open, true, at(5 * MIN), settings)[0]).toMatchObject({
      priority: 'high',
      to: 'ward_manager',
    });
    open = apply(open, acknowledgeAlert(open)!, at(MIN))!;
    expect(onTick(open, true, at(100 * MIN), settings)).toEqual([]);
  });
});

describe('messages: the value and the limit crossed', () => {
  it('names the score and its drivers, highest first', () => {
    const values = {
      respiratoryRate: 27,
      oxygenLevel: 90,
      onSupplementalOxygen: false,
      systolicBP: 120,
      diastolicBP: 80,
      heartRate: 95,
      consciousness: 'A' as const,
      temperature: 986,
      spo2Scale: 1 as const,
      isDemo: false,
    };
    const news2 = summarizeNews2(values, {}, t0.getTime());
    expect(news2.total).toBe(7);
    expect(clinicalAlertMessage(news2, values)).toBe('NEWS2 7 · RR 27 ≥ 25 · SpO2 90 ≤ 91 · HR 95 ≥ 91');
  });
});

describe('the observation schedule', () => {
  const news2 = (total: number, parametersAt: (string | null)[]) => ({
    monitoring:
      total >= 7
        ? { text: '', intervalHoursMin: 0, intervalHoursMax: 0, isContinuous: true }
        : total >= 5
          ? { text: '', intervalHoursMin: 1, intervalHoursMax: 1, isContinuous: false }
          : total >= 1
            ? { text: '', intervalHoursMin: 4, intervalHoursMax: 6, isContinuous: false }
            : { text: '', intervalHoursMin: 12, intervalHoursMax: 12, isContinuous: false },
    parameters: parametersAt.map((a) => ({
      parameter: 'pulse' as const,
      score: 0,
      provenance: 'observation' as const,
      at: a,
      stale: false,
    })),
  });

  it.each([
    [0, 12 * 60],
    [3, 4 * 60],
    [5, 60],
    [9, 15],
  ])('NEWS2 %i: the next set is due %i min after the oldest value', (total, minutes) => {
    const due = nextObservationDue(
      news2(total, [at(-10 * MIN).toISOString(), t0.toISOString()]),
      t0,
      null,
      t0.getTime(),
    );
    expect(due.dueAt).toEqual(at((minutes - 10) * MIN));
  });

  it('counts a parameter never recorded from the admission', () => {
    const due = nextObservationDue(news2(5, [t0.toISOString(), null]), at(-30 * MIN), null, t0.getTime());
    expect(due.dueAt).toEqual(at(30 * MIN));
  });

  it('defers to a monitoring exception until its review time, then not', () => {
    const exception = {
      reason: 'asleep' as const,
      note: 'Asleep after a bad night; review at 06:00',
      reviewAt: at(3 * 60 * MIN).toISOString(),
      recordedAt: t0.toISOString(),
      recordedBy: 1,
    };
    const during = nextObservationDue(news2(5, [t0.toISOString()]), t0, exception, t0.getTime());
    expect(during).toMatchObject({ dueAt: at(3 * 60 * MIN), exception });
    const after = nextObservationDue(news2(5, [t0.toISOString()]), t0, exception, at(4 * 60 * MIN).getTime());
    expect(after).toMatchObject({ dueAt: at(60 * MIN), exception: null });
  });

  it('says when', () => {
    expect(observationDueText(at(23 * MIN).getTime(), t0.getTime())).toBe('Obs due in 23 min');
    expect(observationDueText(at(-12 * MIN).getTime(), t0.getTime())).toBe('Overdue 12 min');
    expect(observationDueText(at(190 * MIN).getTime(), t0.getTime())).toBe('Obs due in 3 h 10 min');
    // One moment for everyone: due in under a minute is "in 1 min", never "in 0 min"; due is overdue.
    expect(observationDueText(t0.getTime() + 20_000, t0.getTime())).toBe('Obs due in 1 min');
    expect(observationDueText(t0.getTime(), t0.getTime())).toBe('Overdue now');
    expect(isObservationOverdue(t0.getTime(), t0.getTime())).toBe(true);
    expect(isObservationOverdue(t0.getTime() + 1, t0.getTime())).toBe(false);
    expect(observationDueText(t0.getTime() - 59_999, t0.getTime())).toBe('Overdue now');
    expect(observationDueText(t0.getTime() - 60_000, t0.getTime())).toBe('Overdue 1 min');
  });
});
