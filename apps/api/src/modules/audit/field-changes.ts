/**
 * What an edit changed, for its user-log entry: only the fields whose values differ, as
 * before → after, with secrets masked. Every writer of an edit (user management, the profile,
 * settings) describes its change through this one helper, so "changed only the name" logs only
 * the name.
 */
export interface FieldChange {
  /** The name readers see ("name", "phone", "white labeling"). */
  field: string;
  before: unknown;
  after: unknown;
  /** A password, token or key: the log says that it changed, never what it is. */
  secret: boolean;
}

/** Field names whose values are never written to a log, whatever the caller declares. */
const SECRET_NAME = /pass(word)?|secret|token|api_?key|private_?key|hash/i;

export interface FieldChangeOptions {
  /** Readable names for stored field names; a field without one shows its own name. */
  labels?: Readonly<Record<string, string>>;
  /** More fields to mask beyond those named like a password, token or key. */
  secrets?: readonly string[];
}

/** A value in a form that compares equal when it means the same: empty is empty, dates by instant. */
function comparable(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return JSON.stringify(value.map(comparable));
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, comparable(v)]);
    return JSON.stringify(entries);
  }
  return `${typeof value}:${String(value)}`;
}

/**
 * The fields of `after` that differ from `before`. A field absent from `after` (undefined) was not
 * part of the edit and is skipped; null and '' both mean empty.
 */
export function fieldChanges(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  options: FieldChangeOptions = {},
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (comparable(before[key]) === comparable(value)) continue;
    changes.push({
      field: options.labels?.[key] ?? key,
      before: before[key],
      after: value,
      secret: SECRET_NAME.test(key) || (options.secrets?.includes(key) ?? false),
    });
  }
  return changes;
}

const MAX_VALUE = 80;

/** One value as the log shows it: quoted text, yes/no, (empty), lists joined. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  const text = Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : `"${String(value)}"`;
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** `name "Ann" → "Anne"; password changed`, or '' when nothing changed. */
export function describeChanges(changes: readonly FieldChange[]): string {
  return changes
    .map((c) => {
      if (!c.secret) return `${c.field} ${showValue(c.before)} → ${showValue(c.after)}`;
      const had = comparable(c.before) !== '';
      const has = comparable(c.after) !== '';
      return `${c.field} ${!had ? 'set' : has ? 'changed' : 'removed'}`;
    })
    .join('; ');
}

/** A log description: `<what>: <changes>`, or `<what>: no changes` for a save that changed nothing. */
export function changeDescription(what: string, changes: readonly FieldChange[]): string {
  return `${what}: ${describeChanges(changes) || 'no changes'}`;
}
