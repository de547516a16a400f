import { HttpError } from './api-client.ts';

/** The server's human message when it sent one ("Note must not be empty"), else the error's own text. */
export function describeError(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/**
 * The spec's error text (point 8, "General"): "status: body" for an HTTP error ("404: Treatment not
 * found"), else the error's own message (a network failure says so).
 */
export function statusErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return describeError(error);
}
