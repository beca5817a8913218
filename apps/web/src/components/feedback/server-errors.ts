import { ApiRequestError, failureMessage } from '../../api/http';

/** Where a failed save's texts go: under inputs, and the rest as the form's message. */
export interface PlacedServerErrors<F extends string> {
  /** The server's field texts, each under the input it names (the first text of an input wins). */
  fields: Partial<Record<F, string>>;
  /** What the form shows above its buttons; null when every text found its input. */
  message: string | null;
}

/**
 * The one reading of a failed call's `{ error: { code, message, fields? } }` for every form.
 *
 * `fieldOf` maps the server's field names to the form's inputs. A name is looked up whole, then
 * without its leading path segments, so `comsetval.host` (the value inside a settings body) or
 * `cost.enhance.Costperlead` find `host` / `Costperlead`, and then by its head, so a list's item
 * (`selectedterms.0.term`) lands under the list's input. A form lists its inputs once with
 * `inputsNamed`; aliases cover inputs the server names differently.
 *
 * The message is the server's message (or the generic one) when no field text was given; when some
 * field texts name nothing the form shows, those texts; null when everything landed beside a field.
 * A save that fails therefore always shows something — never nothing.
 */
export function placeServerErrors<F extends string>(
  error: unknown,
  fieldOf: Readonly<Record<string, F>>,
  messageOf: (error: unknown) => string = failureMessage,
): PlacedServerErrors<F> {
  const serverFields = error instanceof ApiRequestError ? error.fields : undefined;
  const entries = Object.entries(serverFields ?? {});
  if (entries.length === 0) return { fields: {}, message: messageOf(error) };

  const fields: Partial<Record<F, string>> = {};
  const unplaced: string[] = [];
  for (const [name, text] of entries) {
    const input = inputOf(name, fieldOf);
    if (input) fields[input] ??= text;
    else if (!unplaced.includes(text)) unplaced.push(text);
  }
  return { fields, message: unplaced.length > 0 ? unplaced.join(' ') : null };
}

/** `{ name: name }` for each input, plus aliases (server name → input). */
export function inputsNamed<F extends string>(
  names: readonly F[],
  aliases: Readonly<Record<string, F>> = {},
): Readonly<Record<string, F>> {
  const map: Record<string, F> = {};
  for (const name of names) map[name] = name;
  return { ...map, ...aliases };
}

/**
 * The input a server field name belongs to: the whole name, then its tails (`comsetval.host` →
 * `host`), then its heads (`selectedterms.0.term` → `selectedterms`, a list's item under the list).
 */
export function inputOf<F extends string>(name: string, fieldOf: Readonly<Record<string, F>>): F | null {
  const segments = name.split(/\.|\[|\]\.?/).filter(Boolean);
  const candidates = [name];
  for (let start = 1; start < segments.length; start++) candidates.push(segments.slice(start).join('.'));
  for (let end = segments.length - 1; end > 0; end--) candidates.push(segments.slice(0, end).join('.'));
  for (const key of candidates) if (Object.hasOwn(fieldOf, key)) return fieldOf[key] ?? null;
  return null;
}
