import type { Patient } from '@vigil/domain';

/**
 * "Stale data must look stale" (docs/reference/clinical.md, IEC 60601-1-8 practice). A patient's vitals are stale
 * once they are older than the longest gap RCP NEWS2 Chart 4 allows for the patient's current score
 * (0 → 12 h; 1–4 → 4–6 h, so 6 h; a red score or 5–6 → hourly; continuous at 7 or more, where 15
 * minutes without a reading is stale). The server's NEWS2 summary carries that gap (`staleAfterMs`)
 * with the score; the screen only measures time against it, because values turn stale while it
 * stays open.
 */
const MINUTE_MS = 60_000;

export type StalenessPatient = Pick<Patient, 'lastUpdated' | 'news2'>;

export interface VitalsStaleness {
  isStale: boolean;
  /** First instant (ms) at which the vitals count as stale; null when `lastUpdated` is unreadable. */
  staleAtMs: number | null;
  /** The longest gap allowed for the current score. */
  maxAgeMs: number;
  /** What the score asks for, e.g. "NEWS2 0 asks for at least every 12 h". */
  requirement: string;
  /** Why the vitals are stale ("Stale: last observations 7 h ago; NEWS2 0 asks for …"); null while fresh. */
  reason: string | null;
}

/** "25 min ago", "1 h 20 min ago" (under 3 h the minutes matter), "7 h ago", "3 days ago". */
export function formatObservationAge(ageMs: number): string {
  const minutes = Math.max(0, Math.floor(ageMs / MINUTE_MS));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 3 && minutes % 60 !== 0) return `${hours} h ${minutes % 60} min ago`;
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/**
 * Whether a patient's current vitals are stale at `nowMs`, measured from `lastUpdated` against the
 * longest gap the server's NEWS2 summary allows (`staleAfterMs`, from its monitoring interval). An
 * incomplete score is a minimum, so its interval may be too long; it is still the best rule
 * available. A `lastUpdated` in the future (clock skew) counts as just recorded; an unreadable one
 * as stale.
 */
export function vitalsStaleness(patient: StalenessPatient, nowMs: number): VitalsStaleness {
  const { news2 } = patient;
  const { monitoring } = news2;
  const maxAgeMs = news2.staleAfterMs;
  const score = `NEWS2 ${news2.complete ? '' : '≥'}${news2.total}${news2.band === 'low-medium' ? ' (red score)' : ''}`;
  const requirement = monitoring.isContinuous
    ? `${score} asks for continuous monitoring (a reading at least every 15 min)`
    : monitoring.intervalHoursMax === 1
      ? `${score} asks for observations at least hourly`
      : `${score} asks for at least every ${monitoring.intervalHoursMax} h`;

  const recordedMs = Date.parse(patient.lastUpdated);
  if (Number.isNaN(recordedMs)) {
    return {
      isStale: true,
      staleAtMs: null,
      maxAgeMs,
      requirement,
      reason: `Stale: the time of the last observations is unknown; ${requirement}`,
    };
  }
  const staleAtMs = recordedMs + maxAgeMs + 1;
  const isStale = nowMs >= staleAtMs;
  return {
    isStale,
    staleAtMs,
    maxAgeMs,
    requirement,
    reason: isStale
      ? `Stale: last observations ${formatObservationAge(nowMs - recordedMs)}; ${requirement}`
      : null,
  };
}
