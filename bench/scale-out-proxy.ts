import http from 'node:http';

/**
 * The scale-out benchmark's load balancer: a tiny round-robin HTTP proxy on 127.0.0.1 in its own
 * process (so it does not share an event loop with the load or the API). Each request goes to the
 * next upstream in turn over kept-alive connections; X-Forwarded-For carries the client's address
 * (the API processes trust 127.0.0.1 as a proxy in this benchmark). An upstream that refuses the
 * connection (its process was killed) is left out for 5 s and the request goes to the next one, as
 * a load balancer's health check would; a request it had already received answers 502 (not
 * acknowledged, never retried, since it may have been stored). Not a product component.
 *
 * Env: PORT (listen), UPSTREAMS (comma-separated ports on 127.0.0.1).
 */
const upstreams = (process.env.UPSTREAMS ?? '')
  .split(',')
  .filter(Boolean)
  .map((port) => Number.parseInt(port, 10));
if (upstreams.length === 0) throw new Error('UPSTREAMS is empty');
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let next = 0;

/** Until when each upstream is left out after refusing a connection. */
const downUntil = new Map<number, number>();
const nextUpstream = () => {
  for (let tried = 0; tried < upstreams.length; tried++) {
    const port = upstreams[next++ % upstreams.length] as number;
    if ((downUntil.get(port) ?? 0) <= Date.now()) return port;
  }
  return null;
};

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => send(Buffer.concat(chunks)));
  const send = (body: Buffer) => {
    const port = nextUpstream();
    if (port === null) {
      response.writeHead(502);
      response.end();
      return;
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        agent,
        headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '' },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' && !response.headersSent) {
        // Never reached the upstream: safe to send to another.
        downUntil.set(port, Date.now() + 5_000);
        send(body);
        return;
      }
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    upstream.end(body);
  };
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
