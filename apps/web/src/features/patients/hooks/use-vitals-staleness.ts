import { useEffect, useState } from 'react';
import { type StalenessPatient, type VitalsStaleness, vitalsStaleness } from '../lib/vitals-staleness.ts';

/** setTimeout's ceiling (about 24.8 days); NEWS2 intervals are at most 12 h. */
const MAX_TIMEOUT_MS = 2_147_483_647;
/** While stale, "last observations 40 min ago" is refreshed this often. */
const STALE_TICK_MS = 60_000;

/**
 * The patient's vitals staleness, kept current without a ticking clock on every card: while fresh,
 * one timer fires when they turn stale; while stale, a minute tick keeps the age in the reason right.
 */
export function useVitalsStaleness(patient: StalenessPatient): VitalsStaleness {
  const [nowMs, setNowMs] = useState(Date.now);
  const staleness = vitalsStaleness(patient, nowMs);
  const { isStale, staleAtMs } = staleness;

  // Re-armed whenever a live update moves the deadline; a deadline already passed fires at once.
  useEffect(() => {
    if (isStale) {
      const timer = setInterval(() => setNowMs(Date.now()), STALE_TICK_MS);
      return () => clearInterval(timer);
    }
    if (staleAtMs === null) return;
    const wait = Math.min(Math.max(staleAtMs - Date.now(), 0), MAX_TIMEOUT_MS);
    // Never earlier than the deadline, even if the timer fires a little early.
    const timer = setTimeout(() => setNowMs(Math.max(Date.now(), staleAtMs)), wait);
    return () => clearTimeout(timer);
  }, [isStale, staleAtMs]);

  return staleness;
}
