import http from 'node:http';

/**
 * The scale-out benchmark's load balancer: a tiny round-robin HTTP proxy on 127.0.0.1 in its own
 * process (so it does not share an event loop with the load or the API). Each request goes to the
 * next upstream in turn over kept-alive connections; X-Forwarded-For carries the client's address
 * (the API processes trust 127.0.0.1 as a proxy in this benchmark). Not a product component.
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

const server = http.createServer((request, response) => {
  const port = upstreams[next++ % upstreams.length] as number;
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
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(upstream);
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
