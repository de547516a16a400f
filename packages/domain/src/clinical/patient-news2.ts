import { z } from 'zod';
import { VITAL_SIGN_OF_NEWS2, VITAL_SIGNS, type VitalKey } from '../vitals/catalogue.ts';
import type { VitalState, VitalValues } from '../vitals/mappers.ts';
import { tenthsFToRoundedCelsius } from '../vitals/units.ts';
import { ALERT_LEVELS, alertLevelFromNews2 } from './alert.ts';
import {
  computeNews2,
  NEWS2_PARAMETERS,
  type News2Result,
  type News2Scores,
  news2InputFromVitals,
} from './news2.ts';
import type { News2ParameterScore } from './news2-chart.ts';
import { countsAsCurrent, ReadingProvenance } from './provenance.ts';
import { Spo2Scale } from './spo2-scale.ts';
import type { VitalSources } from './vital-sources.ts';
import {
  NEWS2_BANDS,
  NEWS2_CHART4,
  type News2Monitoring,
  news2Findings,
  news2ParameterWords,
  triggerOfBand,
} from './words.ts';

const isoDate = z.iso.datetime({ offset: true });

/** One NEWS2 parameter as the summary used it: its score, class and time; stale when too old. */
export const PatientNews2Parameter = z.object({
  parameter: z.enum(NEWS2_PARAMETERS),
  /** null: not recorded (never counted as normal). */
  score: z.number().int().nullable(),
  provenance: ReadingProvenance.nullable(),
  at: isoDate.nullable(),
  stale: z.boolean(),
  /**
   * For a value that scores: which side of the chart's normal band it lies ('low', 'high'), so a
   * screen says "low" without reading the chart itself; null inside the band, for air or oxygen and
   * ACVPU.
   */
  side: z.enum(['low', 'high']).nullable(),
  /**
   * For a value that scores: the chart's limit it crossed, without unit ("≤ 90", "≥ 25";
   * clinical/words.ts); null otherwise. Screens print it, they never read the chart.
   */
  limit: z.string().nullable(),
});
export type PatientNews2Parameter = z.infer<typeof PatientNews2Parameter>;

/**
 * A patient's NEWS2, computed once on the server by {@link summarizeNews2} whenever a value that
 * counts changes, and carried on every patient the API answers: screens display it, they never
 * recompute it.
 */
export const PatientNews2 = z.object({
  /** Sum of the scored parameters; a minimum while `complete` is false. */
  total: z.number().int(),
  band: z.enum(NEWS2_BANDS),
  alertLevel: z.enum(ALERT_LEVELS),
  redScore: z.boolean(),
  redScoreParameters: z.array(z.enum(NEWS2_PARAMETERS)),
  complete: z.boolean(),
  missing: z.array(z.enum(NEWS2_PARAMETERS)),
  /** Parameters whose value is older than the score's own monitoring interval allows. */
  stale: z.array(z.enum(NEWS2_PARAMETERS)),
  spo2Scale: Spo2Scale,
  monitoring: z.object({
    text: z.string(),
    intervalHoursMin: z.number(),
    intervalHoursMax: z.number(),
    isContinuous: z.boolean(),
  }),
  /** The clinical response of RCP NEWS2 Chart 4 (clinical/words.ts): what the "Do now" box says. */
  response: z.string(),
  /** The score in plain bedside words (clinical/words.ts `news2Findings`): risk, what is abnormal, what is missing. */
  findings: z.string(),
  /** The seven parameters in chart order. */
  parameters: z.array(PatientNews2Parameter),
  /** A value older than this is stale (from `monitoring`). */
  staleAfterMs: z.number().int(),
});
export type PatientNews2 = z.infer<typeof PatientNews2>;

/**
 * On continuous monitoring (NEWS2 ≥ 7, RCP Chart 4) there is no interval: a value older than this
 * is stale.
 */
export const CONTINUOUS_STALE_AFTER_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

/**
 * How old a value may be before it is stale: the longest gap RCP NEWS2 Chart 4 allows for the
 * score (0 → 12 h; 1–4 → 6 h; a red score or 5–6 → 1 h); on continuous monitoring 15 minutes.
 * "Stale data must look stale" (docs/reference/clinical.md).
 */
export function staleAfterMs(monitoring: News2Monitoring): number {
  return monitoring.isContinuous ? CONTINUOUS_STALE_AFTER_MS : monitoring.intervalHoursMax * HOUR_MS;
}

/**
 * A patient's values with each one whose source may not count for this patient
 * ({@link countsAsCurrent}) left out as not recorded: a real patient's value that only a simulated
 * reading ever set (an old "Use Demo Device", kept by the start-up backfill to be shown as such) is
 * never scored, however often its NEWS2 is summarised again.
 */
export function valuesThatCount<T extends VitalState>(
  values: T,
  sources: VitalSources,
  patient: { isDemo: boolean },
): T {
  const counted: T = { ...values };
  for (const v of VITAL_SIGNS) {
    const source = sources[v.key];
    if (source && !countsAsCurrent(source.provenance, patient)) {
      (counted as VitalState)[v.key] = null;
    }
  }
  return counted;
}

/**
 * The NEWS2 summary of a patient's current values (those that count, by {@link valuesThatCount})
 * with the source of each, at `nowMs` (which decides staleness only).
 */
export function summarizeNews2(
  values: VitalState & { spo2Scale?: Spo2Scale | null; isDemo: boolean },
  sources: VitalSources,
  nowMs: number,
): PatientNews2 {
  const counted = valuesThatCount(values, sources, values);
  const result = computeNews2(news2InputFromVitals(counted, values.spo2Scale ?? 1));
  const parameters = NEWS2_PARAMETERS.map((parameter) => {
    const source =
      result.scores[parameter] === null ? undefined : sources[VITAL_SIGN_OF_NEWS2[parameter].key];
    return {
      parameter,
      score: result.scores[parameter],
      provenance: source?.provenance ?? null,
      at: source?.at ?? null,
      stale: false,
      side: null,
      limit: null,
    };
  });
  const summary = withNews2Words(
    {
      total: result.total,
      band: result.band,
      alertLevel: alertLevelFromNews2(result),
      redScore: result.redScore,
      redScoreParameters: result.redScoreParameters,
      complete: result.complete,
      missing: result.missing,
      stale: [],
      spo2Scale: result.spo2Scale,
      monitoring: result.monitoring,
      response: result.response,
      findings: '',
      parameters,
      staleAfterMs: staleAfterMs(result.monitoring),
    },
    counted,
  );
  return withStaleness(summary, nowMs);
}

/** A summary as stored: the words it was stored with may be older than clinical/words.ts, or absent. */
export type StoredNews2 = Omit<PatientNews2, 'findings' | 'parameters'> & {
  findings?: string;
  parameters: (Omit<PatientNews2Parameter, 'side' | 'limit'> &
    Partial<Pick<PatientNews2Parameter, 'side' | 'limit'>>)[];
};

/**
 * The summary in today's words (clinical/words.ts), nothing scored again: the Chart 4 response and
 * monitoring text of its band, its plain findings, and each scoring parameter's side and limit from
 * the values it scored (`values`: the patient's, by catalogue key; a parameter that does not score
 * has none). The server answers every patient through it, so a summary stored before a wording
 * changed, or before a word was added, is sent in the words of today.
 */
export function withNews2Words(summary: StoredNews2, values: VitalValues): PatientNews2 {
  const chart4 = NEWS2_CHART4[triggerOfBand(summary.band, summary.total)];
  const context = { spo2Scale: summary.spo2Scale, onSupplementalOxygen: values.onSupplementalOxygen };
  const parameters = summary.parameters.map((p) => ({
    ...p,
    ...(p.score ? news2ParameterWords(p.parameter, values, context) : { side: null, limit: null }),
  }));
  const scores = Object.fromEntries(parameters.map((p) => [p.parameter, p.score])) as Record<
    (typeof NEWS2_PARAMETERS)[number],
    number | null
  >;
  return {
    ...summary,
    monitoring: { ...summary.monitoring, text: chart4.monitoring.text },
    response: chart4.response,
    findings: news2Findings({ ...summary, scores }),
    parameters,
  };
}

/**
 * The summary with each parameter's staleness as of `nowMs`: a stored summary is brought up to the
 * time of the answer without scoring anything again. A value with no time, or one in the future
 * (a clock ahead), is not stale.
 */
export function withStaleness(summary: PatientNews2, nowMs: number): PatientNews2 {
  const parameters = summary.parameters.map((p) => ({
    ...p,
    stale: p.at !== null && nowMs - Date.parse(p.at) > summary.staleAfterMs,
  }));
  return { ...summary, parameters, stale: parameters.filter((p) => p.stale).map((p) => p.parameter) };
}

/**
 * A patient's NEWS2 summary in the engine's own shape, nothing scored again: the scores are the
 * summary's, its Chart 4 response and monitoring those of its band in today's words
 * (clinical/words.ts), and the temperature it scored (`temperature`, the patient's value in tenths
 * of °F) is given in °C as the engine gives it.
 */
export function news2OfSummary(summary: StoredNews2, temperature?: number | null): News2Result {
  const chart4 = NEWS2_CHART4[triggerOfBand(summary.band, summary.total)];
  const scores = Object.fromEntries(
    summary.parameters.map((p) => [p.parameter, p.score as News2ParameterScore | null]),
  ) as News2Scores;
  return {
    scores,
    total: summary.total,
    complete: summary.complete,
    missing: summary.missing,
    redScore: summary.redScore,
    redScoreParameters: summary.redScoreParameters,
    spo2Scale: summary.spo2Scale,
    temperatureC:
      scores.temperature !== null && typeof temperature === 'number'
        ? tenthsFToRoundedCelsius(temperature)
        : null,
    band: summary.band,
    monitoring: { ...summary.monitoring, text: chart4.monitoring.text },
    response: chart4.response,
  };
}

/** A reading as it may change a patient's current values: its measurements, time, class and device. */
export interface ApplicableReading extends VitalValues {
  readingTime: string | Date;
  provenance: ReadingProvenance;
  deviceName?: string | null;
}

/**
 * A patient's current values after `readings`: for each vital, the newest value that counts
 * ({@link countsAsCurrent}) wins, each field on its own time (a device's pulse at 10:05 does not
 * undo a nurse's respiratory rate at 10:00, and a backfilled older value changes nothing).
 * `changed` lists the patient fields whose value or source changed; `latestMs` is the newest time
 * applied (or null).
 */
export function applyReadings(
  patient: VitalState & { isDemo: boolean; sources: VitalSources },
  readings: readonly ApplicableReading[],
): {
  values: VitalState;
  sources: VitalSources;
  changed: VitalKey[];
  latestMs: number | null;
} {
  const values: Record<string, unknown> = {};
  for (const v of VITAL_SIGNS) values[v.key] = patient[v.key] ?? null;
  const sources: VitalSources = { ...patient.sources };
  const changed = new Set<VitalKey>();
  let latestMs: number | null = null;
  const timed = readings
    .filter((r) => countsAsCurrent(r.provenance, patient))
    .map((r) => ({
      r,
      ms: r.readingTime instanceof Date ? r.readingTime.getTime() : Date.parse(r.readingTime),
    }))
    .sort((a, b) => a.ms - b.ms);
  for (const { r, ms } of timed) {
    for (const v of VITAL_SIGNS) {
      const value = r[v.readingField];
      if (value === null || value === undefined) continue;
      const current = sources[v.key];
      // A value measured at the same instant as the current one is the later word on it.
      if (current && Date.parse(current.at) > ms) continue;
      values[v.key] = value;
      sources[v.key] = {
        provenance: r.provenance,
        at: new Date(ms).toISOString(),
        source: r.provenance === 'observation' ? null : r.deviceName?.trim() || null,
      };
      changed.add(v.key);
      latestMs = latestMs === null ? ms : Math.max(latestMs, ms);
    }
  }
  return { values: values as VitalState, sources, changed: [...changed], latestMs };
}
