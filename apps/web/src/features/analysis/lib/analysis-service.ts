import {
  type AnalysisResult,
  buildAnalysis,
  NUMERIC_VITAL_SIGNS,
  type Patient,
  vitalsFromPatient,
} from '@vigil/domain';
import { HttpError } from '@/lib/api-client.ts';

/**
 * The dashboard's analysis service (spec point 8, "Analysis"). The server's NEWS2 analysis is the
 * answer; when it cannot be had, the same domain rules run here on the patient's last known vitals
 * (never a canned "all normal"), and only with no vitals at all do the spec's fixed texts apply.
 */

export const DEFAULT_ANALYSIS_ERROR = 'Failed to analyze patient data';
export const INVALID_ANALYSIS_DATA = 'Received invalid data from server. Please try again.';

/** Where a shown analysis came from: the server, this device's rules, or the spec's fixed texts. */
export type AnalysisOrigin = 'server' | 'local' | 'fallback';

export interface ClientAnalysis extends AnalysisResult {
  origin: AnalysisOrigin;
  /** Why the server's answer is not shown (the spec's messages), when it is not. */
  error?: string;
}

/** The message the spec's service gives a failure: the server's error field or body text, else the default. */
export function analysisErrorMessage(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage ?? (error.body.trim() || DEFAULT_ANALYSIS_ERROR);
  if (error instanceof Error && error.message) return error.message;
  return DEFAULT_ANALYSIS_ERROR;
}

/** The rules result a 502 "API key rejected" answer carries, so the NEWS2 level is never lost. */
export function fallbackFromError(error: unknown): AnalysisResult | null {
  if (!(error instanceof HttpError)) return null;
  try {
    const parsed = JSON.parse(error.body) as { fallback?: AnalysisResult };
    return parsed.fallback ?? null;
  } catch {
    return null;
  }
}

type PatientLike = Pick<Patient, 'condition'> & Partial<Patient>;

function hasVitals(p: PatientLike): boolean {
  return NUMERIC_VITAL_SIGNS.some((v) => typeof p[v.patientField] === 'number');
}

/** The spec's fixed fallback texts, for a patient with no vitals at all. Vitals are UNKNOWN, never NORMAL. */
export function fixedFallback(patient: PatientLike, now: Date): AnalysisResult {
  const base = buildAnalysis({ now });
  const critical = patient.condition === 'Critical';
  return {
    ...base,
    alertLevel: critical ? 'CRITICAL' : 'NORMAL',
    predictedTrend: critical ? 'DECLINING' : 'STABLE',
    analysis: critical
      ? 'Patient is in critical condition and requires immediate attention.'
      : 'Analysis temporarily unavailable. Using standard monitoring protocols.',
    recommendations: critical
      ? ['Contact medical team immediately', 'Prepare for intervention']
      : ['Continue standard monitoring', 'Refresh for updated analysis'],
  };
}

/**
 * Never throws: returns the server's analysis, or the best local substitute with `error` saying why.
 * `request` performs the call (GET /api/patients/{id}/analysis) and resolves to the parsed JSON.
 */
export async function analyzePatient(
  patient: PatientLike,
  request: () => Promise<unknown>,
  parse: (data: unknown) => AnalysisResult,
  now: () => Date = () => new Date(),
): Promise<ClientAnalysis> {
  let error: string;
  try {
    const data = await request();
    try {
      return { ...parse(data), origin: 'server' };
    } catch {
      error = INVALID_ANALYSIS_DATA;
    }
  } catch (failure) {
    error = analysisErrorMessage(failure);
    const serverRules = fallbackFromError(failure);
    if (serverRules) return { ...serverRules, origin: 'server', error };
  }
  if (hasVitals(patient)) {
    const local = buildAnalysis({ ...vitalsFromPatient(patient), now: now() });
    const notice = 'Computed on this device from the last known vitals: the server analysis is unavailable.';
    return { ...local, notice: local.notice ? `${notice} ${local.notice}` : notice, origin: 'local', error };
  }
  return { ...fixedFallback(patient, now()), origin: 'fallback', error };
}
