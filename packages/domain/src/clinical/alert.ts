import { z } from 'zod';
import { NEWS2_PARAMETERS, type News2Result } from './news2.ts';

/** Alert levels, lowest first (spec point 3 "Analysis result"; colours in point 4). */
export const ALERT_LEVELS = ['NORMAL', 'ATTENTION', 'URGENT', 'CRITICAL'] as const;

/**
 * Status of one vital tile. URGENT appears on the monitor card (spec point 3) and may come from a
 * model; UNKNOWN marks a parameter that was not analysed, which must never look NORMAL.
 */
export const VITAL_STATUSES = ['NORMAL', 'ATTENTION', 'URGENT', 'CRITICAL', 'UNKNOWN'] as const;

export const AlertLevel = z.enum(ALERT_LEVELS);
export type AlertLevel = z.infer<typeof AlertLevel>;

export const VitalStatus = z.enum(VITAL_STATUSES);
export type VitalStatus = z.infer<typeof VitalStatus>;

/**
 * Overall alert level from a NEWS2 result, following RCP NEWS2 Chart 4 trigger thresholds:
 * total 0 → NORMAL; 1–4 → ATTENTION; a red score (3 in one parameter) or 5–6 → URGENT; ≥ 7 → CRITICAL.
 * With no parameter recorded at all nothing was analysed, so the result is ATTENTION, never NORMAL.
 */
export function alertLevelFromNews2(result: Pick<News2Result, 'total' | 'redScore' | 'missing'>): AlertLevel {
  if (result.total >= 7) return 'CRITICAL';
  if (result.total >= 5 || result.redScore) return 'URGENT';
  if (result.total >= 1) return 'ATTENTION';
  return result.missing.length >= NEWS2_PARAMETERS.length ? 'ATTENTION' : 'NORMAL';
}

/**
 * Status of a single vital from its NEWS2 parameter score: 0 → NORMAL, 1–2 → ATTENTION,
 * 3 (a red score, RCP NEWS2) → CRITICAL, missing → UNKNOWN.
 */
export function vitalStatusFromScore(score: number | null | undefined): VitalStatus {
  if (typeof score !== 'number' || !Number.isFinite(score)) return 'UNKNOWN';
  if (score >= 3) return 'CRITICAL';
  if (score >= 1) return 'ATTENTION';
  return 'NORMAL';
}

/** Orders alert levels by severity: negative when `a` is lower than `b`, 0 when equal, positive when higher. */
export function compareAlertLevels(a: AlertLevel, b: AlertLevel): number {
  return ALERT_LEVELS.indexOf(a) - ALERT_LEVELS.indexOf(b);
}

/**
 * The most severe of the given levels. Used so a model's narrative can raise but never lower the
 * rule-based level (docs/reference/clinical.md: AI text is an adjunct and never lowers a rule-based alert level).
 */
export function maxAlertLevel(first: AlertLevel, ...rest: AlertLevel[]): AlertLevel {
  return rest.reduce((highest, level) => (compareAlertLevels(level, highest) > 0 ? level : highest), first);
}
