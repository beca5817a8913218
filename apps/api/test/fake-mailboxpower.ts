import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small local stand-in for the Mailbox Power API as the adapter calls it (decision 0104): the
 * account's groups and contacts added to a group, behind an `APIKEY` header. Mailbox Power documents
 * no error shapes; the fake answers `{ message }` bodies with the statuses a REST service gives. It
 * checks each request's shape (the key header, a JSON body, a group id, the delivery's key) and lists
 * what was wrong in `problems`. A test can queue answers for the next calls to a path or make it hang.
 */

export interface SeenMbpRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

type Forced = { status: number; body: unknown } | 'hang';

export async function startFakeMailboxPower(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? 'mbp-test-key';
  const seen: SeenMbpRequest[] = [];
  const problems: string[] = [];
  const groups = [
    { group_id: 11, group_name: 'New leads' },
    { group_id: 12, group_name: 'Past clients' },
  ];
  const contacts: Record<string, unknown>[] = [];
  const forced = new Map<string, Forced[]>();
  const hanging = new Set<ServerResponse>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  function handle(req: SeenMbpRequest, res: ServerResponse) {
    if (req.headers.apikey !== apiKey) return send(res, 401, { message: 'Invalid API key' });
    if (req.headers.authorization) problems.push('an Authorization header besides APIKEY');
    if (req.method === 'GET' && req.path === '/api/clienttether/contacts/groups')
      return send(res, 200, { success: true, data: groups });
    if (req.method === 'POST' && req.path === '/api/clienttether/contacts') {
      if (!req.headers['idempotency-key']) problems.push('contact without Idempotency-Key');
      const group = groups.find((g) => String(g.group_id) === String(req.body.group_id));
      if (!group) return send(res, 404, { message: 'Group not found' });
      contacts.push(req.body);
      return send(res, 201, {
        success: true,
        data: { contact_id: contacts.length, group_id: group.group_id },
      });
    }
    return send(res, 404, { message: 'Not found' });
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
        if (!(headers['content-type'] ?? '').startsWith('application/json'))
          problems.push(`${raw.method} ${url.pathname} body not JSON`);
        try {
          body = JSON.parse(text);
        } catch {
          problems.push(`${raw.method} ${url.pathname} body does not parse`);
        }
      }
      const req: SeenMbpRequest = { method: raw.method ?? 'GET', path: url.pathname, headers, body };
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
  const port = (server.address() as AddressInfo).port;

  return {
    apiKey,
    apiBase: `http://127.0.0.1:${port}/api`,
    seen,
    problems,
    groups,
    contacts,
    calls: (key: string) => seen.filter((r) => `${r.method} ${r.path}` === key),
    failNext(key: string, answer: Forced) {
      forced.set(key, [...(forced.get(key) ?? []), answer]);
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeMailboxPower = Awaited<ReturnType<typeof startFakeMailboxPower>>;
