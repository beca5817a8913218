import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { AddressPermit, HostResolver } from '../src/providers/outbound/safe-resolve.js';

/*
 * Local web servers for tests of outbound fetches (the guarded fetcher, the site check): each
 * listens on 127.0.0.1 on a free port. The fetcher reaches them only through the injected permit
 * below; its production default refuses loopback.
 */

const TLS_DIR = join(import.meta.dirname, 'fixtures', 'tls');
/** A self-signed certificate for the name `site.test` (test-only key, valid for a century). */
export const SITE_TEST_TLS = {
  cert: readFileSync(join(TLS_DIR, 'site-test.crt'), 'utf8'),
  key: readFileSync(join(TLS_DIR, 'site-test.key'), 'utf8'),
};

export interface LocalServer {
  port: number;
  /** The Host headers and paths the server was asked for, in order. */
  requests: { host: string | undefined; path: string | undefined; userAgent: string | undefined }[];
  close(): Promise<void>;
}

export async function startLocalServer(
  handler: http.RequestListener,
  options: { tls?: boolean } = {},
): Promise<LocalServer> {
  const requests: LocalServer['requests'] = [];
  const listener: http.RequestListener = (req, res) => {
    requests.push({ host: req.headers.host, path: req.url, userAgent: req.headers['user-agent'] });
    handler(req, res);
  };
  const server = options.tls ? https.createServer(SITE_TEST_TLS, listener) : http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A DNS table for tests: names not in it are not found (ENOTFOUND). */
export const fakeDns =
  (table: Record<string, string[]>): HostResolver =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

/** Public addresses, plus 127.0.0.1 where the tests' local servers listen. */
export const publicOrLocalTestServer: AddressPermit = (address, kind) =>
  kind === 'public' || address === '127.0.0.1';
