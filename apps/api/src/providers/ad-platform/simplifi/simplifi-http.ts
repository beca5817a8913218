import { FormData, request } from 'undici';
import { AdPlatformError } from '../ad-platform.js';

/*
 * One exchange with Simpli.fi's REST API (decision 0112; https://app.simpli.fi/apidocs): every call
 * carries the application's key and the acting user's key (`X-App-Key`, `X-User-Key`), JSON both
 * ways except file uploads (multipart) and downloads (CSV). Its answers mean (the docs' "HTTP
 * Responses"): 2xx done; 404 no such object; 422 refused with a collection of errors — both
 * `AdPlatformError`s, the same on every attempt; 401 keys not valid; 429 over the 300 requests a
 * minute; 5xx or no answer an outage. Those last three are thrown as plain errors: the caller's
 * retry (the mirror's back-off, a job's retries) tries again later.
 */

export interface SimplifiConfig {
  /** e.g. https://app.simpli.fi/api (a local fake in tests). */
  baseUrl: string;
  appKey: string;
  userKey: string;
  /** Per call, answer included (default 20 s). */
  timeoutMs?: number;
}

export const SIMPLIFI_DEFAULT_BASE_URL = 'https://app.simpli.fi/api';

export type SimplifiBody =
  | { json: unknown }
  | { form: Record<string, string | { bytes: Buffer; contentType: string; fileName: string }> };

export interface SimplifiAnswer {
  status: number;
  /** Parsed JSON, or the raw text when the answer is not JSON (a CSV download). */
  body: unknown;
  text: string;
}

export interface SimplifiHttp {
  /** Any answer but a refusal or an outage; 404 comes back as `status: 404` for reads to say "none". */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: SimplifiBody): Promise<SimplifiAnswer>;
}

/** Simpli.fi's own words for a 422: `{ errors: [...] }` with strings or `{ message }` objects. */
export function refusalText(body: unknown): string {
  const errors = (body as { errors?: unknown })?.errors;
  const list = Array.isArray(errors)
    ? errors
    : errors && typeof errors === 'object'
      ? Object.entries(errors)
      : [];
  const texts = list
    .map((e) =>
      typeof e === 'string'
        ? e
        : Array.isArray(e)
          ? `${e[0]} ${[e[1]].flat().join(', ')}`
          : typeof (e as { message?: unknown })?.message === 'string'
            ? (e as { message: string }).message
            : '',
    )
    .filter((t) => t !== '');
  return texts.length > 0 ? texts.join('; ') : 'Simpli.fi refused the request.';
}

export function createSimplifiHttp(config: SimplifiConfig): SimplifiHttp {
  const base = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 20_000;
  const keys = { 'x-app-key': config.appKey, 'x-user-key': config.userKey, accept: 'application/json' };

  return {
    async call(method, path, body) {
      const headers: Record<string, string> = { ...keys };
      let payload: string | FormData | undefined;
      if (body && 'json' in body) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body.json);
      } else if (body && 'form' in body) {
        const form = new FormData();
        for (const [name, value] of Object.entries(body.form))
          if (typeof value === 'string') form.append(name, value);
          else
            form.append(
              name,
              new Blob([new Uint8Array(value.bytes)], { type: value.contentType }),
              value.fileName,
            );
        payload = form;
      }
      let status: number;
      let text: string;
      try {
        const res = await request(`${base}${path}`, {
          method,
          headers,
          body: payload,
          signal: AbortSignal.timeout(timeoutMs),
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        status = res.statusCode;
        text = await res.body.text();
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        throw new Error(
          `Simpli.fi did not answer ${method} ${path}: ${timedOut ? `no answer within ${timeoutMs / 1000} s` : String(err)}`,
        );
      }
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // a CSV download, or an error page
      }
      if (status >= 200 && status < 300) return { status, body: parsed, text };
      if (status === 404) return { status, body: parsed, text };
      if (status === 422 || status === 400) throw new AdPlatformError('invalid_request', refusalText(parsed));
      if (status === 401 || status === 403)
        throw new Error(
          `Simpli.fi refused the API keys (${status}) for ${method} ${path}: check SIMPLIFI_APP_KEY and SIMPLIFI_USER_KEY`,
        );
      if (status === 429)
        throw new Error(`Simpli.fi rate limit reached (429) on ${method} ${path}; try again later`);
      throw new Error(`Simpli.fi failed (${status}) on ${method} ${path}: ${text.slice(0, 200)}`);
    },
  };
}

/** The first object of a Simpli.fi answer's named list (`{ campaigns: [ {...} ] }`). */
export function firstOf<T>(answer: SimplifiAnswer, list: string): T {
  const items = (answer.body as Record<string, unknown> | null)?.[list];
  const first = Array.isArray(items) ? items[0] : undefined;
  if (!first || typeof first !== 'object') throw new Error(`Simpli.fi answered without ${list}`);
  return first as T;
}

/** The objects of a Simpli.fi answer's named list, and whether another page follows. */
export function pageOf<T>(answer: SimplifiAnswer, list: string): { items: T[]; more: boolean } {
  const body = answer.body as Record<string, unknown> | null;
  const items = Array.isArray(body?.[list]) ? (body?.[list] as T[]) : [];
  const paging = body?.paging as { page?: number; size?: number; total?: number; next?: string } | undefined;
  const more =
    paging !== undefined &&
    (typeof paging.next === 'string' ||
      (typeof paging.page === 'number' &&
        typeof paging.size === 'number' &&
        typeof paging.total === 'number' &&
        paging.page * paging.size < paging.total));
  return { items, more };
}

/** Every page of a listing, in order (at most `maxPages`, a guard against a listing that never ends). */
export async function allPages<T>(
  http: SimplifiHttp,
  path: string,
  list: string,
  maxPages = 200,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const answer = await http.call('GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}`);
    if (answer.status === 404) return all;
    const { items, more } = pageOf<T>(answer, list);
    all.push(...items);
    if (!more) return all;
  }
  throw new Error(`Simpli.fi listing ${path} has more than ${maxPages} pages`);
}
