import {
  NEWS2_VITAL_SIGNS,
  type News2ChartContext,
  type News2VitalKey,
  type News2VitalSign,
  SUPPLEMENTAL_OXYGEN,
  TEMPERATURE,
  type VitalNews2Parameter,
} from '../vitals/catalogue.ts';
import type { VitalValues } from '../vitals/mappers.ts';
import { type News2ParameterScore, scoreFromTable } from './news2-chart.ts';
import type { Spo2Scale } from './spo2-scale.ts';
import { NEWS2_CHART4, type News2Band, type News2Monitoring, news2Trigger } from './words.ts';

/** The seven NEWS2 parameters in chart order (RCP 2017 Chart 1): the `news2` of the catalogue's rows. */
export const NEWS2_PARAMETERS = NEWS2_VITAL_SIGNS.map((vital) => vital.news2) as unknown as readonly [
  VitalNews2Parameter,
  ...VitalNews2Parameter[],
];
export type News2Parameter = VitalNews2Parameter;

/** Plain-language names of the parameters, for messages: the plain label of the vital each is scored from. */
export const NEWS2_PARAMETER_LABELS = Object.fromEntries(
  NEWS2_VITAL_SIGNS.map((vital) => [vital.news2, vital.plainLabel]),
) as Record<News2Parameter, string>;

/**
 * What NEWS2 scores: the vital signs it takes, by their catalogue keys and in their stored units
 * (`heartRate`, `oxygenLevel`, `temperature` in tenths of °F), with the patient's SpO2 scale.
 */
export type News2Input = { [Key in News2VitalKey]?: VitalValues[Key] } & {
  /** Scale 2 only when a clinician documented a target of 88–92 %; anything else means Scale 1. */
  spo2Scale?: Spo2Scale | null;
};

export type News2Scores = Record<News2Parameter, News2ParameterScore | null>;

export interface News2Escalation {
  band: News2Band;
  monitoring: News2Monitoring;
  /** Clinical response of RCP NEWS2 Chart 4 (clinical/words.ts). */
  response: string;
}

export interface News2Result extends News2Escalation {
  /** Per-parameter score; null when the parameter was not recorded (never counted as normal). */
  scores: News2Scores;
  /** Sum of the scored parameters: a lower bound when `complete` is false. */
  total: number;
  complete: boolean;
  missing: News2Parameter[];
  /** Any single parameter scored 3. */
  redScore: boolean;
  redScoreParameters: News2Parameter[];
  spo2Scale: Spo2Scale;
  /** Temperature as scored (°C, one decimal), or null. */
  temperatureC: number | null;
}

/**
 * Band, minimum monitoring and clinical response for an aggregate score (RCP NEWS2 Chart 4):
 * 0 → low, 12-hourly; 1–4 → low, 4–6-hourly; a red score with total < 5 → low-medium, hourly;
 * 5–6 → medium, hourly; ≥ 7 → high, continuous.
 */
export function news2Escalation(total: number, redScore: boolean): News2Escalation {
  const row = NEWS2_CHART4[news2Trigger(total, redScore)];
  // A copy, so a caller mutating its result cannot change the chart.
  return { band: row.band, monitoring: { ...row.monitoring }, response: row.response };
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A vital's NEWS2 score by its catalogue row: a number read against the row's chart table (in the
 * scored unit: temperature in °C to one decimal), yes/no and ACVPU by the row's own score; null
 * when not recorded, or when the table cannot be known (SpO2 on Scale 2 above 92 % without air or
 * oxygen).
 */
function scoreVital(
  vital: News2VitalSign,
  value: unknown,
  context: News2ChartContext,
): News2ParameterScore | null {
  switch (vital.kind) {
    case 'number': {
      if (!isNumber(value)) return null;
      const scored = vital.news2Chart.scored(value);
      const table = vital.news2Chart.table(scored, context);
      return table ? scoreFromTable(table, scored) : null;
    }
    case 'boolean':
      return vital.news2Score(value as boolean | null | undefined);
    case 'choice':
      return vital.news2Score(value as Parameters<typeof vital.news2Score>[0]);
  }
}

/**
 * National Early Warning Score 2 (RCP 2017). Missing parameters are reported in `missing`, scored
 * null and left out of `total`; they are never treated as normal. Temperature is converted from
 * tenths of °F and rounded to one decimal before scoring. The per-parameter report names each
 * parameter as the NEWS2 chart and the API do (`pulse`, `spo2`, `airOrOxygen`): the `news2`
 * column of the vital's catalogue row, each scored by that row (its chart table, or its own score).
 */
export function computeNews2(input: News2Input): News2Result {
  const spo2Scale: Spo2Scale = input.spo2Scale === 2 ? 2 : 1;
  const context: News2ChartContext = { spo2Scale, onSupplementalOxygen: input[SUPPLEMENTAL_OXYGEN.key] };
  const stored = input[TEMPERATURE.key];
  const temperatureC = isNumber(stored) ? TEMPERATURE.news2Chart.scored(stored) : null;
  const scores = Object.fromEntries(
    NEWS2_VITAL_SIGNS.map((vital) => [vital.news2, scoreVital(vital, input[vital.key], context)]),
  ) as News2Scores;
  const missing = NEWS2_PARAMETERS.filter((parameter) => scores[parameter] === null);
  const redScoreParameters = NEWS2_PARAMETERS.filter((parameter) => scores[parameter] === 3);
  const total = NEWS2_PARAMETERS.reduce((sum, parameter) => sum + (scores[parameter] ?? 0), 0);
  const redScore = redScoreParameters.length > 0;
  return {
    scores,
    total,
    complete: missing.length === 0,
    missing,
    redScore,
    redScoreParameters,
    spo2Scale,
    temperatureC,
    ...news2Escalation(total, redScore),
  };
}

/**
 * The NEWS2 input of a set of vital signs (by their catalogue keys; temperature in tenths °F): the
 * vitals NEWS2 scores, each null when not measured, and the SpO2 scale (1 unless given).
 */
export function news2InputFromVitals(vitals: VitalValues, spo2Scale?: Spo2Scale | null): News2Input {
  const input: Record<string, unknown> = {};
  for (const vital of NEWS2_VITAL_SIGNS) input[vital.key] = vitals[vital.key] ?? null;
  input.spo2Scale = spo2Scale ?? 1;
  return input as News2Input;
}
