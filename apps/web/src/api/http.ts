import { apiErrorSchema, CLIENT_IP_HEADER, sealEnvelope, TIMEZONE_HEADER } from '@app/contracts';
import { type UploadProgress, xhrFetch } from './xhr-transport';

/** Spec 1 §8: what people see when the server gives no usable message. */
export const GENERIC_FAILURE_MESSAGE = 'Something went wrong. Please try again later.';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/** Every failed call surfaces as this, carrying the `{ error: { code, message, fields? } }` shape. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  /** Spec 1 §4: a call counts as unauthenticated on HTTP 401 or the message 'Unauthenticated.'. */
  get isUnauthenticated(): boolean {
    return this.status === 401 || this.code === 'unauthenticated' || this.message === 'Unauthenticated.';
  }
}

/**
 * What to show for a failed call: the server's message as is, else the generic one. A 429 whose body
 * carried no message still says what happened, since "something went wrong" invites an instant retry.
 */
export function failureMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return GENERIC_FAILURE_MESSAGE;
  if (error.status === 429 && error.message === GENERIC_FAILURE_MESSAGE) return TOO_MANY_ATTEMPTS_MESSAGE;
  return error.message || GENERIC_FAILURE_MESSAGE;
}

/** Anything with zod's `safeParse` (the contracts schemas), without the web app depending on zod itself. */
export interface ResponseSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface HttpRequest {
  method?: HttpMethod;
  /** Path below the API base, starting with '/', as the spec writes it (e.g. '/login'). */
  path: string;
  query?: Record<string, QueryValue>;
  /** JSON bodies are sealed into `{ dt }`; FormData goes as is (spec 1 §7). */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Sign-in style calls (login, code, refresh, logout, password reset) answer 401 for wrong
   * credentials, not for an expired session: they must not trigger the token refresh.
   */
  skipRefresh?: boolean;
  /** 'blob' for files (requestFile): a successful answer is read as bytes, errors as JSON. */
  responseType?: 'json' | 'blob';
  /** A FormData upload's progress (bytes sent, total): such a request goes over XHR (xhr-transport.ts). */
  onUploadProgress?: UploadProgress;
}

/**
 * Called when a request fails as unauthenticated. `retry` repeats the original request (reading the
 * token again), `retried` says whether this request was already repeated once, `sentToken` is the
 * access token the failed attempt carried (so a handler can tell a stale token from a rejected one).
 * app/session/token-refresh.ts plugs the single refresh with queued retries in here; without a
 * handler the error simply propagates.
 */
export type UnauthenticatedHandler = (context: {
  error: ApiRequestError;
  retry: () => Promise<unknown>;
  retried: boolean;
  sentToken: string | null;
}) => Promise<unknown>;

export interface HttpClientOptions {
  apiBase: string;
  /** Key of the `dt` envelope (from app-config's dtKey). */
  envelopeKey: CryptoKey;
  getAccessToken: () => string | null;
  getClientIp?: () => string | null;
  onUnauthenticated?: UnauthenticatedHandler;
  fetch?: typeof fetch;
  timeZone?: () => string;
}

export interface HttpClient {
  request<T = unknown>(request: HttpRequest, schema?: ResponseSchema<T>): Promise<T>;
  get<T = unknown>(path: string, schema?: ResponseSchema<T>, query?: HttpRequest['query']): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, schema?: ResponseSchema<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, schema?: ResponseSchema<T>): Promise<T>;
  /** A file (an export, a PDF): its bytes exactly as sent; an error answer still throws ApiRequestError. */
  requestFile(request: Omit<HttpRequest, 'responseType'>): Promise<Blob>;
}

export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function buildUrl(apiBase: string, path: string, query?: HttpRequest['query']): string {
  const base = apiBase.replace(/\/+$/, '');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${base}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeZone = options.timeZone ?? localTimeZone;

  // Headers and body are rebuilt on every attempt so a retry after a token refresh uses the new token.
  async function attempt(req: HttpRequest, token: string | null): Promise<unknown> {
    const method = req.method ?? 'GET';
    const headers = new Headers({ Accept: 'application/json', [TIMEZONE_HEADER]: timeZone() });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const clientIp = options.getClientIp?.();
    if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);

    let body: BodyInit | undefined;
    if (req.body instanceof FormData) {
      body = req.body; // the browser sets the multipart boundary itself
    } else if (req.body !== undefined && method !== 'GET') {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify({ dt: await sealEnvelope(options.envelopeKey, req.body) });
    }

    let response: Response;
    try {
      const send =
        req.onUploadProgress && body instanceof FormData ? xhrFetch(req.onUploadProgress) : doFetch;
      response = await send(buildUrl(options.apiBase, req.path, req.query), {
        method,
        headers,
        body,
        signal: req.signal,
      });
    } catch (cause) {
      if (req.signal?.aborted) throw cause;
      throw new ApiRequestError(0, 'network_error', GENERIC_FAILURE_MESSAGE);
    }
    if (req.responseType === 'blob' && response.ok) return response.blob();
    const payload = await readPayload(response);
    if (!response.ok) throw toApiError(response.status, payload);
    return payload;
  }

  async function run(req: HttpRequest, retried: boolean): Promise<unknown> {
    const sentToken = options.getAccessToken();
    try {
      return await attempt(req, sentToken);
    } catch (error) {
      const handler = options.onUnauthenticated;
      if (error instanceof ApiRequestError && error.isUnauthenticated && handler && !req.skipRefresh) {
        return handler({ error, retried, sentToken, retry: () => run(req, true) });
      }
      throw error;
    }
  }

  async function request<T>(req: HttpRequest, schema?: ResponseSchema<T>): Promise<T> {
    const payload = await run(req, false);
    if (!schema) return payload as T;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new ApiRequestError(200, 'invalid_response', GENERIC_FAILURE_MESSAGE);
    return parsed.data;
  }

  return {
    request,
    get: (path, schema, query) => request({ path, query }, schema),
    post: (path, body, schema) => request({ method: 'POST', path, body }, schema),
    put: (path, body, schema) => request({ method: 'PUT', path, body }, schema),
    requestFile: async (req) => {
      const body = await run({ ...req, responseType: 'blob' }, false);
      if (!(body instanceof Blob))
        throw new ApiRequestError(200, 'invalid_response', GENERIC_FAILURE_MESSAGE);
      return body;
    },
  };
}

async function readPayload(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(status: number, payload: unknown): ApiRequestError {
  const parsed = apiErrorSchema.safeParse(payload);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiRequestError(status, code, message, fields);
  }
  return new ApiRequestError(
    status,
    status === 401 ? 'unauthenticated' : `http_${status}`,
    GENERIC_FAILURE_MESSAGE,
  );
}
