import Fastify from 'fastify';

/**
 * The yardstick: bare Fastify (the product's version, no plugins, no logger) answering
 *  - `/same`: the very bytes the product's route answers (body and content type, fetched once from
 *    SAME_AS at start), sent as a string the way a bare route with a cached JSON text would;
 *  - `/bare`: a small JSON object, the yardstick of earlier rounds, printed for continuity.
 * Same bytes on the wire, so the ratio measures what the product does per request, not its payload.
 */
const sameAs = process.env.SAME_AS;
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world' }));
// The pixel endpoint's yardstick: a JSON body parsed, answered 204 (lead-engine bench).
app.post('/bare-post', (_request, reply) => {
  reply.status(204).send();
});
if (sameAs) {
  const answer = await fetch(sameAs);
  if (!answer.ok) throw new Error(`${sameAs} answered ${answer.status}`);
  const type = answer.headers.get('content-type') ?? 'application/json; charset=utf-8';
  const body = await answer.text();
  app.get('/same', (_request, reply) => {
    reply.type(type).send(body);
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
