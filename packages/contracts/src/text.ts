import { z } from 'zod';

/**
 * Control characters in request text (issue 8, finding 7). No field of a request may hold a C0
 * control character (NUL … US) or DEL: PostgreSQL refuses NUL in text, and a name, host or e-mail
 * field has no use for tabs or line breaks. Multi-line text (a textarea such as an e-mail's body)
 * keeps tabs and line breaks (TAB, LF, CR) and refuses the rest.
 *
 * The API checks every request part its routes validate (body, query, path, headers) after the
 * route's schema has parsed it (`refuseControlCharacters`), so a new field is covered without doing
 * anything; a schema marks a field multi-line with `multilineText`.
 */
export const CONTROL_CHARACTER_TEXT =
  'This field must not contain control characters such as tabs or line breaks.';
export const MULTILINE_CONTROL_CHARACTER_TEXT = 'This field must not contain control characters.';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const MULTILINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const multiline = z.registry();

/** Marks a string schema as multi-line text: tabs and line breaks pass, other control characters do not. */
export function multilineText<S extends z.ZodType>(schema: S): S {
  multiline.add(schema);
  return schema;
}

/**
 * The schema, refusing control characters in every string it parses (see above). The API wraps
 * every route schema in it; forms the server reads by hand (multipart) use it directly.
 */
export function refuseControlCharacters<S extends z.ZodType>(schema: S): S {
  return schema.superRefine((value, ctx) => addIssues(ctx, value, controlCharacterIssues(schema, value)));
}

/** A refinement refusing control characters in every string of the value, all taken as single-line. */
export function noControlCharacters(value: unknown, ctx: z.RefinementCtx): void {
  addIssues(ctx, value, controlCharacterIssues(undefined, value));
}

function addIssues(ctx: z.RefinementCtx, input: unknown, issues: TextIssue[]) {
  for (const issue of issues)
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input });
}

/** True when `text` holds a control character not allowed in single-line (or multi-line) text. */
export function hasControlCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? MULTILINE_CONTROL : SINGLE_LINE_CONTROL).test(text);
}

export interface TextIssue {
  path: (string | number)[];
  message: string;
}

type Def = z.core.$ZodTypeDef & {
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
  catchall?: z.core.$ZodType;
  getter?: () => z.core.$ZodType;
};

/** The schema and the wrappers it sits in (optional, nullable, default, pipe …), outermost first. */
function chain(schema: z.core.$ZodType | undefined): z.core.$ZodType[] {
  const found: z.core.$ZodType[] = [];
  let current = schema;
  while (current && found.length < 20) {
    found.push(current);
    const def = current._zod.def as Def;
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe')
      // The parsed value has the output's shape, unless the output is a transform (then the input's).
      current = def.out && (def.out._zod.def as Def).type !== 'transform' ? def.out : def.in;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else break;
  }
  return found;
}

function childSchema(schema: z.core.$ZodType | undefined, key: string | number): z.core.$ZodType | undefined {
  for (const s of chain(schema)) {
    const def = s._zod.def as Def;
    if (def.type === 'object') return def.shape?.[key] ?? def.catchall;
    if (def.type === 'array') return def.element;
    if (def.type === 'record') return def.valueType;
  }
  return undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * Every string in `value` (a request part as its schema parsed it) that holds a control character
 * it may not hold, with its path; keys of records are checked as single-line text.
 */
export function controlCharacterIssues(schema: z.core.$ZodType | undefined, value: unknown): TextIssue[] {
  // Almost every request holds no control character at all: one scan without schema lookups, paths
  // or allocations answers that. Multi-line text refuses a subset of what single-line text refuses,
  // so a value with no single-line control character anywhere has no issue whatever its schema.
  if (!holdsControlCharacter(value, 0)) return [];
  const issues: TextIssue[] = [];
  walk(schema, value, [], issues);
  return issues;
}

/** True when any string or key in `value` holds a C0 control character or DEL. */
function holdsControlCharacter(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return SINGLE_LINE_CONTROL.test(value);
  // Deeper than any request part nests: let the full walk decide.
  if (depth > 64) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsControlCharacter(item, depth + 1)) return true;
  } else if (isPlainObject(value)) {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (SINGLE_LINE_CONTROL.test(key) || holdsControlCharacter(value[key], depth + 1)) return true;
    }
  }
  return false;
}

function walk(
  s: z.core.$ZodType | undefined,
  v: unknown,
  path: (string | number)[],
  issues: TextIssue[],
): void {
  if (typeof v === 'string') {
    const allowsLines = chain(s).some((link) => multiline.has(link));
    if (hasControlCharacters(v, { multiline: allowsLines }))
      issues.push({
        path,
        message: allowsLines ? MULTILINE_CONTROL_CHARACTER_TEXT : CONTROL_CHARACTER_TEXT,
      });
  } else if (Array.isArray(v)) {
    for (const [i, item] of v.entries()) walk(childSchema(s, i), item, [...path, i], issues);
  } else if (isPlainObject(v)) {
    for (const [key, item] of Object.entries(v)) {
      if (hasControlCharacters(key)) issues.push({ path: [...path, key], message: CONTROL_CHARACTER_TEXT });
      else walk(childSchema(s, key), item, [...path, key], issues);
    }
  }
}

/**
 * Typed digits as a whole number (a port, a count of months or leads), or NaN when the text is not
 * 1 to `maxDigits` digits, so the field's own schema then refuses it with its text. Never money:
 * amounts are read by money.ts.
 */
export function wholeNumberOf(text: string, maxDigits: number): number {
  const trimmed = text.trim();
  return new RegExp(`^\\d{1,${maxDigits}}$`).test(trimmed) ? Number.parseInt(trimmed, 10) : Number.NaN;
}
