import {
  CONSCIOUSNESS,
  DASHBOARD_CORE_VITALS,
  dashboardVitalFlags,
  type Patient,
  RESPIRATORY_RATE,
  type VitalFlag,
  vitalsOfPatient,
} from '@vigil/domain';
import { news2ParameterOf, type VitalCardKey, vitalCardDisplay } from './vital-display.ts';

/** A flagged tile's word: the spec's ("low", "high", "elevated"), or NEWS2's side of its normal band. */
export type CardVitalFlag = VitalFlag | 'not alert' | 'scores';

export interface CardVital {
  key: VitalCardKey;
  label: string;
  value: string;
  unit: string;
  /** The word beside the label, or null when nothing flags the value. */
  flag: CardVitalFlag | null;
  /** The NEWS2 points the server gave the value (≥ 1), or null. */
  points: number | null;
  /** 'alarm' (red): a dashboard limit crossed or 3 NEWS2 points; 'warning' (orange): 1–2 points only. */
  tone: 'alarm' | 'warning' | null;
}

/**
 * The card's tiles, oxygen first (spec point 2: the list shows each patient's oxygen level), then
 * pulse, blood pressure, temperature, and the first NEWS2 parameters, respiratory rate and ACVPU.
 */
export const CARD_VITALS: readonly { id: VitalCardKey; label: string }[] = [
  ...DASHBOARD_CORE_VITALS.map((v) => ({ id: v.id, label: v.tileLabel })),
  ...[RESPIRATORY_RATE, CONSCIOUSNESS].map((v) => ({ id: v.key, label: v.shortLabel })),
];

/**
 * The server's NEWS2 points for a tile's value and the side of the chart's normal band it lies on
 * (`side`, the server's too), when it scores: ACVPU other than Alert is "not alert".
 */
function news2Of(key: VitalCardKey, patient: Patient): { score: number; word: CardVitalFlag } | null {
  const parameter = news2ParameterOf(key);
  const found = patient.news2.parameters.find((p) => p.parameter === parameter);
  if (!found || found.score === null || found.score < 1) return null;
  if (key === CONSCIOUSNESS.key) return { score: found.score, word: 'not alert' };
  return { score: found.score, word: found.side ?? 'scores' };
}

/**
 * What each tile of a dashboard card shows and flags. A value is flagged when the spec's dashboard
 * limits fire (point 5: SpO2 ≤ 92, pulse < 60 or > 100, BP > 130/85, temperature ≥ 37.0 °C; their
 * word, red) and also when its NEWS2 parameter scores ≥ 1 in the server's summary, on the cards as on
 * the record: BP 85/50 scores 3 (systolic ≤ 90) and reads "low", red, though the spec's limits only
 * flag high pressure. Nothing is scored here: the points are the server's.
 */
export function cardVitals(patient: Patient): CardVital[] {
  const spec: Partial<Record<VitalCardKey, VitalFlag | null>> = dashboardVitalFlags(patient);
  const values = vitalsOfPatient(patient);
  return CARD_VITALS.map(({ id, label }) => {
    const specFlag = spec[id] ?? null;
    const news2 = news2Of(id, patient);
    const flag: CardVitalFlag | null = specFlag ?? news2?.word ?? null;
    const tone = specFlag || news2?.score === 3 ? 'alarm' : news2 ? 'warning' : null;
    return { key: id, label, ...vitalCardDisplay(id, values), flag, points: news2?.score ?? null, tone };
  });
}

/** A tile as one phrase of the card drawn as text: "BP 85/50 mmHg (low, NEWS2 3)". */
export function cardVitalText(tile: CardVital): string {
  const value =
    tile.key === CONSCIOUSNESS.key && tile.unit
      ? `${tile.value} – ${tile.unit}`
      : tile.unit
        ? `${tile.value} ${tile.unit}`
        : tile.value;
  const marks = [
    tile.flag && tile.flag !== 'scores' ? tile.flag : null,
    tile.points ? `NEWS2 ${tile.points}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return `${tile.label} ${value}${marks ? ` (${marks})` : ''}`;
}
