export type CallbackResult =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'success'; message: string };

/**
 * Reads the wearable provider's redirect (spec point 2, "Authorization callback page"): an `error`
 * parameter wins, then a missing `code`; otherwise the authorization succeeded.
 */
export function readCallbackResult(search: string): CallbackResult {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (error !== null) return { status: 'error', message: `Authentication failed: ${error}` };
  if (!params.get('code')) {
    return { status: 'error', message: 'No authorization code provided. Please try again.' };
  }
  return { status: 'success', message: 'Authentication successful! You can now return to the application.' };
}
