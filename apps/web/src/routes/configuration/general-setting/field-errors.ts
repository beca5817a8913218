/** Anything with zod's `safeParse`, without the web app importing zod itself. */
interface Checkable {
  safeParse(
    input: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * The first message per top-level field of a contracts schema, so the form shows the texts the server
 * would answer with. A problem with the whole value lands under `form`.
 */
export function fieldErrors(schema: Checkable, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The first message of a single-value schema, or null when the value passes. */
export function firstError(schema: Checkable, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
