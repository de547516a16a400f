import {
  type AnalysisResult,
  buildAnalysis,
  news2Trend,
  type Spo2Scale,
  type TrendReading,
  type VitalsAnalysisInput,
  valuesThatCount,
  vitalsFromPatient,
} from '@vigil/domain';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { storedNews2 } from '../patients/mappers.ts';
import type { PatientService } from '../patients/service.ts';
import type { ReadingService } from '../readings/service.ts';
import { ApiKeyRejectedError, mergeNarrative, type Narrative, type Narrator } from './narrator.ts';

/** NEWS2 trend window (hours of readings considered). */
const TREND_WINDOW_HOURS = 6;
/** At most this many patients' narratives are kept (least recently used evicted). */
const NARRATIVE_CACHE_SIZE = 1000;

export const AI_KEY_REJECTED_CODE = 'AI_API_KEY_REJECTED';
/**
 * A patient's rule-based analysis is reused for this long unless one of the patient's live events
 * (a reading, a change) comes first: a record open on several screens, refetched on each event,
 * reads up to 2,000 readings and scores each for its trend once, not once per screen.
 */
const RECENT_ANALYSIS_MS = 1000;
const RECENT_ANALYSES_KEPT = 1000;

export function createAnalysisService(deps: {
  patients: Pick<PatientService, 'assertExists'>;
  readings: Pick<ReadingService, 'withHistory'>;
  clock: Clock;
  narrator: Narrator | null;
}) {
  const { patients, readings, clock, narrator } = deps;
  // Narrative per patient, valid while the facts it was written from are unchanged: a dashboard of
  // fifty cards costs no model calls until someone's vitals change.
  const cache = new Map<string, { fingerprint: string; narrative: Narrative }>();
  const recent = new Map<number, { atMs: number; rules: AnalysisResult }>();
  /** Bumped by each of a patient's events: an analysis begun before one is not kept. */
  const versions = new Map<number, number>();

  async function rulesFor(id: number): Promise<AnalysisResult> {
    const hit = recent.get(id);
    if (hit && performance.now() - hit.atMs < RECENT_ANALYSIS_MS) return hit.rules;
    const version = versions.get(id) ?? 0;
    const now = clock.now();
    const { patient, history } = await withHistory(id, now);
    // The patient's own NEWS2, carried as the server holds it (decision 014), and the values it
    // scored: a value that may not count for this patient is not the patient's state here either.
    const news2 = storedNews2(patient);
    const vitals = vitalsFromPatient({
      ...valuesThatCount(patient, patient.sources, patient),
      spo2Scale: news2.spo2Scale,
    });
    const trend = trendOf(history, news2.spo2Scale, now);
    const rules = buildAnalysis({ ...vitals, news2, trend, now });
    if ((versions.get(id) ?? 0) === version) {
      if (recent.size >= RECENT_ANALYSES_KEPT) recent.clear();
      recent.set(id, { atMs: performance.now(), rules });
    }
    return rules;
  }

  /** The patient and its trend window of readings, in one query; 404 for an unknown patient. */
  async function withHistory(patientId: number, now: Date) {
    const from = new Date(now.getTime() - TREND_WINDOW_HOURS * 3_600_000);
    const found = await readings.withHistory(patientId, from, now);
    if (!found) await patients.assertExists(patientId); // throws the patients' own 404
    return found!;
  }
  const trendOf = (history: TrendReading[], spo2Scale: Spo2Scale, now: Date) =>
    news2Trend(history, now, { windowHours: TREND_WINDOW_HOURS, spo2Scale });

  async function withNarrative(cacheKey: string | null, rules: AnalysisResult): Promise<AnalysisResult> {
    if (!narrator) return rules;
    const fingerprint = JSON.stringify([
      rules.vitalSigns,
      rules.news2.scores,
      rules.news2.total,
      rules.predictedTrend,
    ]);
    const cached = cacheKey ? cache.get(cacheKey) : undefined;
    if (cached && cached.fingerprint === fingerprint) {
      cache.delete(cacheKey!); // refresh recency
      cache.set(cacheKey!, cached);
      return mergeNarrative(rules, cached.narrative);
    }
    try {
      const narrative = await narrator.narrate(rules);
      if (cacheKey) {
        cache.set(cacheKey, { fingerprint, narrative });
        if (cache.size > NARRATIVE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return mergeNarrative(rules, narrative);
    } catch (error) {
      if (error instanceof ApiKeyRejectedError) {
        // The spec's client shows a configuration error for a message containing "API key"; the
        // rule-based result travels with it so the NEWS2 score is never hidden.
        throw new AppError(502, AI_KEY_REJECTED_CODE, error.message, {}, { fallback: rules });
      }
      const reason = error instanceof Error ? error.message : 'The AI narrative is unavailable';
      const notice = `${reason}; showing the rule-based NEWS2 analysis.`;
      return { ...rules, notice: rules.notice ? `${rules.notice} ${notice}` : notice };
    }
  }

  return {
    async analyzePatient(id: number): Promise<AnalysisResult> {
      return withNarrative(`patient:${id}`, await rulesFor(id));
    },

    /** One of the patient's live events (here or on another instance): analyse afresh. */
    patientChanged(id: number) {
      versions.set(id, (versions.get(id) ?? 0) + 1);
      recent.delete(id);
    },

    async analyzeVitals(input: VitalsAnalysisInput): Promise<AnalysisResult> {
      const now = clock.now();
      let spo2Scale: Spo2Scale = input.spo2Scale ?? 1;
      let trend = null;
      if (input.patientId !== undefined) {
        const { patient, history } = await withHistory(input.patientId, now);
        spo2Scale = input.spo2Scale ?? (patient.spo2Scale === 2 ? 2 : 1);
        trend = trendOf(history, spo2Scale, now);
      }
      const rules = buildAnalysis({ ...input, spo2Scale, trend, now });
      return withNarrative(input.patientId !== undefined ? `vitals:${input.patientId}` : null, rules);
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
