import { request as undiciRequest } from 'undici';

/*
 * One HTTP exchange with a service's API, for the providers' real adapters (GoHighLevel, ClickFunnels,
 * Mailbox Power): undici with a deadline on the whole exchange, the answer's status, headers and text,
 * or why there was none. The addresses are deployment settings (or built from them), never a
 * customer's free input, so no outbound guard stands in front of them.
 */

export type Exchanged =
  | { ok: true; status: number; headers: Headers; text: string }
  | { ok: false; message: string };

export async function exchange(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<Exchanged> {
  try {
    const res = await undiciRequest(url, {
      method: init.method as 'GET',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const text = await res.body.text();
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
        headers.append(name, v);
    return { ok: true, status: res.statusCode, headers, text };
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return {
      ok: false,
      message: timedOut
        ? `it did not answer within ${timeoutMs / 1000} s`
        : err instanceof Error
          ? err.message
          : String(err),
    };
  }
}

/** A JSON body, or its first 200 characters as a message when it is not JSON (an HTML error page). */
export const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return { message: text.slice(0, 200) };
  }
};

/** A call to a service's API, as a provider's core makes it (the real API or its sandbox answers). */
export interface ServiceCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under the API base, with its query string. */
  path: string;
  body?: unknown;
  /** The delivery's key, for services that honour one. */
  idempotencyKey?: string;
}

/** A service's answer: the status (0 when there was none) and the parsed JSON body. */
export interface ServiceAnswer {
  status: number;
  body: unknown;
  /** Why there was no answer (status 0). */
  message?: string;
}

/** Sends a JSON call and answers it as a `ServiceAnswer` (status 0 with the reason when none came). */
export async function sendJson(
  url: string,
  call: ServiceCall,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<ServiceAnswer> {
  const all: Record<string, string> = { accept: 'application/json', ...headers };
  if (call.body !== undefined) all['content-type'] = 'application/json';
  const got = await exchange(
    url,
    {
      method: call.method,
      headers: all,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    },
    timeoutMs,
  );
  if (!got.ok) return { status: 0, body: null, message: got.message };
  return { status: got.status, body: parseJson(got.text) };
}

/** 2xx: the service did it. */
export const succeeded = (answer: ServiceAnswer) => answer.status >= 200 && answer.status < 300;

/**
 * Whether another attempt may succeed: no answer, 429 (rate limited) and 5xx are retried on the
 * engine's schedule; any other refusal (400, 401, 403, 404, 422) is the same on every attempt.
 */
export const retryable = (status: number) => status === 0 || status === 429 || status >= 500;

/**
 * No answer, or a rate limit: the same for every service, and tried again on the engine's schedule.
 * Null for any other answer (the caller reads the service's own refusal).
 */
export function notNowFailure(
  answer: ServiceAnswer,
  service: string,
): { status: number; permanent: false; error: string } | null {
  if (answer.status === 0)
    return {
      status: 0,
      permanent: false,
      error: `${service} did not answer: ${answer.message ?? 'no answer'}`,
    };
  if (answer.status === 429)
    return {
      status: 429,
      permanent: false,
      error: `${service} is rate limiting: the lead is sent again later.`,
    };
  return null;
}

/**
 * The service's own words in an error body: `message`, `error` or `msg` (a string or a list), or
 * Rails-style `errors` (`{ field: ["is invalid"] }` or a list); else "answered HTTP n".
 */
export function serviceMessage(body: unknown, status: number, service: string): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const m of [b.message, b.error, b.msg, b.errors]) {
      if (typeof m === 'string' && m) return m.slice(0, 500);
      if (Array.isArray(m) && m.length > 0) return m.map(String).join('; ').slice(0, 500);
      if (m && typeof m === 'object') {
        const inner = m as Record<string, unknown>;
        if (typeof inner.message === 'string' && inner.message) return inner.message.slice(0, 500);
        const parts = Object.entries(inner).map(
          ([field, v]) => `${field} ${Array.isArray(v) ? v.map(String).join(', ') : String(v)}`,
        );
        if (parts.length > 0) return parts.join('; ').slice(0, 500);
      }
    }
  }
  return `${service} answered HTTP ${status}.`;
}
