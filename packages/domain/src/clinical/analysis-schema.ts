import { z } from 'zod';
import { recordId } from '../ids.ts';
import { CORE_VITALS, type CoreVitalId } from '../vitals/catalogue.ts';
import {
  BP_ORDER_MESSAGE,
  BP_ORDER_PATH,
  coreVitalFields,
  isBpInOrder,
  isBpIssue,
  news2OptionalFields,
} from '../vitals/schemas.ts';
import { AlertLevel, VitalStatus } from './alert.ts';
import { NEWS2_PARAMETERS, type News2Parameter } from './news2.ts';
import { Spo2Scale } from './spo2-scale.ts';
import { PredictedTrend } from './trend.ts';
import { NEWS2_BANDS } from './words.ts';

/**
 * Wire shapes of the vitals analysis (spec point 3 "Analysis result"): the server validates its
 * answers with them and the web parses them.
 */

export const VitalSignAssessment = z.object({ status: VitalStatus, comment: z.string() });
export type VitalSignAssessment = z.infer<typeof VitalSignAssessment>;

const parameterScore = z.number().int().min(0).max(3).nullable();
const news2Parameter = z.enum(NEWS2_PARAMETERS);

export const News2Summary = z.object({
  total: z.number().int().min(0).max(20),
  band: z.enum(NEWS2_BANDS),
  redScore: z.boolean(),
  redScoreParameters: z.array(news2Parameter),
  /** Each parameter's score, by the parameter's name (null: not recorded). */
  scores: z.object(
    Object.fromEntries(NEWS2_PARAMETERS.map((p) => [p, parameterScore])) as Record<
      News2Parameter,
      typeof parameterScore
    >,
  ),
  complete: z.boolean(),
  missing: z.array(news2Parameter),
  spo2Scale: Spo2Scale,
  monitoring: z.object({
    text: z.string(),
    intervalHoursMin: z.number().min(0),
    intervalHoursMax: z.number().min(0),
    isContinuous: z.boolean(),
  }),
  /** The Chart 4 response of the band (clinical/words.ts): what to do now. */
  response: z.string(),
  /** The score in plain bedside words (clinical/words.ts `news2Findings`). */
  findings: z.string(),
});
export type News2Summary = z.infer<typeof News2Summary>;

export const TrendSummary = z.object({
  basis: z.enum(['insufficient-data', 'history']),
  readingsUsed: z.number().int().min(0),
  slopePerHour: z.number().optional(),
  explanation: z.string(),
});
export type TrendSummary = z.infer<typeof TrendSummary>;

export const AnalysisResult = z.object({
  alertLevel: AlertLevel,
  analysis: z.string(),
  recommendations: z.array(z.string()),
  predictedTrend: PredictedTrend,
  /** The spec's four vitals, each assessed (blood pressure as one). */
  vitalSigns: z.object(
    Object.fromEntries(CORE_VITALS.map((v) => [v.id, VitalSignAssessment])) as Record<
      CoreVitalId,
      typeof VitalSignAssessment
    >,
  ),
  news2: News2Summary,
  /** Present when the trend came from reading history (or was judged from too little data). */
  trend: TrendSummary.optional(),
  /** 'rules': NEWS2 only; 'model': an AI narrative on top of the same rule-based level. */
  source: z.enum(['rules', 'model']),
  generatedAt: z.iso.datetime({ offset: true }),
  /** Something the reader must know about this result, e.g. an incomplete score or a fallback. */
  notice: z.string().optional(),
});
export type AnalysisResult = z.infer<typeof AnalysisResult>;

/**
 * Body of POST /api/vitals/analysis. The core four vitals are required; values outside
 * their catalogue row's plausible range (vitals/catalogue.ts) are rejected as measurement or entry errors, and the diastolic pressure
 * must be below the systolic. Optional NEWS2 fields may be omitted or null (reported as missing).
 */
export const VitalsAnalysisInput = z
  .object({
    patientId: recordId('patientId').optional(),
    ...coreVitalFields('key'),
    ...news2OptionalFields,
  })
  .refine(isBpInOrder, {
    path: BP_ORDER_PATH,
    // Also checked when other fields are invalid, so every problem is reported at once.
    when: (payload) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !payload.issues.some((issue) => isBpIssue(issue.path)),
    error: BP_ORDER_MESSAGE,
  });
export type VitalsAnalysisInput = z.infer<typeof VitalsAnalysisInput>;
