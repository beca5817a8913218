import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small local stand-in for Kartra's inbound API (never the internet in tests): one POST endpoint,
 * form-encoded, with the app id and one account's API key and password; its lists and tags (by
 * name), and leads found by e-mail that commands act on in order, answered as Kartra answers
 * (HTTP 200 and `{ status, message, type }`, its documented messages). It reads the form the PHP
 * way (`lead[email]`, `actions[0][cmd]`), checks every request's shape (form content type,
 * User-Agent, the three credentials) and lists what was wrong in `problems`. A test can queue
 * answers for the next calls (`failNext`) or make one hang.
 */

export interface SeenKartraRequest {
  headers: Record<string, string>;
  form: URLSearchParams;
  lead: Record<string, string>;
  actions: Record<string, string>[];
}

type Forced = { status: number; body: unknown } | 'hang';

export async function startFakeKartra(
  options: { appId?: string; apiKey?: string; apiPassword?: string; lists?: string[]; tags?: string[] } = {},
) {
  const appId = options.appId ?? 'fake-app-id';
  const apiKey = options.apiKey ?? 'kartra-fake-key';
  const apiPassword = options.apiPassword ?? 'kartra-fake-password';
  const lists = options.lists ?? ['Newsletter', 'Buyers'];
  const tags = options.tags ?? ['new lead', 'hot'];
  const seen: SeenKartraRequest[] = [];
  const problems: string[] = [];
  const leads = new Map<string, { fields: Record<string, string>; lists: Set<string>; tags: Set<string> }>();
  const forced: Forced[] = [];
  const hanging = new Set<ServerResponse>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (message: string, type: string) => ({ status: 'Error', message, type });

  /** `lead[email]` → lead.email; `actions[1][list_name]` → actions[1].list_name. */
  function parse(form: URLSearchParams) {
    const lead: Record<string, string> = {};
    const actions: Record<string, string>[] = [];
    for (const [name, value] of form) {
      const l = /^lead\[(\w+)\]$/.exec(name);
      if (l) lead[l[1] as string] = value;
      const a = /^actions\[(\d+)\]\[(\w+)\]$/.exec(name);
      if (a) {
        const i = Number(a[1]);
        actions[i] = { ...(actions[i] ?? {}), [a[2] as string]: value };
      }
    }
    return { lead, actions };
  }

  function handle(req: SeenKartraRequest): unknown {
    const { form, lead, actions } = req;
    if (!form.get('app_id')) return error('App Id cannot be empty. Please get an App Id first', '238');
    if (form.get('app_id') !== appId)
      return error('App Id is not valid. The app does not exists or is inactive', '239');
    if (!form.get('api_key')) return error('API key cannot be empty. Please get an API key first', '202');
    if (form.get('api_key') !== apiKey) return error('API key not valid. Please get an API key first', '203');
    if (form.get('api_password') !== apiPassword)
      return error('API password not valid. Please get an API password first', '233');
    if (actions.length === 0) return error("'actions' not an array", '224');
    const email = lead.email?.toLowerCase();
    const results: unknown[] = [];
    const extra: Record<string, unknown> = {};
    for (const action of actions) {
      const known = email ? leads.get(email) : undefined;
      switch (action?.cmd) {
        case 'retrieve_account_lists':
          extra.account_lists = lists;
          break;
        case 'retrieve_account_tags':
          extra.account_tags = tags;
          break;
        case 'create_lead': {
          if (!email) return error('email or lead id is required. Nothing done', '206');
          if (known) return error('Lead already exists', '244');
          const { email: _e, ...fields } = lead;
          leads.set(email, { fields, lists: new Set(), tags: new Set() });
          break;
        }
        case 'edit_lead': {
          if (!known) return error('Lead not found', '205');
          const { email: _e, ...fields } = lead;
          Object.assign(known.fields, fields);
          break;
        }
        case 'subscribe_lead_to_list':
          if (!known) return error('Lead not found', '205');
          if (!action.list_name) return error('List cannot be empty', '207');
          if (!lists.includes(action.list_name)) return error('List does not exist', '231');
          known.lists.add(action.list_name);
          break;
        case 'assign_tag':
          if (!known) return error('Lead not found', '205');
          if (!action.tag_name) return error('Tag cannot be empty', '211');
          if (!tags.includes(action.tag_name)) return error('Tag does not exist', '212');
          known.tags.add(action.tag_name);
          break;
        default:
          return error("'cmd' is required", '254');
      }
      results.push({ [action.cmd]: { status: 'Success' } });
    }
    return { status: 'Success', actions: results, ...extra };
  }

  const server = createServer((raw: IncomingMessage, res: ServerResponse) => {
    let text = '';
    raw.on('data', (chunk) => {
      text += chunk;
    });
    raw.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(raw.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
      );
      if (raw.method !== 'POST' || raw.url !== '/api') problems.push(`${raw.method} ${raw.url}`);
      if (headers['content-type'] !== 'application/x-www-form-urlencoded')
        problems.push('body not form-encoded');
      if (!headers['user-agent']) problems.push('no User-Agent');
      const form = new URLSearchParams(text);
      const req: SeenKartraRequest = { headers, form, ...parse(form) };
      seen.push(req);
      const next = forced.shift();
      if (next === 'hang') {
        hanging.add(res);
        return;
      }
      if (next) return send(res, next.status, next.body);
      send(res, 200, handle(req));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    appId,
    apiKey,
    apiPassword,
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    seen,
    problems,
    leads,
    /** The next answer to any call. */
    failNext(answer: Forced) {
      forced.push(answer);
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeKartra = Awaited<ReturnType<typeof startFakeKartra>>;
