import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { rootCertificates } from 'node:tls';
import { Agent, buildConnector, errors } from 'undici';
import {
  type AddressPermit,
  type HostResolver,
  OutboundRefusedError,
  type ResolvedAddress,
  resolvePublicTarget,
  systemResolver,
} from './safe-resolve.js';

/*
 * HTTP requests to URLs a customer chose (webhook deliveries, the site check), on one undici Agent
 * whose connector is the outbound guard: every NEW connection resolves the URL's host once, refuses
 * it when any address is not public (safe-resolve.ts), and connects to the first checked address.
 * The URL's name stays the Host header, the TLS server name and the name the certificate must carry.
 * A DNS answer that changes later cannot move an open connection, and a pooled keep-alive connection
 * is always one that was checked when it was opened. Redirects are never followed here.
 */

export interface GuardedHttpOptions {
  resolver?: HostResolver;
  /** Tests only: let their local servers (127.0.0.1) through. Production passes none: public only. */
  permit?: AddressPermit;
  /** Tests only: the certificate authority of their local TLS server, trusted besides the system's. */
  ca?: string | Buffer;
  /** Open connections per origin, at most (default 4); more requests wait for one. */
  connectionsPerOrigin?: number;
  /** How long an idle keep-alive connection stays open (default 4 s; a server's shorter hint wins). */
  keepAliveTimeoutMs?: number;
  /** How refusals name the host: "The webhook host example.com resolves to …" (default "The host"). */
  label?: string;
}

export type HttpMethod = 'POST' | 'GET' | 'PUT' | 'DELETE';

export interface GuardedHttpInit {
  method: HttpMethod;
  /** A `host` header is ignored: the Host is always the URL's. */
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Total time for the request: DNS, connect, TLS, sending, headers and body (default 10 s). */
  timeoutMs?: number;
  /** The most body bytes read (default 64 KiB); the rest is never read. */
  maxResponseBytes?: number;
  /** What a longer body does: `truncate` (default) keeps its start, `fail` answers failed too_large. */
  oversize?: 'truncate' | 'fail';
}

export type GuardedHttpRefusal = 'bad_url' | 'bad_request' | 'not_found' | 'not_public';
export type GuardedHttpFailure = 'timeout' | 'tls' | 'connection' | 'too_large' | 'bad_response';

export type GuardedHttpResult =
  | {
      kind: 'response';
      status: number;
      /** Header names in lower case; repeated headers joined with ", ". */
      headers: Record<string, string>;
      /** The body (up to maxResponseBytes) decoded as UTF-8. */
      body: string;
      truncated: boolean;
      latencyMs: number;
      /** The checked address the origin's connection was pinned to (its newest connection's). */
      address: string;
    }
  | {
      /** Nothing was sent: the URL names something this product does not contact. */
      kind: 'refused';
      reason: GuardedHttpRefusal;
      message: string;
      latencyMs: number;
    }
  | { kind: 'failed'; reason: GuardedHttpFailure; message: string; latencyMs: number };

export interface GuardedHttp {
  /** Never throws for network outcomes: refusals and failures are results. */
  request(url: string, init: GuardedHttpInit): Promise<GuardedHttpResult>;
  /**
   * Closes the pooled connections: running requests may finish, whatever is left after two seconds
   * is dropped. Call it at shutdown; the client cannot be used afterwards.
   */
  close(): Promise<void>;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

/** A request that never reached the network: a bad URL, a refused IP literal, a header undici rejects. */
export class OutboundRequestRefused extends Error {
  constructor(
    readonly reason: GuardedHttpRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRequestRefused';
  }
}

/** A failure this module decided (a body over the limit), as opposed to one the network raised. */
export class OutboundFailure extends Error {
  constructor(
    readonly reason: GuardedHttpFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundFailure';
  }
}

/** Resolves like the system, but answers an IP literal itself (no DNS, the same check). */
const literalAware =
  (resolver: HostResolver): HostResolver =>
  async (host) => {
    const family = isIP(host);
    return family ? [{ address: host, family } satisfies ResolvedAddress] : resolver(host);
  };

/**
 * The URL as it will be requested, or a refusal: http or https, a host, no credentials, a port
 * 1–65535 (the WHATWG parser refuses larger ones). An IP-literal host — in any notation the parser
 * normalises: 2130706433, 0x7f000001, 0177.0.0.1, 127.1, [::ffff:7f00:1] … — is classified here,
 * before any request is queued; names are checked by the connector, at every new connection.
 */
export async function checkOutboundUrl(
  text: string,
  options: { permit?: AddressPermit; label?: string } = {},
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundRequestRefused('bad_url', 'This is not a valid web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRequestRefused('bad_url', 'Only http and https web addresses can be reached.');
  if (url.username || url.password)
    throw new OutboundRequestRefused(
      'bad_url',
      'Web addresses with a user name or password are not allowed.',
    );
  if (!url.hostname) throw new OutboundRequestRefused('bad_url', 'The web address has no host name.');
  if (url.port === '0') throw new OutboundRequestRefused('bad_url', 'The web address has no valid port.');
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) await resolvePublicTarget(bare, { resolver: literalAware(systemResolver), ...options });
  return url;
}

/**
 * One undici Agent whose connector resolves and checks the host of every new connection and
 * connects to the checked address. `pinned(origin)` is the address the origin's newest connection
 * went to.
 */
export function createGuardedAgent(options: GuardedHttpOptions = {}) {
  const resolver = literalAware(options.resolver ?? systemResolver);
  const pinnedByOrigin = new Map<string, string>();
  const connectTo = buildConnector({
    rejectUnauthorized: true,
    ...(options.ca ? { ca: [...rootCertificates, options.ca.toString()] } : {}),
    timeout: DEFAULT_TIMEOUT_MS,
  });
  const connect: buildConnector.connector = (target, callback) => {
    const name = target.hostname.replace(/^\[|\]$/g, '');
    // The connector must always answer: a lookup that hangs would leave the origin's pool
    // "connecting" for good, and every later request to it waiting.
    let answered = false;
    const answer: buildConnector.Callback = (...args) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      callback(...args);
    };
    const timer = setTimeout(
      () => answer(new errors.ConnectTimeoutError(`DNS lookup of ${name} timed out`), null),
      DEFAULT_TIMEOUT_MS,
    ).unref();
    resolvePublicTarget(name, { resolver, permit: options.permit, label: options.label }).then(
      (checked) => {
        if (answered) return;
        const origin = `${target.protocol}//${target.host}`;
        pinnedByOrigin.delete(origin);
        pinnedByOrigin.set(origin, checked.address);
        // Remembered for the most recently connected origins only (a Map iterates oldest first).
        if (pinnedByOrigin.size > 1_000) pinnedByOrigin.delete(pinnedByOrigin.keys().next().value ?? '');
        clearTimeout(timer);
        connectTo(
          {
            ...target,
            hostname: checked.address,
            // The certificate must name the URL's host; an IP-literal URL is checked against the IP.
            servername: target.servername || (isIP(name) ? undefined : name),
          },
          answer,
        );
      },
      (err: Error) => answer(err, null),
    );
  };
  const keepAlive = options.keepAliveTimeoutMs ?? 4_000;
  const agent = new Agent({
    connect,
    connections: options.connectionsPerOrigin ?? 4,
    keepAliveTimeout: keepAlive,
    keepAliveMaxTimeout: keepAlive,
    // Per-request deadlines (headersTimeout, bodyTimeout and an AbortSignal) are set by the caller.
  });
  return { agent, pinned: (origin: string) => pinnedByOrigin.get(origin) ?? '' };
}

export type GuardedAgent = ReturnType<typeof createGuardedAgent>;

/** TLS failures: the certificate or the handshake. */
const TLS_CODES =
  /^(CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_TLS_|ERR_SSL_|EPROTO$|HOSTNAME_MISMATCH|ERR_OSSL_)/;
/** The answer could not be parsed: HTTP syntax, lengths, header size, a broken compressed body. */
const BAD_RESPONSE_CODES =
  /^(HPE_|UND_ERR_RES_CONTENT_LENGTH_MISMATCH$|UND_ERR_HEADERS_OVERFLOW$|Z_|ERR_PADDING_1$|ERR__)/;
const TIMEOUT_CODES = /^(UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT|ETIMEDOUT)$/;

/** The refusal or failure an error from a guarded request stands for (the deadline's signal decides timeouts). */
export function describeOutboundError(
  err: unknown,
  context: { signal: AbortSignal; timeoutMs: number; who?: string },
):
  | { kind: 'refused'; reason: GuardedHttpRefusal; message: string }
  | { kind: 'failed'; reason: GuardedHttpFailure; message: string } {
  const who = context.who ?? 'The host';
  // undici hands the connector's error through as it is; look along `cause` all the same.
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof OutboundRequestRefused || e instanceof OutboundRefusedError)
      return { kind: 'refused', reason: e.reason, message: e.message };
    if (e instanceof OutboundFailure) return { kind: 'failed', reason: e.reason, message: e.message };
  }
  const code = String((err as NodeJS.ErrnoException | undefined)?.code ?? '');
  if (context.signal.aborted || TIMEOUT_CODES.test(code))
    return {
      kind: 'failed',
      reason: 'timeout',
      message: `${who} did not answer within ${+(context.timeoutMs / 1000).toFixed(1)} seconds.`,
    };
  if (/^UND_ERR_(INVALID_ARG|NOT_SUPPORTED|REQ_CONTENT_LENGTH_MISMATCH)$/.test(code))
    return {
      kind: 'refused',
      reason: 'bad_request',
      message: `The request could not be sent: ${(err as Error).message}`,
    };
  if (TLS_CODES.test(code))
    return {
      kind: 'failed',
      reason: 'tls',
      message: `${who}'s secure connection could not be verified (${code}).`,
    };
  if (BAD_RESPONSE_CODES.test(code) || err instanceof errors.HTTPParserError)
    return {
      kind: 'failed',
      reason: 'bad_response',
      message: `${who} sent an answer that could not be read${code ? ` (${code})` : ''}.`,
    };
  return {
    kind: 'failed',
    reason: 'connection',
    message: `${who} could not be reached${code ? ` (${code})` : ''}.`,
  };
}

/**
 * Reads at most `maxBytes` of a body; the rest is never read. Leaving the `for await` early destroys
 * the stream (and so drops its connection).
 */
export async function readCapped(
  stream: Readable | AsyncIterable<Buffer>,
  maxBytes: number,
  oversize: 'truncate' | 'fail',
  tooLarge: () => string,
): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    if (size + bytes.length > maxBytes) {
      if (oversize === 'fail') throw new OutboundFailure('too_large', tooLarge());
      chunks.push(bytes.subarray(0, maxBytes - size));
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(bytes);
    size += bytes.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

/**
 * Rejects with the signal's reason as soon as it aborts. undici applies a request's signal only once
 * the request has a connection, so a slow DNS lookup in the connector would otherwise outlast the
 * deadline; a response that still arrives after the deadline is discarded.
 */
export function abortable<T extends { body: Readable }>(
  promise: Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) value.body.destroy();
        else resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

/** undici's headers as one string per lower-case name. */
export const flatHeaders = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]],
    ),
  ) as Record<string, string>;

/** Creates the client (one Agent, pooled keep-alive connections per origin); call `close()` at shutdown. */
export function createGuardedHttp(options: GuardedHttpOptions = {}): GuardedHttp {
  const guarded = createGuardedAgent(options);
  const label = options.label ?? 'The host';

  async function request(text: string, init: GuardedHttpInit): Promise<GuardedHttpResult> {
    const started = performance.now();
    const latencyMs = () => Math.round(performance.now() - started);
    const timeoutMs = init.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxBytes = init.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const signal = AbortSignal.timeout(timeoutMs);
    let who = label;
    try {
      const url = await checkOutboundUrl(text, { permit: options.permit, label: options.label });
      who = `${label} ${url.host}`;
      const headers = Object.fromEntries(
        Object.entries(init.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'host'),
      );
      const response = await abortable(
        guarded.agent.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: init.method,
          headers,
          body: init.body,
          signal,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        }),
        signal,
      );
      const address = guarded.pinned(url.origin);
      // Leaving the loop early (the cap) destroys the body and with it the connection; a body read
      // to its end leaves the connection in the pool.
      const { body, truncated } = await readCapped(
        response.body,
        maxBytes,
        init.oversize ?? 'truncate',
        () => `${who} answered with more than ${Math.round(maxBytes / 1024)} KB.`,
      );
      const answered = latencyMs();
      // undici frees an HTTP/1 connection for its pool one macrotask after the body ends; waiting for
      // that lets the caller's next request to this origin reuse it instead of opening another.
      await new Promise((resolve) => setImmediate(resolve));
      return {
        kind: 'response',
        status: response.statusCode,
        headers: flatHeaders(response.headers),
        body: new TextDecoder('utf-8').decode(body),
        truncated,
        latencyMs: answered,
        address,
      };
    } catch (err) {
      return { ...describeOutboundError(err, { signal, timeoutMs, who }), latencyMs: latencyMs() };
    }
  }

  return {
    request,
    async close() {
      // Running requests may finish (their own deadlines end them); a connection still being
      // resolved or opened after two seconds is dropped.
      const grace = new Promise<'late'>((resolve) => setTimeout(resolve, 2_000, 'late').unref());
      if ((await Promise.race([guarded.agent.close(), grace])) === 'late') await guarded.agent.destroy();
    },
  };
}
