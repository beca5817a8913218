import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small local stand-in for the SendGrid v3 API (never the internet in tests): one account with a
 * key, its scopes, lists (paged by `page_token`, `_metadata.next` a full URL as SendGrid writes it)
 * and Marketing contacts upserted by e-mail, answered the way SendGrid answers (`{ errors: [{ field,
 * message }] }`, 202 with a job id). It checks every request's shape (bearer key, JSON body,
 * User-Agent) and lists what was wrong in `problems`. A test can queue answers for the next calls to
 * a path (`failNext`) or make one hang.
 */

export interface SeenSendGridRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

type Forced = { status: number; body: unknown } | 'hang';

export async function startFakeSendGrid(
  options: { apiKey?: string; lists?: number; scopes?: string[] } = {},
) {
  const apiKey = options.apiKey ?? 'SG.fake-key.0123456789';
  const scopes = options.scopes ?? ['marketing.contacts.write', 'marketing.lists.read', 'mail.send'];
  const seen: SeenSendGridRequest[] = [];
  const problems: string[] = [];
  const lists = Array.from({ length: options.lists ?? 3 }, (_, i) => ({
    id: `1111aaaa-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    name: `Fake list ${i + 1}`,
  }));
  const contacts = new Map<
    string,
    { email: string; list_ids: Set<string>; fields: Record<string, unknown> }
  >();
  const forced = new Map<string, Forced[]>();
  const hanging = new Set<ServerResponse>();
  let base = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string, field: string | null = null) =>
    send(res, status, { errors: [{ field, message }] });

  function handle(req: SeenSendGridRequest, res: ServerResponse) {
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return error(res, 401, 'The provided authorization grant is invalid, expired, or revoked');
    if (!req.headers['user-agent']) problems.push(`${req.method} ${req.path} without User-Agent`);
    const route = `${req.method} ${req.path}`;
    if (route === 'GET /v3/scopes') return send(res, 200, { scopes });
    if (route === 'GET /v3/marketing/lists') {
      const size = Number(req.query.page_size ?? 100);
      if (!(size >= 1 && size <= 1000))
        return error(res, 400, 'page_size must be between 1 and 1000', 'page_size');
      const offset = Number(
        req.query.page_token ? Buffer.from(req.query.page_token, 'base64').toString() : 0,
      );
      const page = lists.slice(offset, offset + size);
      const self = `${base}/v3/marketing/lists?page_size=${size}`;
      return send(res, 200, {
        result: page.map((l) => ({
          ...l,
          contact_count: 0,
          _metadata: { self: `${base}/v3/marketing/lists/${l.id}` },
        })),
        _metadata: {
          self,
          ...(offset + size < lists.length
            ? { next: `${self}&page_token=${Buffer.from(String(offset + size)).toString('base64')}` }
            : {}),
          count: lists.length,
        },
      });
    }
    if (route === 'PUT /v3/marketing/contacts') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
        problems.push('contacts body not JSON');
      const { list_ids, contacts: rows } = req.body as { list_ids?: unknown; contacts?: unknown };
      if (!Array.isArray(rows) || rows.length === 0)
        return error(res, 400, 'contacts is required', 'contacts');
      const ids = Array.isArray(list_ids) ? list_ids.map(String) : [];
      if (ids.some((id) => !lists.some((l) => l.id === id)))
        return error(res, 404, 'one or more list IDs are invalid', 'list_ids');
      for (const [i, row] of rows.entries()) {
        const { email, ...fields } = row as Record<string, unknown>;
        if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
          return error(res, 400, 'email is not a valid email address', `contacts[${i}].email`);
        const known = contacts.get(email) ?? { email, list_ids: new Set<string>(), fields: {} };
        for (const id of ids) known.list_ids.add(id);
        Object.assign(known.fields, fields);
        contacts.set(email, known);
      }
      return send(res, 202, { job_id: `job-${seen.length}` });
    }
    return error(res, 404, 'resource not found');
  }

  const server = createServer((raw: IncomingMessage, res: ServerResponse) => {
    let text = '';
    raw.on('data', (chunk) => {
      text += chunk;
    });
    raw.on('end', () => {
      const url = new URL(raw.url ?? '/', 'http://fake.invalid');
      const headers = Object.fromEntries(
        Object.entries(raw.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
      );
      let body: Record<string, unknown> = {};
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          problems.push(`${raw.method} ${url.pathname} body does not parse`);
        }
      }
      const req: SeenSendGridRequest = {
        method: raw.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        body,
      };
      seen.push(req);
      const next = forced.get(`${req.method} ${req.path}`)?.shift();
      if (next === 'hang') {
        hanging.add(res);
        return;
      }
      if (next) return send(res, next.status, next.body);
      handle(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiKey,
    apiBase: base,
    seen,
    problems,
    lists,
    contacts,
    /** The calls to `METHOD /v3/path`. */
    calls: (key: string) => seen.filter((r) => `${r.method} ${r.path}` === key),
    /** The next answer to `METHOD /v3/path`. */
    failNext(key: string, answer: Forced) {
      forced.set(key, [...(forced.get(key) ?? []), answer]);
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeSendGrid = Awaited<ReturnType<typeof startFakeSendGrid>>;
