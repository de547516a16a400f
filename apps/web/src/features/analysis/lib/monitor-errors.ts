import { InvalidAnalysisError } from './analysis-service.ts';

export const VITALS_PARSE_ERROR = 'Failed to parse vital signs analysis data';
export const VITALS_DEFAULT_ERROR = 'Failed to analyze vital signs';
export const API_KEY_CONFIG_ERROR = 'OpenAI API configuration error. Please contact system administrator.';

/** The monitor card's message for a failed analysis (spec point 8, "Monitor card analysis"). */
export function vitalsAnalysisErrorMessage(error: unknown): string {
  if (error instanceof InvalidAnalysisError) return VITALS_PARSE_ERROR;
  const message = error instanceof Error ? error.message : '';
  if (message.includes('API key')) return API_KEY_CONFIG_ERROR;
  return message || VITALS_DEFAULT_ERROR;
}
