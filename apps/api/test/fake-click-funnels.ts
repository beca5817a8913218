import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small local stand-in for the ClickFunnels 2.0 API (never the internet in tests): one team
 * (its subdomain the path's first segment here, where ClickFunnels has it in the host name: a
 * `*.localhost` name does not resolve everywhere), its workspaces,
 * their tags (20 a page, `after` cursor), contacts upserted by e-mail and applied tags, answered the
 * way ClickFunnels answers (`{ error }` bodies, bare arrays for lists). It checks every request's
 * shape (bearer key, JSON body, User-Agent, the body's wrapping key) and lists what was wrong in
 * `problems`. A test can queue answers for the next calls to a path (`failNext`) or make it hang.
 */

export interface SeenCfRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  host: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

type Forced = { status: number; body: unknown } | 'hang';

export async function startFakeClickFunnels(
  options: { apiKey?: string; subdomain?: string; tags?: number } = {},
) {
  const apiKey = options.apiKey ?? 'cf-test-key';
  const subdomain = options.subdomain ?? 'myteam';
  const seen: SeenCfRequest[] = [];
  const problems: string[] = [];
  const workspaces = [{ id: 42, public_id: 'wsPub42', name: 'Fake workspace', team_id: 7 }];
  let nextId = 1000;
  const tags = new Map<
    number,
    { id: number; public_id: string; name: string; color: string; workspace_id: number }
  >();
  for (let i = 1; i <= (options.tags ?? 3); i++) {
    const id = nextId++;
    tags.set(id, {
      id,
      public_id: `tag${id}`,
      name: `existing tag ${i}`,
      color: '#59b0a8',
      workspace_id: 42,
    });
  }
  const contacts = new Map<
    string,
    { id: number; email_address: string; fields: Record<string, unknown>; tagIds: Set<number> }
  >();
  const forced = new Map<string, Forced[]>();
  const hanging = new Set<ServerResponse>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const contactView = (c: {
    id: number;
    email_address: string;
    fields: Record<string, unknown>;
    tagIds: Set<number>;
  }) => ({
    id: c.id,
    public_id: `ct${c.id}`,
    workspace_id: 42,
    email_address: c.email_address,
    ...c.fields,
    tags: [...c.tagIds].map((t) => tags.get(t)).filter(Boolean),
  });

  function handle(req: SeenCfRequest, res: ServerResponse) {
    if (req.headers.authorization !== `Bearer ${apiKey}`) return send(res, 401, { error: 'Unauthorized' });
    if (!req.headers['user-agent']) problems.push(`${req.method} ${req.path} without User-Agent`);
    if (req.host !== subdomain) return send(res, 401, { error: 'Unauthorized' });
    // /{subdomain}/api/v2/...
    const parts = req.path.split('/').filter(Boolean).slice(1);
    if (parts[0] !== 'api' || parts[1] !== 'v2') return send(res, 404, { error: 'Not found' });
    const [resource, id, sub, sub2] = parts.slice(2);
    if (resource === 'workspaces') {
      const ws = workspaces.find((w) => String(w.id) === id || w.public_id === id);
      if (!ws) return send(res, 404, { error: 'Not found' });
      if (req.method === 'GET' && !sub) return send(res, 200, ws);
      if (sub === 'contacts' && sub2 === 'tags' && req.method === 'GET') {
        const after = Number(req.query.after ?? 0);
        const page = [...tags.values()].filter((t) => t.id > after).slice(0, 20);
        if (page.length === 20) res.setHeader('pagination-next', String(page.at(-1)?.id));
        return send(res, 200, page);
      }
      if (sub === 'contacts' && sub2 === 'tags' && req.method === 'POST') {
        const tag = req.body.contacts_tag as { name?: unknown } | undefined;
        if (!tag || typeof tag.name !== 'string' || !tag.name)
          return send(res, 422, { errors: { name: ["can't be blank"] } });
        if ([...tags.values()].some((t) => t.name.toLowerCase() === String(tag.name).toLowerCase()))
          return send(res, 422, { errors: { name: ['has already been taken'] } });
        const created = {
          id: nextId++,
          public_id: `tag${nextId}`,
          name: tag.name,
          color: '#000000',
          workspace_id: ws.id,
        };
        tags.set(created.id, created);
        return send(res, 201, created);
      }
      if (sub === 'contacts' && sub2 === 'upsert' && req.method === 'POST') {
        const c = req.body.contact as Record<string, unknown> | undefined;
        if (!c) {
          problems.push('upsert without a contact key');
          return send(res, 400, { error: 'param is missing or the value is empty: contact' });
        }
        if (typeof c.email_address !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.email_address))
          return send(res, 422, { errors: { email_address: ['is invalid'] } });
        if ('tag_ids' in c) problems.push('upsert with tag_ids (would replace the contact’s tags)');
        const { email_address, ...fields } = c;
        const known = contacts.get(email_address);
        if (known) {
          Object.assign(known.fields, fields);
          return send(res, 200, contactView(known));
        }
        const created = { id: nextId++, email_address, fields, tagIds: new Set<number>() };
        contacts.set(email_address, created);
        return send(res, 201, contactView(created));
      }
    }
    if (resource === 'contacts' && sub === 'applied_tags' && req.method === 'POST') {
      const contact = [...contacts.values()].find((c) => String(c.id) === id);
      if (!contact) return send(res, 404, { error: 'Not found' });
      const tagId = (req.body.contacts_applied_tag as { tag_id?: unknown } | undefined)?.tag_id;
      if (typeof tagId !== 'number') problems.push(`applied tag with tag_id ${JSON.stringify(tagId)}`);
      const tag = tags.get(Number(tagId));
      if (!tag) return send(res, 404, { error: 'Not found' });
      if (contact.tagIds.has(tag.id))
        return send(res, 422, { errors: { tag_id: ['has already been taken'] } });
      contact.tagIds.add(tag.id);
      return send(res, 201, { id: nextId++, contact_id: contact.id, tag_id: tag.id });
    }
    return send(res, 404, { error: 'Not found' });
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
      const req: SeenCfRequest = {
        method: raw.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        host: url.pathname.split('/')[1] ?? '',
        headers,
        body,
      };
      seen.push(req);
      const queue = forced.get(`${req.method} ${req.path}`);
      const next = queue?.shift();
      if (next === 'hang') {
        hanging.add(res);
        return;
      }
      if (next) return send(res, next.status, next.body);
      handle(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const full = (key: string) => key.replace(' /', ` /${subdomain}/api/v2/`);
  const port = (server.address() as AddressInfo).port;

  return {
    apiKey,
    subdomain,
    /** The template the adapter is given (`{subdomain}` in the path: see above). */
    apiBase: `http://127.0.0.1:${port}/{subdomain}/api/v2`,
    seen,
    problems,
    tags,
    contacts,
    /** The calls to `METHOD /api/path` (under the team's segment). */
    calls: (key: string) => seen.filter((r) => `${r.method} ${r.path}` === full(key)),
    /** The next answer to `METHOD /api/path`. */
    failNext(key: string, answer: Forced) {
      forced.set(full(key), [...(forced.get(full(key)) ?? []), answer]);
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeClickFunnels = Awaited<ReturnType<typeof startFakeClickFunnels>>;
