import { CALLBACK_ERROR_HINTS, knownCallbackError } from '@vigil/domain';

export type CallbackResult =
  | { status: 'loading' }
  | { status: 'error'; message: string; patientId: number | null; hint?: string }
  | { status: 'success'; message: string; patientId: number | null };

/** Spec texts of the callback page (point 2, "Authorization callback page"). */
export const CALLBACK_MESSAGES = {
  success: 'Authentication successful! You can now return to the application.',
  noCode: 'No authorization code provided. Please try again.',
  failed: (error: string) => `Authentication failed: ${error}`,
} as const;

function readPatientId(params: URLSearchParams): number | null {
  const text = params.get('patientId') ?? '';
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/**
 * Reads the outcome the browser arrived with (an unknown error code reads as `authorization_failed`),
 * as the spec's page does (point 2): an `error` wins; then the spec's success text for a `code` (the
 * provider's answer, read by the spec's rule) or for the server's own `outcome=connected` (Vigil's
 * callback route exchanges WHOOP's code itself and sends the browser here with it); with neither,
 * the spec's "no code" error. The page makes no call and shows no code.
 */
export function readCallbackResult(search: string): CallbackResult {
  const params = new URLSearchParams(search);
  const patientId = readPatientId(params);
  const given = params.get('error');
  if (given !== null) {
    // Only a code the page knows is shown: the address can be written by anyone.
    const error = knownCallbackError(given);
    const hint = Object.hasOwn(CALLBACK_ERROR_HINTS, error) ? CALLBACK_ERROR_HINTS[error] : undefined;
    return {
      status: 'error',
      message: CALLBACK_MESSAGES.failed(error),
      patientId,
      ...(hint ? { hint } : {}),
    };
  }
  if (params.get('outcome') === 'connected' || (params.get('code') ?? '').trim() !== '') {
    return { status: 'success', message: CALLBACK_MESSAGES.success, patientId };
  }
  return { status: 'error', message: CALLBACK_MESSAGES.noCode, patientId };
}
