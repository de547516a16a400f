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
