import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import {
  type AddressPermit,
  type CheckedTarget,
  type HostResolver,
  OutboundRefusedError,
  resolvePublicTarget,
  systemResolver,
} from './safe-resolve.js';

/*
 * GET of a URL a customer chose (their website, for the embed-code site check), with the outbound
 * guard of the product guide §6: "Outbound requests to customer-chosen URLs … refuse private,
 * loopback and link-local addresses after DNS resolution and follow no redirects to them." Every hop
 * is resolved once, every address checked, and the connection pinned to the checked address while
 * the URL's name is still the Host header, the TLS server name and the name the certificate must
 * carry; so a DNS answer that changes between the check and the connection cannot move it.
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
      reason: 'bad_url' | 'not_found' | 'not_public';
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

const DEFAULTS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5 } as const;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** TLS failures: the certificate or the handshake. Everything else at the socket is a connection failure. */
const TLS_CODES =
  /^(CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_TLS_|ERR_SSL_|EPROTO$|HOSTNAME_MISMATCH|ERR_OSSL_)/;

type Hop =
  | { kind: 'redirect'; location: string | undefined; status: number }
  | { kind: 'response'; status: number; contentType: string | null; body: Buffer; truncated: boolean };

class FetchFailure extends Error {
  constructor(
    readonly reason: Extract<GuardedFetchResult, { kind: 'failed' }>['reason'],
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

class Refusal extends Error {
  constructor(
    readonly reason: Extract<GuardedFetchResult, { kind: 'refused' }>['reason'],
    message: string,
  ) {
    super(message);
  }
}

/** The URL as we will request it, or a refusal: http or https, a host, no credentials, a real port. */
function checkFetchUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Refusal('bad_url', 'This is not a valid web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Refusal('bad_url', 'Only http and https web addresses can be checked.');
  if (url.username || url.password)
    throw new Refusal('bad_url', 'Web addresses with a user name or password cannot be checked.');
  if (!url.hostname) throw new Refusal('bad_url', 'The web address has no host name.');
  if (url.port === '0') throw new Refusal('bad_url', 'The web address has no valid port.');
  return url;
}

/** A lookup that answers the checked address whatever name it is asked about (the connection is pinned). */
const pinnedLookup =
  (target: CheckedTarget): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };

/** Resolves like the system, but answers an IP literal itself (no DNS, the same check). */
const literalAware =
  (resolver: HostResolver): HostResolver =>
  async (host) => {
    const family = isIP(host);
    return family ? [{ address: host, family }] : resolver(host);
  };

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

/** Reads at most `maxBytes` of the (decompressed) body; the rest is never read, let alone buffered. */
async function readCapped(
  stream: Readable,
  maxBytes: number,
  oversize: 'truncate' | 'fail',
): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    if (size + bytes.length > maxBytes) {
      if (oversize === 'fail')
        throw new FetchFailure('too_large', `The page is larger than ${Math.round(maxBytes / 1024)} KB.`);
      chunks.push(bytes.subarray(0, maxBytes - size));
      stream.destroy();
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(bytes);
    size += bytes.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

/** Creates a fetcher with the guard's settings (tests inject a resolver, a permit and a CA). */
export function createGuardedFetcher(options: GuardedFetchOptions = {}): GuardedFetcher {
  const resolver = literalAware(options.resolver ?? systemResolver);
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const oversize = options.oversize ?? 'fail';

  /** One request to one checked address; a redirect is answered, not followed. */
  async function hop(url: URL, signal: AbortSignal): Promise<Hop> {
    const target = await abortable(
      resolvePublicTarget(url.hostname, { resolver, permit: options.permit, label: 'The website' }),
      signal,
    );
    const secure = url.protocol === 'https:';
    const request = (secure ? https : http).request({
      protocol: url.protocol,
      hostname: target.host,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: {
        'user-agent': options.userAgent ?? BROWSER_USER_AGENT,
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
        'accept-language': 'en-US,en;q=0.9',
        'accept-encoding': 'gzip, deflate, br',
      },
      lookup: pinnedLookup(target),
      // A fresh connection per hop: a pooled socket could belong to another address.
      agent: false,
      signal,
      ...(secure
        ? {
            // Node checks the certificate against the server name when one is given, else the host.
            ...(isIP(target.host) ? {} : { servername: target.host }),
            rejectUnauthorized: true,
            ...(options.ca ? { ca: options.ca } : {}),
          }
        : {}),
    });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      request.once('response', resolve);
      request.on('error', reject);
      request.end();
    });
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      response.destroy();
      return { kind: 'redirect', location: response.headers.location, status };
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw new FetchFailure('http_status', `The website answered HTTP ${status}.`, status);
    }
    const declared = Number(response.headers['content-length']);
    if (oversize === 'fail' && !response.headers['content-encoding'] && declared > maxBytes) {
      response.destroy();
      throw new FetchFailure('too_large', `The page is larger than ${Math.round(maxBytes / 1024)} KB.`);
    }
    const decoder = decoderFor(response.headers['content-encoding']);
    const stream: Readable = decoder ? response.pipe(decoder) : response;
    if (decoder) response.once('error', (err) => decoder.destroy(err));
    try {
      const { body, truncated } = await readCapped(stream, maxBytes, oversize);
      return {
        kind: 'response',
        status,
        contentType: response.headers['content-type'] ?? null,
        body,
        truncated,
      };
    } finally {
      response.destroy();
    }
  }

  return async function guardedFetch(text: string): Promise<GuardedFetchResult> {
    const signal = AbortSignal.timeout(timeoutMs);
    let current = text;
    try {
      let url = checkFetchUrl(text);
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
        url = checkFetchUrl(next);
      }
    } catch (err) {
      return describeFailure(err, current, signal, timeoutMs);
    }
  };
}

/** Rejects with the signal's reason as soon as it aborts (DNS lookups take no signal). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function describeFailure(
  err: unknown,
  url: string,
  signal: AbortSignal,
  timeoutMs: number,
): GuardedFetchResult {
  if (err instanceof Refusal) return { kind: 'refused', reason: err.reason, message: err.message, url };
  if (err instanceof OutboundRefusedError)
    return { kind: 'refused', reason: err.reason, message: err.message, url };
  if (err instanceof FetchFailure)
    return {
      kind: 'failed',
      reason: err.reason,
      message: err.message,
      url,
      ...(err.status ? { status: err.status } : {}),
    };
  if (signal.aborted)
    return {
      kind: 'failed',
      reason: 'timeout',
      message: `The website did not answer within ${Math.round(timeoutMs / 1000)} seconds.`,
      url,
    };
  const code = String((err as NodeJS.ErrnoException | undefined)?.code ?? '');
  if (TLS_CODES.test(code))
    return {
      kind: 'failed',
      reason: 'tls',
      message: `The website's secure connection could not be verified (${code}).`,
      url,
    };
  if (code.startsWith('Z_') || code === 'ERR_PADDING_1' || code.startsWith('ERR__'))
    return {
      kind: 'failed',
      reason: 'bad_response',
      message: 'The website sent a body that could not be read.',
      url,
    };
  return {
    kind: 'failed',
    reason: 'connection',
    message: `The website could not be reached${code ? ` (${code})` : ''}.`,
    url,
  };
}
