import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import {
  abortable,
  checkOutboundUrl,
  createGuardedAgent,
  DEFAULT_TIMEOUT_MS,
  describeOutboundError,
  flatHeaders,
  OutboundFailure,
  readCapped,
} from './guarded-http.js';
import type { AddressPermit, HostResolver } from './safe-resolve.js';

/*
 * GET of a URL a customer chose (their website, for the embed-code site check), with the outbound
 * guard of the product guide §6: "Outbound requests to customer-chosen URLs … refuse private,
 * loopback and link-local addresses after DNS resolution and follow no redirects to them." It runs
 * on the same guarded undici Agent as guarded-http.ts: every new connection resolves its host once,
 * checks every address and is pinned to the checked one (the URL's name stays Host, SNI and the
 * certificate's name). Redirects are followed here, hop by hop: each hop's URL is checked like the
 * first (an IP literal at once, a name at its connection), so no redirect reaches a refused address.
 */

export interface GuardedFetchOptions {
  resolver?: HostResolver;
  /** Tests only: let their local servers (127.0.0.1) through. Production passes none: public only. */
  permit?: AddressPermit;
  /** Tests only: the certificate authority of their local TLS server, trusted besides the system's. */
  ca?: string | Buffer;
  /** Total time for every hop of one fetch, connection and body included (default 10 s). */
  timeoutMs?: number;
  /** The most body bytes read, after decompression (default 2 MiB). */
  maxBytes?: number;
  /** What a larger body does: `truncate` keeps the first `maxBytes` bytes, `fail` answers too_large. */
  oversize?: 'truncate' | 'fail';
  /** Redirects followed, each re-checked like the first URL (default 5). */
  maxRedirects?: number;
  userAgent?: string;
}

export type GuardedFetchResult =
  | {
      kind: 'ok';
      status: number;
      /** The URL that answered, after redirects. */
      finalUrl: string;
      contentType: string | null;
      /** The body decoded as UTF-8 (the snippet we look for is ASCII whatever the page's charset). */
      body: string;
      /** True when the body was longer than `maxBytes` and only its start was read. */
      truncated: boolean;
      redirects: number;
    }
  | {
      /** Nothing was sent: the URL (or a redirect) names something this product does not contact. */
      kind: 'refused';
      reason: 'bad_url' | 'bad_request' | 'not_found' | 'not_public';
      message: string;
      url: string;
    }
  | {
      kind: 'failed';
      reason:
        | 'timeout'
        | 'tls'
        | 'connection'
        | 'http_status'
        | 'too_large'
        | 'too_many_redirects'
        | 'bad_response';
      message: string;
      url: string;
      /** The HTTP status, for http_status. */
      status?: number;
    };

export type GuardedFetcher = (url: string) => Promise<GuardedFetchResult>;

/** What a current desktop Chrome sends: some sites answer bots and unknown agents with an error page. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const DEFAULTS = { timeoutMs: DEFAULT_TIMEOUT_MS, maxBytes: 2 * 1024 * 1024, maxRedirects: 5 } as const;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Hop =
  | { kind: 'redirect'; location: string | undefined; status: number }
  | { kind: 'response'; status: number; contentType: string | null; body: Buffer; truncated: boolean };

/** The failures only a fetch has: an HTTP error status, a redirect chain too long or without a Location. */
class FetchFailure extends Error {
  constructor(
    readonly reason: 'http_status' | 'too_many_redirects' | 'bad_response',
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

function decoderFor(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/**
 * Creates a fetcher with the guard's settings (tests inject a resolver, a permit and a CA). It keeps
 * its own guarded Agent; idle connections close after two seconds and never hold the process open.
 */
export function createGuardedFetcher(options: GuardedFetchOptions = {}): GuardedFetcher {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const oversize = options.oversize ?? 'fail';
  const guarded = createGuardedAgent({
    resolver: options.resolver,
    permit: options.permit,
    ca: options.ca,
    label: 'The website',
    connectionsPerOrigin: 2,
    keepAliveTimeoutMs: 2_000,
  });
  const tooLarge = () => `The page is larger than ${Math.round(maxBytes / 1024)} KB.`;

  /** One request; a redirect is answered, not followed. */
  async function hop(url: URL, signal: AbortSignal): Promise<Hop> {
    const response = await abortable(
      guarded.agent.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: {
          'user-agent': options.userAgent ?? BROWSER_USER_AGENT,
          accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
          'accept-language': 'en-US,en;q=0.9',
          'accept-encoding': 'gzip, deflate, br',
        },
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      }),
      signal,
    );
    const status = response.statusCode;
    const headers = flatHeaders(response.headers);
    // A short body of a redirect or error page is read off so its connection can serve the next hop.
    const discard = () => response.body.dump({ limit: 16 * 1024 }).catch(() => {});
    if (REDIRECTS.has(status)) {
      await discard();
      return { kind: 'redirect', location: headers.location, status };
    }
    if (status < 200 || status > 299) {
      await discard();
      throw new FetchFailure('http_status', `The website answered HTTP ${status}.`, status);
    }
    const declared = Number(headers['content-length']);
    if (oversize === 'fail' && !headers['content-encoding'] && declared > maxBytes) {
      response.body.destroy();
      throw new OutboundFailure('too_large', tooLarge());
    }
    const decoder = decoderFor(headers['content-encoding']);
    // pipeline() destroys both streams when either fails or the reader stops early (the cap).
    const stream: Readable = decoder ? pipeline(response.body, decoder, () => {}) : response.body;
    const { body, truncated } = await readCapped(stream, maxBytes, oversize, tooLarge);
    return { kind: 'response', status, contentType: headers['content-type'] ?? null, body, truncated };
  }

  return async function guardedFetch(text: string): Promise<GuardedFetchResult> {
    const signal = AbortSignal.timeout(timeoutMs);
    let current = text;
    try {
      let url = await checkOutboundUrl(text, { permit: options.permit, label: 'The website' });
      for (let redirects = 0; ; redirects++) {
        current = url.href;
        const answer = await hop(url, signal);
        if (answer.kind === 'response') {
          return {
            kind: 'ok',
            status: answer.status,
            finalUrl: url.href,
            contentType: answer.contentType,
            body: new TextDecoder('utf-8').decode(answer.body),
            truncated: answer.truncated,
            redirects,
          };
        }
        if (redirects >= maxRedirects)
          throw new FetchFailure(
            'too_many_redirects',
            `The website redirected more than ${maxRedirects} times.`,
          );
        if (!answer.location)
          throw new FetchFailure(
            'bad_response',
            `The website answered HTTP ${answer.status} without a Location.`,
          );
        let next: string;
        try {
          next = new URL(answer.location, url).href;
        } catch {
          throw new FetchFailure('bad_response', 'The website redirected to an address that is not valid.');
        }
        current = next;
        url = await checkOutboundUrl(next, { permit: options.permit, label: 'The website' });
      }
    } catch (err) {
      if (err instanceof FetchFailure)
        return {
          kind: 'failed',
          reason: err.reason,
          message: err.message,
          url: current,
          ...(err.status ? { status: err.status } : {}),
        };
      return { ...describeOutboundError(err, { signal, timeoutMs, who: 'The website' }), url: current };
    }
  };
}
