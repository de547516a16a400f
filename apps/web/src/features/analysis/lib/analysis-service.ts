import type { AnalysisResult } from '@vigil/domain';
import { HttpError } from '@/lib/api-client.ts';

/**
 * The record's analysis (spec point 8, "Analysis"): the server's NEWS2 analysis, computed from the
 * values that count, is the answer. The web never scores NEWS2 itself: without the server's answer
 * the record says why and shows the NEWS2 the patient carries (the server's as well).
 */

export const DEFAULT_ANALYSIS_ERROR = 'Failed to analyze patient data';
export const INVALID_ANALYSIS_DATA = 'Received invalid data from server. Please try again.';

/** A success answer that is not an analysis (spec point 8: "an unparseable success body"). */
export class InvalidAnalysisError extends Error {
  constructor() {
    super(INVALID_ANALYSIS_DATA);
    this.name = 'InvalidAnalysisError';
  }
}

export interface PatientAnalysis extends AnalysisResult {
  /** Set when the server answered with its rules' result only, saying why (an AI narrator failure). */
  error?: string;
}

/** The message the spec's service gives a failure: the server's error field or body text, else the default. */
export function analysisErrorMessage(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage ?? (error.body.trim() || DEFAULT_ANALYSIS_ERROR);
  if (error instanceof Error && error.message) return error.message;
  return DEFAULT_ANALYSIS_ERROR;
}

/** The rules result a 502 "API key rejected" answer carries, so the NEWS2 level is never lost. */
export function fallbackFromError(
  error: unknown,
  parse: (data: unknown) => AnalysisResult,
): AnalysisResult | null {
  if (!(error instanceof HttpError)) return null;
  try {
    const { fallback } = JSON.parse(error.body) as { fallback?: unknown };
    return fallback === undefined ? null : parse(fallback);
  } catch {
    return null;
  }
}

/**
 * The server's analysis of a patient: its answer, or the rules result it attached to a failed AI
 * narrative (with `error` saying why). Anything else rejects with the spec's message.
 * `request` performs the call (GET /api/patients/{id}/analysis) and resolves to the parsed JSON.
 */
export async function analyzePatient(
  request: () => Promise<unknown>,
  parse: (data: unknown) => AnalysisResult,
): Promise<PatientAnalysis> {
  let data: unknown;
  try {
    data = await request();
  } catch (failure) {
    const rules = fallbackFromError(failure, parse);
    if (rules) return { ...rules, error: analysisErrorMessage(failure) };
    throw new Error(analysisErrorMessage(failure));
  }
  try {
    return parse(data);
  } catch {
    throw new InvalidAnalysisError();
  }
}
