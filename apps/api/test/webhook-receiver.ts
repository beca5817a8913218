import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AddressPermit } from '../src/providers/outbound/safe-resolve.js';

/** Lets the tests' local receivers (127.0.0.1) through the outbound guard; everything else stays public-only. */
export const localReceiversPermit: AddressPermit = (address, kind) =>
  kind === 'public' || address === '127.0.0.1';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 for delivery tests: it records every request and answers as
 * `answer` says for the nth request to it (1-based): a status, or `hang` (never answers).
 */
export async function startReceiver(
  answer: (n: number, request: ReceivedRequest) => number | 'hang' = () => 200,
) {
  const received: ReceivedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      const status = answer(received.length, request);
      if (status === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
