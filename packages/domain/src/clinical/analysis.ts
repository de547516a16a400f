import { CORE_VITALS, VITAL_SIGN_OF_NEWS2, VITAL_SIGNS } from '../vitals/catalogue.ts';
import type { VitalState, VitalValues } from '../vitals/mappers.ts';
import { alertLevelFromNews2, vitalStatusFromScore } from './alert.ts';
import type { AnalysisResult, VitalSignAssessment } from './analysis-schema.ts';
import {
  computeNews2,
  NEWS2_PARAMETER_LABELS,
  NEWS2_PARAMETERS,
  type News2Parameter,
  type News2Result,
  news2InputFromVitals,
} from './news2.ts';
import { spo2Table } from './news2-chart.ts';
import { news2OfSummary, type StoredNews2 } from './patient-news2.ts';
import type { Spo2Scale } from './spo2-scale.ts';
import type { News2Trend } from './trend.ts';
import { NEWS2_BAND_LABELS, news2Findings, news2ParameterPhrase } from './words.ts';

export interface AnalysisVitals extends VitalValues {
  spo2Scale?: Spo2Scale | null;
}

export interface BuildAnalysisInput extends AnalysisVitals {
  /** Trend from {@link news2Trend}; without it the predicted trend is STABLE. */
  trend?: News2Trend | null;
  /** Injected clock: becomes `generatedAt`. */
  now: Date;
  /**
   * A stored patient's NEWS2 as the server holds it ({@link summarizeNews2}): carried as it is, not
   * scored again, so the record's analysis can never disagree with the patient. Without it (a set
   * of vitals sent for analysis, stored nowhere) the vitals given are scored.
   */
  news2?: StoredNews2 | null;
}

/** The vitals a patient record carries, by the catalogue's keys (`temperature` in tenths of °F). */
export interface PatientVitals extends VitalState {
  spo2Scale?: Spo2Scale | null;
}

/** A patient record's vitals as analysis vitals: each vital sign, and the SpO2 scale (1 unless set). */
export function vitalsFromPatient(patient: PatientVitals): AnalysisVitals {
  const vitals: Record<string, unknown> = { spo2Scale: patient.spo2Scale ?? 1 };
  for (const v of VITAL_SIGNS) vitals[v.key] = patient[v.key] ?? null;
  return vitals as AnalysisVitals;
}

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The value of each NEWS2 parameter against its chart limit, in alarm style (clinical/words.ts:
 * "HR 134 ≥ 131"), SpO2 with its context; null when the parameter was not recorded.
 */
function parameterComments(
  vitals: AnalysisVitals,
  news2: News2Result,
): Record<News2Parameter, string | null> {
  const context = { spo2Scale: news2.spo2Scale, onSupplementalOxygen: vitals.onSupplementalOxygen };
  const comments = Object.fromEntries(
    NEWS2_PARAMETERS.map((parameter) => [parameter, news2ParameterPhrase(parameter, vitals, context)]),
  ) as Record<News2Parameter, string | null>;
  const spo2 = vitals.oxygenLevel;
  if (isNumber(spo2) && !spo2Table(spo2, news2.spo2Scale, vitals.onSupplementalOxygen)) {
    comments.spo2 = `SpO2 ${spo2}% on scale 2: air or oxygen not recorded, so it cannot be scored`;
  } else if (comments.spo2 !== null) {
    const onOxygen = vitals.onSupplementalOxygen;
    const where =
      onOxygen === true ? 'on oxygen' : news2.spo2Scale === 2 && onOxygen === false ? 'on air' : null;
    comments.spo2 = [comments.spo2, where, news2.spo2Scale === 2 ? '(scale 2)' : null]
      .filter((part) => part !== null)
      .join(' ');
  }
  return comments;
}

function assessment(
  news2: News2Result,
  parameter: News2Parameter,
  comment: string | null,
  label: string,
): VitalSignAssessment {
  return {
    status: vitalStatusFromScore(news2.scores[parameter]),
    comment: comment ?? `${label} not recorded`,
  };
}

function points(score: number): string {
  return `${score} point${score === 1 ? '' : 's'}`;
}

function missingText(news2: News2Result, vitals: AnalysisVitals): string[] {
  return news2.missing.map((parameter) =>
    parameter === 'spo2' && isNumber(vitals.oxygenLevel)
      ? 'SpO2 score (scale 2 needs air or oxygen status)'
      : NEWS2_PARAMETER_LABELS[parameter],
  );
}

function recheckRecommendation(
  parameter: News2Parameter,
  vitals: AnalysisVitals,
  news2: News2Result,
): string | null {
  // RCP NEWS2 2017: on scale 2, SpO2 above 92 % on oxygen scores because of the risk of hypercapnia.
  if (
    parameter === 'spo2' &&
    news2.spo2Scale === 2 &&
    vitals.onSupplementalOxygen === true &&
    (vitals.oxygenLevel ?? 0) > 92
  )
    return 'SpO2 is above the 88–92 % target on oxygen: review the oxygen prescription.';
  return VITAL_SIGN_OF_NEWS2[parameter].recheck;
}

function missingRecommendation(parameter: News2Parameter, vitals: AnalysisVitals): string | null {
  if (parameter === 'airOrOxygen') {
    return 'Record whether the patient is on air or supplemental oxygen to complete the NEWS2 score.';
  }
  // A recorded SpO2 that cannot be scored is completed by recording air or oxygen, not by re-measuring.
  if (parameter === 'spo2' && isNumber(vitals.oxygenLevel)) return null;
  return `Record ${NEWS2_PARAMETER_LABELS[parameter]} to complete the NEWS2 score.`;
}

function recommendations(news2: News2Result, vitals: AnalysisVitals, trend: News2Trend | null): string[] {
  // RCP NEWS2 2017 Chart 4: the response to the trigger level comes first (clinical/words.ts).
  const list = [news2.response];
  for (const parameter of NEWS2_PARAMETERS) {
    if ((news2.scores[parameter] ?? 0) >= 1) list.push(recheckRecommendation(parameter, vitals, news2) ?? '');
  }
  for (const parameter of news2.missing) list.push(missingRecommendation(parameter, vitals) ?? '');
  // RCP NEWS2 2017: an aggregate of 5 or more in a patient with known or suspected infection prompts sepsis screening.
  if (news2.total >= 5)
    list.push('If infection is known or suspected, screen for sepsis (NEWS2 of 5 or more).');
  if (trend?.trend === 'DECLINING') {
    list.push('NEWS2 is rising over recent readings: reassess sooner than the minimum monitoring interval.');
  }
  return list.filter((item) => item !== '');
}

function analysisText(
  news2: News2Result,
  vitals: AnalysisVitals,
  comments: Record<News2Parameter, string | null>,
  trend: News2Trend | null,
): string {
  const redList = news2.redScoreParameters.map((p) => NEWS2_PARAMETER_LABELS[p]).join(', ');
  const sentences = [
    `NEWS2 ${news2.total}${news2.complete ? '' : ' (incomplete)'}: ${NEWS2_BAND_LABELS[news2.band]} clinical risk` +
      `${news2.redScore ? `, red score in ${redList}` : ''}.`,
  ];
  const abnormal = NEWS2_PARAMETERS.flatMap((parameter) => {
    const score = news2.scores[parameter] ?? 0;
    return score >= 1
      ? [`${comments[parameter] ?? NEWS2_PARAMETER_LABELS[parameter]} (${points(score)})`]
      : [];
  });
  if (abnormal.length > 0) sentences.push(`Abnormal: ${abnormal.join('; ')}.`);
  else if (!news2.complete) sentences.push('All recorded parameters are within NEWS2 normal ranges.');
  else sentences.push('All parameters are within NEWS2 normal ranges.');
  if (!news2.complete) {
    sentences.push(
      `Not recorded: ${missingText(news2, vitals).join(', ')}. The score is incomplete and may underestimate risk.`,
    );
  }
  sentences.push(`Response (RCP NEWS2): ${news2.response}`);
  if (trend) sentences.push(trend.explanation);
  return sentences.join(' ');
}

/**
 * Rule-based vitals analysis (spec point 3 "Analysis result"): NEWS2 sets the alert level, each
 * vital tile gets a status from its NEWS2 parameter score and an alarm-style comment with the value
 * and the limit crossed, and the text and recommendations follow RCP NEWS2 Chart 4. Useful on its
 * own; a model narrative may be layered on top but must not lower `alertLevel`.
 */
export function buildAnalysis(input: BuildAnalysisInput): AnalysisResult {
  const { trend = null, now, news2: summary = null, ...vitals } = input;
  const news2 = summary
    ? news2OfSummary(summary, vitals.temperature)
    : computeNews2(news2InputFromVitals(vitals, vitals.spo2Scale));
  const comments = parameterComments(vitals, news2);
  const result: AnalysisResult = {
    alertLevel: alertLevelFromNews2(news2),
    analysis: analysisText(news2, vitals, comments, trend),
    recommendations: recommendations(news2, vitals, trend),
    predictedTrend: trend?.trend ?? 'STABLE',
    // Each core vital by the row NEWS2 scores it from (blood pressure: the systolic), named by its abbreviation.
    vitalSigns: Object.fromEntries(
      CORE_VITALS.map(({ id, rows: [scored] }) => [
        id,
        assessment(news2, scored.news2, comments[scored.news2], scored.abbreviation),
      ]),
    ) as AnalysisResult['vitalSigns'],
    news2: {
      total: news2.total,
      band: news2.band,
      redScore: news2.redScore,
      redScoreParameters: news2.redScoreParameters,
      scores: news2.scores,
      complete: news2.complete,
      missing: news2.missing,
      spo2Scale: news2.spo2Scale,
      monitoring: news2.monitoring,
      response: news2.response,
      findings: news2Findings(news2),
    },
    source: 'rules',
    generatedAt: now.toISOString(),
  };
  if (trend) {
    result.trend = {
      basis: trend.basis,
      readingsUsed: trend.readingsUsed,
      explanation: trend.explanation,
      ...(trend.slopePerHour === undefined ? {} : { slopePerHour: trend.slopePerHour }),
    };
  }
  if (!news2.complete) {
    result.notice = `Incomplete NEWS2: ${missingText(news2, vitals).join(', ')} not recorded, so the total of ${news2.total} is a minimum.`;
  }
  return result;
}
