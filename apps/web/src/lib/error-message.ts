import { ZodError } from 'zod';
import { HttpError } from './api-client.ts';

/**
 * An answer that does not match what the screen expects (a response schema's parse failed): one
 * sentence naming the first field that did not fit, not zod's JSON list of every issue.
 */
function unreadableAnswer(error: ZodError): string {
  const [first] = error.issues;
  const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
  const more = error.issues.length > 1 ? ` and ${error.issues.length - 1} more` : '';
  return `The server's answer could not be read (${where}${first?.message ?? 'unexpected shape'}${more}). Reload the page; if this persists, tell IT.`;
}

/**
 * The server's human message when it sent one ("Note must not be empty"), a sentence for an answer
 * the screen could not read, else the error's own text.
 */
export function describeError(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage ?? error.message;
  if (error instanceof ZodError) return unreadableAnswer(error);
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/**
 * The spec's error text (point 8, "General"): "status: body" for an HTTP error ("404: Treatment not
 * found"), else the error's own message (a network failure says so).
 */
export function statusErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message && !(error instanceof ZodError)) return error.message;
  return describeError(error);
}
