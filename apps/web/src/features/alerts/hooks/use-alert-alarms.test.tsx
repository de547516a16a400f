// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { Alert } from '@vigil/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastError } from '@/lib/toast.ts';
import { makeAlert } from '@/test/alert-factory.ts';
import { useAlertAlarms } from './use-alert-alarms.ts';
import { useAlertSound } from './use-alert-sound.ts';

vi.mock('@/lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

/**
 * WebAudio as the alarm player meets it: every oscillator it starts is one pulse, noted with the
 * (fake) time it was scheduled and its pitch. The player keeps its one context for the whole file.
 */
let pulses: { at: number; hz: number }[];
class FakeAudioContext {
  state: AudioContextState = 'running';
  currentTime = 0;
  destination = {};
  resume = async () => {};
  close = async () => {};
  createOscillator() {
    const oscillator = {
      type: 'sine',
      frequency: { value: 0 },
      connect: (next: unknown) => next,
      start: () => pulses.push({ at: Date.now(), hz: oscillator.frequency.value }),
      stop: () => {},
    };
    return oscillator;
  }
  createGain() {
    return {
      gain: { setValueAtTime: () => {}, linearRampToValueAtTime: () => {} },
      connect: (next: unknown) => next,
    };
  }
}

/** The bursts played so far: when (ms since the test began), at which pitch, how many pulses. */
function bursts(): { at: number; hz: number; pulses: number }[] {
  const out: { at: number; hz: number; pulses: number }[] = [];
  for (const { at, hz } of pulses) {
    const last = out.at(-1);
    if (last && last.at === at - T0 && last.hz === hz) last.pulses += 1;
    else out.push({ at: at - T0, hz, pulses: 1 });
  }
  return out;
}
const HIGH = { hz: 880, pulses: 10 };
const MEDIUM = { hz: 660, pulses: 3 };
const LOW = { hz: 440, pulses: 2 };

/** Browser notifications, granted; each one made is noted. */
let notifications: { title: string; options: NotificationOptions }[];
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = async () => 'granted' as const;
  constructor(title: string, options: NotificationOptions) {
    notifications.push({ title, options });
  }
}

const T0 = Date.parse('2026-11-25T03:10:00.000Z');
const NAMES: Record<number, string> = { 7: 'Ada Lovelace', 8: 'Alan Turing' };
const nameOf = (id: number) => NAMES[id] ?? `Patient ${id}`;
const known = (id: number) => id in NAMES;

/** The ward's open alerts as the shell passes them to the hook; the sound on, as a click turned it. */
function openScreen(alerts: Alert[], options: { role?: string; isKnown?: (id: number) => boolean } = {}) {
  const sound = renderHook(() => useAlertSound());
  act(() => sound.result.current.turnOn());
  const screen = renderHook(({ alerts, isKnown, role }) => useAlertAlarms(alerts, nameOf, isKnown, role), {
    initialProps: { alerts, isKnown: options.isKnown ?? known, role: options.role ?? 'nurse' },
  });
  const show = (next: Alert[], isKnown = options.isKnown ?? known) =>
    screen.rerender({ alerts: next, isKnown, role: options.role ?? 'nurse' });
  return { sound, show };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
/** The "<level> Alert" toasts and escalation toasts so far. */
const toasts = () => vi.mocked(toastError).mock.calls;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  pulses = [];
  notifications = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('Notification', FakeNotification);
  window.localStorage.clear();
});
afterEach(() => {
  // The sound is the browser's one state: off again for the next test, as a fresh display starts.
  const sound = renderHook(() => useAlertSound());
  act(() => sound.result.current.turnOff());
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(toastError).mockReset();
});

describe('useAlertAlarms announces each newly standing alert once (issue 39)', () => {
  it('does not announce the alerts already standing when the screen opens', () => {
    const { show } = openScreen([makeAlert({ id: 1 })]);
    show([makeAlert({ id: 1 })]); // a refetch of the same alert
    advance(5000); // past the wait for a patient's name
    expect(toasts()).toEqual([]);
  });

  it('announces a new high alert as "CRITICAL Alert" with the patient and message, and never again', () => {
    const { show } = openScreen([]);
    show([makeAlert({ id: 2, patientId: 8, message: 'NEWS2 7 · SpO2 88 ≤ 91' })]);
    expect(toasts()).toEqual([
      ['CRITICAL Alert', 'Alan Turing: NEWS2 7 · SpO2 88 ≤ 91. Review the patient now.'],
    ]);
    // Refetched, escalated, acknowledged: the same alert is never announced a second time.
    show([makeAlert({ id: 2, patientId: 8, escalationLevel: 1, escalatedTo: 'ward_manager' })]);
    show([makeAlert({ id: 2, patientId: 8, state: 'acknowledged' })]);
    show([makeAlert({ id: 2, patientId: 8 })]);
    advance(5000);
    expect(toasts()).toHaveLength(1);
  });

  it('announces a medium alert as "URGENT Alert" and a low one by sound only', () => {
    const { show } = openScreen([]);
    show([makeAlert({ id: 3, priority: 'medium', message: 'NEWS2 5' })]);
    show([
      makeAlert({ id: 3, priority: 'medium', message: 'NEWS2 5' }),
      makeAlert({ id: 4, priority: 'low', message: 'Pulse 101 > 100' }),
    ]);
    expect(toasts()).toEqual([['URGENT Alert', 'Ada Lovelace: NEWS2 5. Review the patient now.']]);
  });

  it('does not announce an alert that is pending confirmation until it stands', () => {
    const { show } = openScreen([]);
    show([makeAlert({ id: 5, state: 'pending', confirmedAt: null })]);
    advance(5000);
    expect(toasts()).toEqual([]);
    show([makeAlert({ id: 5 })]);
    expect(toasts().map(([title]) => title)).toEqual(['CRITICAL Alert']);
  });

  it('waits up to 3 s for a newly admitted patient to reach the list, to name them', () => {
    const { show } = openScreen([], { isKnown: () => false });
    show([makeAlert({ id: 6, patientId: 9 })], () => false);
    advance(1000);
    expect(toasts()).toEqual([]);
    // The patient list now has them: the announcement names them at once.
    NAMES[9] = 'Grace Hopper';
    try {
      show([makeAlert({ id: 6, patientId: 9 })], known);
      expect(toasts()).toEqual([
        ['CRITICAL Alert', 'Grace Hopper: NEWS2 9 · RR 27 ≥ 25. Review the patient now.'],
      ]);
    } finally {
      delete NAMES[9];
    }
  });

  it('names the patient by id once 3 s pass without them on the list', () => {
    const { show } = openScreen([], { isKnown: () => false });
    show([makeAlert({ id: 6, patientId: 9 })], () => false);
    advance(2999);
    expect(toasts()).toEqual([]);
    advance(1);
    expect(toasts()).toEqual([
      ['CRITICAL Alert', 'Patient 9: NEWS2 9 · RR 27 ≥ 25. Review the patient now.'],
    ]);
  });

  it("announces an escalation to the person's own role, once per step, and not to other roles", () => {
    const before = makeAlert({ id: 7 });
    const toManager = makeAlert({ id: 7, escalationLevel: 1, escalatedTo: 'ward_manager' });
    const manager = openScreen([before], { role: 'ward_manager' });
    manager.show([toManager]);
    manager.show([toManager]); // a refetch
    expect(toasts()).toEqual([
      [
        'ESCALATED Alert',
        'Ada Lovelace: NEWS2 9 · RR 27 ≥ 25. Not acknowledged in time: review the patient now.',
      ],
    ]);
    cleanup();
    vi.mocked(toastError).mockReset();
    const doctor = openScreen([before], { role: 'doctor' });
    doctor.show([toManager]);
    expect(toasts()).toEqual([]);
  });

  it('sends a browser notification only while the tab is hidden', () => {
    const { show } = openScreen([]);
    show([makeAlert({ id: 8 })]);
    expect(notifications).toEqual([]);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      show([makeAlert({ id: 8 }), makeAlert({ id: 9, priority: 'medium', message: 'NEWS2 5' })]);
    } finally {
      visibility.mockRestore();
    }
    expect(notifications).toEqual([
      {
        title: 'URGENT Alert',
        options: {
          body: 'Ada Lovelace: NEWS2 5. Review the patient now.',
          tag: 'vigil-alert-9',
          requireInteraction: false,
        },
      },
    ]);
  });
});

describe('useAlertAlarms sounds the highest standing priority (IEC 60601-1-8)', () => {
  it('sounds a standing high alert within a second and repeats it every 10 s, not sooner', () => {
    openScreen([makeAlert({ id: 1 })]);
    advance(1000);
    expect(bursts()).toEqual([{ at: 1000, ...HIGH }]);
    advance(9999);
    expect(bursts()).toHaveLength(1);
    advance(1);
    expect(bursts()).toEqual([
      { at: 1000, ...HIGH },
      { at: 11_000, ...HIGH },
    ]);
  });

  it('repeats a medium alert every 20 s, and a high one raised meanwhile sounds at once', () => {
    const { show } = openScreen([makeAlert({ id: 1, priority: 'medium' })]);
    advance(1000);
    advance(19_999);
    expect(bursts()).toEqual([{ at: 1000, ...MEDIUM }]);
    advance(1);
    expect(bursts()).toEqual([
      { at: 1000, ...MEDIUM },
      { at: 21_000, ...MEDIUM },
    ]);
    show([makeAlert({ id: 1, priority: 'medium' }), makeAlert({ id: 2 })]);
    advance(1000);
    expect(bursts().at(-1)).toEqual({ at: 22_000, ...HIGH });
    // Both stand: only the high one sounds, on its own 10 s cadence.
    advance(30_000);
    expect(bursts().slice(2)).toEqual([
      { at: 22_000, ...HIGH },
      { at: 32_000, ...HIGH },
      { at: 42_000, ...HIGH },
      { at: 52_000, ...HIGH },
    ]);
  });

  it('sounds a new low alert once, when raised, and never repeats it', () => {
    const { show } = openScreen([]);
    show([makeAlert({ id: 4, priority: 'low' })]);
    expect(bursts()).toEqual([{ at: 0, ...LOW }]);
    advance(120_000);
    expect(bursts()).toEqual([{ at: 0, ...LOW }]);
  });

  it('falls silent once the alert is acknowledged, and once it is resolved', () => {
    const { show } = openScreen([makeAlert({ id: 1 }), makeAlert({ id: 2, priority: 'medium' })]);
    advance(1000);
    show([makeAlert({ id: 1, state: 'acknowledged' }), makeAlert({ id: 2, priority: 'medium' })]);
    // The high one is acknowledged: the medium one, still standing, sounds now.
    advance(1000);
    expect(bursts()).toEqual([
      { at: 1000, ...HIGH },
      { at: 2000, ...MEDIUM },
    ]);
    show([makeAlert({ id: 1, state: 'acknowledged' }), makeAlert({ id: 2, state: 'resolved' })]);
    advance(60_000); // past both repeat intervals
    expect(bursts()).toHaveLength(2);
  });

  it('sounds a new high alert at once after the last one was acknowledged, not on the old cadence', () => {
    const { show } = openScreen([makeAlert({ id: 1 })]);
    advance(1000);
    show([makeAlert({ id: 1, state: 'acknowledged' })]);
    advance(2000);
    show([makeAlert({ id: 1, state: 'acknowledged' }), makeAlert({ id: 2 })]);
    advance(1000);
    expect(bursts()).toEqual([
      { at: 1000, ...HIGH },
      { at: 4000, ...HIGH },
    ]);
  });

  it('plays nothing while the sound is off, and nothing announced by sound either', () => {
    const { sound, show } = openScreen([makeAlert({ id: 1 })]);
    act(() => sound.result.current.turnOff());
    show([makeAlert({ id: 1 }), makeAlert({ id: 4, priority: 'low' })]);
    advance(60_000);
    expect(bursts()).toEqual([]);
    act(() => sound.result.current.turnOn());
    advance(1000);
    expect(bursts()).toEqual([{ at: 61_000, ...HIGH }]);
  });

  it('"Audio paused" silences for 2 minutes, then the standing alert sounds again', () => {
    const { sound } = openScreen([makeAlert({ id: 1 })]);
    advance(1000);
    act(() => sound.result.current.pause());
    expect(sound.result.current.pausedUntil).toBe(T0 + 1000 + 120_000);
    advance(119_999);
    expect(bursts()).toEqual([{ at: 1000, ...HIGH }]);
    advance(1); // the pause ends, and the check of that moment sounds
    expect(sound.result.current.pausedUntil).toBeNull();
    expect(bursts()).toEqual([
      { at: 1000, ...HIGH },
      { at: 121_000, ...HIGH },
    ]);
  });

  it('stops sounding when the screen closes', () => {
    openScreen([makeAlert({ id: 1 })]);
    advance(1000);
    cleanup();
    advance(60_000);
    expect(bursts()).toHaveLength(1);
  });
});
