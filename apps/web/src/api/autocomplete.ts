import type { HttpClient } from './http';

/**
 * `GET /{category}/autocomplete/{searchtext}` (spec 1 §7.1): suggestions for a text field. The answer's
 * shape is not specified; an array is passed on, anything else (or a failure) gives no suggestions.
 * Use with components/autocomplete/use-autocomplete (3 characters, 300 ms).
 */
export async function fetchAutocomplete(
  http: HttpClient,
  category: string,
  text: string,
  signal?: AbortSignal,
): Promise<unknown[]> {
  const answer = await http.request({
    path: `/${encodeURIComponent(category)}/autocomplete/${encodeURIComponent(text)}`,
    signal,
  });
  return Array.isArray(answer) ? answer : [];
}
