import { AnalysisResult, type VitalsAnalysisInput } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';

export const VITALS_PARSE_ERROR = 'Failed to parse vital signs analysis data';
export const VITALS_DEFAULT_ERROR = 'Failed to analyze vital signs';
export const API_KEY_CONFIG_ERROR = 'OpenAI API configuration error. Please contact system administrator.';

/** The monitor card's message for a failed analysis (spec point 8, "Monitor card analysis"). */
export function vitalsAnalysisErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (message.includes('API key')) return API_KEY_CONFIG_ERROR;
  return message || VITALS_DEFAULT_ERROR;
}

/** POST /api/vitals/analysis: NEWS2 analysis of a set of vitals that is not stored (a device reading). */
export async function analyzeVitals(
  input: VitalsAnalysisInput,
  signal?: AbortSignal,
): Promise<AnalysisResult> {
  const res = await apiRequest('POST', '/api/vitals/analysis', input, { signal });
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    throw new Error(VITALS_PARSE_ERROR);
  }
  const parsed = AnalysisResult.safeParse(data);
  if (!parsed.success) throw new Error(VITALS_PARSE_ERROR);
  return parsed.data;
}
