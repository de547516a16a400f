import { HttpError } from '@/lib/api-client.ts';

/** The server's human message when it sent one ("Note must not be empty"), else the error's own text. */
export function describeError(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/** The first message per top-level field of a failed zod parse, for inline field errors. */
export function firstIssueByField(
  issues: readonly { path: PropertyKey[]; message: string }[],
): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    byField[field] ??= issue.message;
  }
  return byField;
}
