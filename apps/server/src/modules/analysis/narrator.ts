import {
  ALERT_LEVELS,
  type AnalysisResult,
  maxAlertLevel,
  VITAL_STATUSES,
  type VitalStatus,
} from '@vigil/domain';
import OpenAI from 'openai';
import { z } from 'zod';

/**
 * Optional language-model narrative on top of the rule-based analysis. The model only explains: its
 * answer is validated, and it can raise but never lower the alert level or a vital's status.
 */

export const NARRATIVE_TIMEOUT_MS = 10_000;

const Narrative = z.strictObject({
  analysis: z.string().min(1).max(2000),
  recommendations: z.array(z.string().min(1).max(300)).max(8),
  alertLevel: z.enum(ALERT_LEVELS),
  vitalSigns: z.strictObject({
    heartRate: z.enum(VITAL_STATUSES),
    oxygenLevel: z.enum(VITAL_STATUSES),
    bloodPressure: z.enum(VITAL_STATUSES),
    temperature: z.enum(VITAL_STATUSES),
  }),
});
export type Narrative = z.infer<typeof Narrative>;

const NARRATIVE_JSON_SCHEMA = z.toJSONSchema(Narrative, { target: 'draft-7' });

/** The provider refused our key: shown by the monitor card as a configuration error. */
export class ApiKeyRejectedError extends Error {
  constructor() {
    super('The AI provider rejected the API key (AI_API_KEY). Check the key in the server configuration.');
    this.name = 'ApiKeyRejectedError';
  }
}

/** Any other failure of the narrative: the rules result stands, with a notice. */
export class NarrativeUnavailableError extends Error {
  readonly reason: 'timeout' | 'invalid-output' | 'provider-error';

  constructor(reason: 'timeout' | 'invalid-output' | 'provider-error') {
    super(
      reason === 'timeout'
        ? 'The AI narrative timed out'
        : reason === 'invalid-output'
          ? 'The AI narrative was not valid'
          : 'The AI provider returned an error',
    );
    this.name = 'NarrativeUnavailableError';
    this.reason = reason;
  }
}

export interface Narrator {
  readonly model: string;
  narrate(rules: AnalysisResult): Promise<Narrative>;
}

const SYSTEM_PROMPT = `You are a clinical decision-support assistant for ward nurses. You receive vital signs, the NEWS2 score
computed by validated rules (Royal College of Physicians 2017), and the trend. Write a concise plain-language analysis for a
nurse (at most 5 sentences) and up to 5 practical recommendations consistent with the RCP NEWS2 clinical response. Never
contradict the rule-based score; you may flag additional concern but never downplay it. Return alertLevel and the status of
each vital sign (NORMAL, ATTENTION, URGENT, CRITICAL or UNKNOWN).`;

export function createOpenAiNarrator(options: {
  apiKey: string;
  baseUrl?: string | undefined;
  model: string;
  timeoutMs?: number;
}): Narrator {
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    timeout: options.timeoutMs ?? NARRATIVE_TIMEOUT_MS,
    maxRetries: 0,
  });
  return {
    model: options.model,
    async narrate(rules) {
      // Only the numbers go to the model: no name, no id, nothing that identifies the patient.
      const facts = {
        vitalSigns: rules.vitalSigns,
        news2: rules.news2,
        predictedTrend: rules.predictedTrend,
        trend: rules.trend?.explanation,
        rulesAlertLevel: rules.alertLevel,
        rulesAnalysis: rules.analysis,
        rulesRecommendations: rules.recommendations,
      };
      let content: string | null | undefined;
      try {
        const completion = await client.chat.completions.create({
          model: options.model,
          temperature: 0.2,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: JSON.stringify(facts) },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: {
              name: 'vitals_narrative',
              strict: true,
              schema: NARRATIVE_JSON_SCHEMA as Record<string, unknown>,
            },
          },
        });
        content = completion.choices[0]?.message?.content;
      } catch (error) {
        if (error instanceof OpenAI.AuthenticationError) throw new ApiKeyRejectedError();
        if (error instanceof OpenAI.APIConnectionTimeoutError) throw new NarrativeUnavailableError('timeout');
        throw new NarrativeUnavailableError('provider-error');
      }
      try {
        return Narrative.parse(JSON.parse(content ?? ''));
      } catch {
        throw new NarrativeUnavailableError('invalid-output');
      }
    },
  };
}

const STATUS_RANK: Record<VitalStatus, number> = {
  UNKNOWN: -1,
  NORMAL: 0,
  ATTENTION: 1,
  URGENT: 2,
  CRITICAL: 3,
};
const higherStatus = (rule: VitalStatus, model: VitalStatus): VitalStatus =>
  STATUS_RANK[model] > STATUS_RANK[rule] ? model : rule;

/** Combines the rules result and the model's narrative: text from the model, levels never below the rules. */
export function mergeNarrative(rules: AnalysisResult, narrative: Narrative): AnalysisResult {
  const vitalSigns = { ...rules.vitalSigns };
  for (const key of ['heartRate', 'oxygenLevel', 'bloodPressure', 'temperature'] as const) {
    vitalSigns[key] = {
      ...rules.vitalSigns[key],
      status: higherStatus(rules.vitalSigns[key].status, narrative.vitalSigns[key]),
    };
  }
  const recommendations = [...rules.recommendations];
  for (const r of narrative.recommendations) if (!recommendations.includes(r)) recommendations.push(r);
  return {
    ...rules,
    alertLevel: maxAlertLevel(rules.alertLevel, narrative.alertLevel),
    analysis: narrative.analysis,
    recommendations,
    vitalSigns,
    source: 'model',
  };
}
