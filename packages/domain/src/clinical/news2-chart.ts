import type { Consciousness } from '../vitals/consciousness.ts';
import type { Spo2Scale } from './spo2-scale.ts';

/**
 * The NEWS2 observation chart (Royal College of Physicians, 2017, Chart 1) as data: one table per
 * parameter, so scoring, the "limit crossed" alarm text (clinical/words.ts) and the printed chart come
 * from the same numbers.
 * Each band covers values up to and including `upTo` (bands ascending), so a non-integer value
 * between two integer bands (pulse 90.5) falls into the higher band: thresholds are "≤ upper bound".
 */

export type News2ParameterScore = 0 | 1 | 2 | 3;

export interface ScoreBand {
  readonly upTo: number;
  readonly score: News2ParameterScore;
}

export interface BandTable {
  readonly bands: readonly ScoreBand[];
  /** Resolution of the parameter: the lowest value of a band is the previous `upTo` plus this. */
  readonly step: number;
  readonly decimals: number;
}

function table(step: number, decimals: number, rows: ReadonlyArray<readonly [number, News2ParameterScore]>) {
  return { step, decimals, bands: rows.map(([upTo, score]) => ({ upTo, score })) } satisfies BandTable;
}

// RCP NEWS2 2017 Chart 1: respiration rate ≤8 → 3, 9–11 → 1, 12–20 → 0, 21–24 → 2, ≥25 → 3.
export const RESPIRATORY_RATE_TABLE = table(1, 0, [
  [8, 3],
  [11, 1],
  [20, 0],
  [24, 2],
  [Number.POSITIVE_INFINITY, 3],
]);

// RCP NEWS2 2017 Chart 1: SpO2 Scale 1 ≤91 → 3, 92–93 → 2, 94–95 → 1, ≥96 → 0.
export const SPO2_SCALE_1_TABLE = table(1, 0, [
  [91, 3],
  [93, 2],
  [95, 1],
  [Number.POSITIVE_INFINITY, 0],
]);

// RCP NEWS2 2017 Chart 1: SpO2 Scale 2 on air ≤83 → 3, 84–85 → 2, 86–87 → 1, 88–92 and ≥93 → 0.
export const SPO2_SCALE_2_AIR_TABLE = table(1, 0, [
  [83, 3],
  [85, 2],
  [87, 1],
  [Number.POSITIVE_INFINITY, 0],
]);

// RCP NEWS2 2017 Chart 1: SpO2 Scale 2 on oxygen ≤83 → 3, 84–85 → 2, 86–87 → 1, 88–92 → 0,
// 93–94 → 1, 95–96 → 2, ≥97 → 3 (above target on oxygen risks hypercapnia).
export const SPO2_SCALE_2_OXYGEN_TABLE = table(1, 0, [
  [83, 3],
  [85, 2],
  [87, 1],
  [92, 0],
  [94, 1],
  [96, 2],
  [Number.POSITIVE_INFINITY, 3],
]);

// RCP NEWS2 2017 Chart 1: systolic BP ≤90 → 3, 91–100 → 2, 101–110 → 1, 111–219 → 0, ≥220 → 3.
export const SYSTOLIC_BP_TABLE = table(1, 0, [
  [90, 3],
  [100, 2],
  [110, 1],
  [219, 0],
  [Number.POSITIVE_INFINITY, 3],
]);

// RCP NEWS2 2017 Chart 1: pulse ≤40 → 3, 41–50 → 1, 51–90 → 0, 91–110 → 1, 111–130 → 2, ≥131 → 3.
export const PULSE_TABLE = table(1, 0, [
  [40, 3],
  [50, 1],
  [90, 0],
  [110, 1],
  [130, 2],
  [Number.POSITIVE_INFINITY, 3],
]);

// RCP NEWS2 2017 Chart 1: temperature ≤35.0 → 3, 35.1–36.0 → 1, 36.1–38.0 → 0, 38.1–39.0 → 1,
// ≥39.1 → 2 (°C, one decimal).
export const TEMPERATURE_C_TABLE = table(0.1, 1, [
  [35.0, 3],
  [36.0, 1],
  [38.0, 0],
  [39.0, 1],
  [Number.POSITIVE_INFINITY, 2],
]);

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The index of the band of `chart` a value falls in (each band covers values up to and including its
 * `upTo`): the one place a value is placed in a band. Scoring, the limit text (clinical/words.ts)
 * and the printed chart's rows read it.
 */
export function bandIndex(chart: BandTable, value: number): number {
  const index = chart.bands.findIndex((band) => value <= band.upTo);
  return index === -1 ? chart.bands.length - 1 : index;
}

/** Score of `value` in a chart table; null when the value is missing or not a finite number. */
export function scoreFromTable(
  chart: BandTable,
  value: number | null | undefined,
): News2ParameterScore | null {
  if (!isNumber(value)) return null;
  return chart.bands[bandIndex(chart, value)]?.score ?? null;
}

/** RCP NEWS2 "air or oxygen": supplemental oxygen → 2, air → 0, not recorded → null. */
export function scoreAirOrOxygen(
  onSupplementalOxygen: boolean | null | undefined,
): News2ParameterScore | null {
  if (onSupplementalOxygen === true) return 2;
  if (onSupplementalOxygen === false) return 0;
  return null;
}

/** RCP NEWS2 ACVPU: Alert → 0; new Confusion, Voice, Pain, Unresponsive → 3; not recorded → null. */
export function scoreConsciousness(level: Consciousness | null | undefined): News2ParameterScore | null {
  if (level === 'A') return 0;
  if (level === 'C' || level === 'V' || level === 'P' || level === 'U') return 3;
  return null;
}

/**
 * The SpO2 chart table that applies, or null when it cannot be known: on Scale 2 a value ≥ 93 %
 * scores 0 on air but 1–3 on oxygen, so without the oxygen status it is undetermined. At ≤ 92 %
 * both Scale 2 tables agree, so the air table is used.
 */
export function spo2Table(
  oxygenLevel: number,
  spo2Scale: Spo2Scale,
  onSupplementalOxygen: boolean | null | undefined,
): BandTable | null {
  // RCP NEWS2 2017: Scale 2 only for a clinician-documented target of 88–92 %; Scale 1 otherwise.
  if (spo2Scale !== 2) return SPO2_SCALE_1_TABLE;
  if (onSupplementalOxygen === true) return SPO2_SCALE_2_OXYGEN_TABLE;
  if (onSupplementalOxygen === false || oxygenLevel <= 92) return SPO2_SCALE_2_AIR_TABLE;
  return null;
}
