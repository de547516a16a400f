import type { AlertLevel } from '@vigil/domain';

const RANK: Record<AlertLevel, number> = { NORMAL: 0, ATTENTION: 1, URGENT: 2, CRITICAL: 3 };

/**
 * Decides when a patient's alert level deserves a "<level> Alert" toast: once per rise to URGENT or
 * CRITICAL, never again while it stays there (alarm fatigue, docs/reference/clinical.md). A fall resets, so a
 * later rise is announced again. Shared by the live event stream and the monitor card, so one rise
 * seen by both is announced once.
 */
export function createAlertTracker() {
  const last = new Map<number, AlertLevel>();
  return {
    shouldAnnounce(patientId: number, level: AlertLevel): boolean {
      const previous = last.get(patientId);
      last.set(patientId, level);
      if (RANK[level] < RANK.URGENT) return false;
      return previous === undefined || RANK[level] > RANK[previous];
    },
    reset: () => last.clear(),
  };
}

/** The app's one tracker. */
export const alertTracker = createAlertTracker();
