import type { AlertPriority } from '@vigil/domain';

/**
 * The auditory alarm signals of IEC 60601-1-8 (docs/reference/clinical.md, "Alarm conventions"),
 * played with WebAudio on a ward display that opted in. Pulses of a fundamental within 150–1000 Hz
 * (a square wave carries the harmonics the standard asks for), with these bursts:
 *
 * - high: 10 pulses, x-x-x--x-x, a pause, x-x-x--x-x (pulse 75–200 ms, spacing 50–125 ms, 3rd to 4th
 *   2·spacing + pulse, 5th to 6th 0.35–1.3 s), repeated every 2.5–15 s;
 * - medium: 3 pulses (pulse and spacing 125–250 ms), repeated every 2.5–30 s;
 * - low: 2 pulses (the standard allows 1 or 2), not repeated.
 */

export interface Pulse {
  /** From the start of the burst. */
  startMs: number;
  durationMs: number;
}

export interface SoundPattern {
  priority: AlertPriority;
  frequencyHz: number;
  pulses: Pulse[];
  /** From the start of one burst to the start of the next; null: played once. */
  repeatEveryMs: number | null;
}

function train(count: number, startMs: number, pulseMs: number, spacingMs: number): Pulse[] {
  return Array.from({ length: count }, (_, i) => ({
    startMs: startMs + i * (pulseMs + spacingMs),
    durationMs: pulseMs,
  }));
}

/** x-x-x--x-x: three pulses, a gap of two spacings and a pulse, then two. */
function highHalf(startMs: number, pulseMs: number, spacingMs: number): Pulse[] {
  const first = train(3, startMs, pulseMs, spacingMs);
  const fourth = first[2]!.startMs + pulseMs + 2 * spacingMs + pulseMs;
  return [...first, ...train(2, fourth, pulseMs, spacingMs)];
}

const HIGH_PULSE_MS = 150;
const HIGH_SPACING_MS = 100;
/** Between the 5th and the 6th pulse (0.35–1.3 s). */
const HIGH_HALF_GAP_MS = 900;
const MEDIUM_LOW_PULSE_MS = 200;
const MEDIUM_LOW_SPACING_MS = 200;

export function soundPattern(priority: AlertPriority): SoundPattern {
  switch (priority) {
    case 'high': {
      const first = highHalf(0, HIGH_PULSE_MS, HIGH_SPACING_MS);
      const last = first[first.length - 1]!;
      const second = highHalf(
        last.startMs + HIGH_PULSE_MS + HIGH_HALF_GAP_MS,
        HIGH_PULSE_MS,
        HIGH_SPACING_MS,
      );
      return { priority, frequencyHz: 880, pulses: [...first, ...second], repeatEveryMs: 10_000 };
    }
    case 'medium':
      return {
        priority,
        frequencyHz: 660,
        pulses: train(3, 0, MEDIUM_LOW_PULSE_MS, MEDIUM_LOW_SPACING_MS),
        repeatEveryMs: 20_000,
      };
    case 'low':
      return {
        priority,
        frequencyHz: 440,
        pulses: train(2, 0, MEDIUM_LOW_PULSE_MS, MEDIUM_LOW_SPACING_MS),
        repeatEveryMs: null,
      };
  }
}

/** How long a burst lasts, from its first pulse's start to its last pulse's end. */
export function burstLengthMs(pattern: SoundPattern): number {
  const last = pattern.pulses[pattern.pulses.length - 1]!;
  return last.startMs + last.durationMs;
}

const RANK: Record<AlertPriority, number> = { high: 2, medium: 1, low: 0 };

/**
 * What a ward display sounds: the highest priority among the alerts standing (active, not yet
 * acknowledged) that repeat (high, medium), or null when none does. Low priority sounds once, when
 * it is raised (see AlertSounder).
 */
export function repeatingPriority(priorities: readonly AlertPriority[]): AlertPriority | null {
  let best: AlertPriority | null = null;
  for (const p of priorities) {
    if (p === 'low') continue;
    if (best === null || RANK[p] > RANK[best]) best = p;
  }
  return best;
}

/** Audio paused for two minutes (IEC 60601-1-8 AUDIO PAUSED, visible and named). */
export const AUDIO_PAUSE_MS = 2 * 60_000;
export const AUDIO_PAUSED_TEXT = 'Audio paused 2 min';
