import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small local stand-in for SendJim's Public API v3 (never the internet in tests): the grant
 * exchange (`POST /OAuth/Grant` with the app's client key and secret and a one-time request token)
 * and the API under `/api` (`/user`, `/quicksends`, `/contact-quicksend`), answered the way SendJim
 * answers (HTTP 200 with a non-zero `Code` and a `Message` when it refuses; 401 for an unknown
 * grant token). It checks each request's shape (`Authorization: Token …`, `api_version: 3`, JSON
 * bodies) and lists what was wrong in `problems`. A test can queue answers for the next calls to a
 * route (`failNext`), make one hang, or end a grant.
 */

export interface SeenSendJimRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

type Forced = { status: number; body: unknown } | 'hang';

export async function startFakeSendJim(options: { clientKey?: string; clientSecret?: string } = {}) {
  const clientKey = options.clientKey ?? 'sj-test-key';
  const clientSecret = options.clientSecret ?? 'sj-test-secret';
  const seen: SeenSendJimRequest[] = [];
  const problems: string[] = [];
  const requestTokens = new Map<string, { used: boolean }>();
  const grants = new Set<string>();
  const quickSends = [
    { QuickSendID: 501, Name: 'Just Sold postcard', QuickSendSequences: [{ CreditsCost: 1.5 }] },
    { QuickSendID: 502, Name: '   ', QuickSendSequences: [{ CreditsCost: 1 }] },
  ];
  const mailed: Record<string, unknown>[] = [];
  const forced = new Map<string, Forced[]>();
  const hanging = new Set<ServerResponse>();
  const token = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const refusal = (res: ServerResponse, code: number, message: string) =>
    send(res, 200, { Code: code, Message: message });

  function grant(req: SeenSendJimRequest, res: ServerResponse) {
    const b = req.body as { ClientKey?: string; ClientSecret?: string; RequestToken?: string };
    if (b.ClientKey !== clientKey || b.ClientSecret !== clientSecret)
      return refusal(res, 401, 'Invalid client key or secret.');
    const known = requestTokens.get(b.RequestToken ?? '');
    if (!known || known.used) return refusal(res, 412, 'Request token is invalid or expired.');
    known.used = true;
    const grantToken = token('gt_');
    grants.add(grantToken);
    return send(res, 200, { GrantToken: grantToken });
  }

  function api(req: SeenSendJimRequest, res: ServerResponse) {
    const grantToken = /^Token (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!grants.has(grantToken))
      return send(res, 401, { Message: 'Authorization has been denied for this request.' });
    if (req.method === 'GET' && req.path === '/api/user')
      return send(res, 200, { UserID: 42, Email: 'owner@fake-sendjim.example', CompanyName: 'Fake Realty' });
    if (req.method === 'GET' && req.path === '/api/quicksends')
      return send(res, 200, { QuickSends: quickSends });
    if (req.method === 'POST' && req.path === '/api/contact-quicksend') {
      const b = req.body as { QuickSendID?: unknown; ContactData?: Record<string, unknown> };
      if (!quickSends.some((q) => q.QuickSendID === b.QuickSendID))
        return refusal(res, 404, 'QuickSend not found.');
      const c = b.ContactData ?? {};
      for (const field of ['FirstName', 'LastName', 'StreetAddress', 'City', 'State', 'PostalCode'])
        if (typeof c[field] !== 'string' || c[field] === '')
          return refusal(res, 412, `${field} is required.`);
      mailed.push({ ...b, idempotencyKey: req.headers['idempotency-key'] });
      return send(res, 200, { Code: 0, Message: 'Success', ContactID: 9000 + mailed.length });
    }
    return send(res, 404, {
      Message: `No HTTP resource was found that matches the request URI '${req.path}'.`,
    });
  }

  const server = createServer((raw: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    raw.on('data', (c: Buffer) => chunks.push(c));
    raw.on('end', () => {
      const url = new URL(raw.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(raw.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
      );
      let body: Record<string, unknown> = {};
      if (text)
        try {
          body = JSON.parse(text);
        } catch {
          problems.push(`${raw.method} ${url.pathname} with a body that is not JSON`);
        }
      const req: SeenSendJimRequest = { method: raw.method ?? '', path: url.pathname, headers, body };
      seen.push(req);
      const route = `${req.method} ${req.path}`;
      if (headers.api_version !== '3') problems.push(`${route} without api_version: 3`);
      if (text && !(headers['content-type'] ?? '').startsWith('application/json'))
        problems.push(`${route} body not sent as JSON`);
      const next = forced.get(route)?.shift();
      if (next === 'hang') {
        hanging.add(res);
        return;
      }
      if (next) return send(res, next.status, next.body);
      if (route === 'POST /OAuth/Grant') return grant(req, res);
      return api(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** Where `/OAuth/Account` and `/OAuth/Grant` are. */
    oauthBase: base,
    apiBase: `${base}/api`,
    clientKey,
    clientSecret,
    seen,
    problems,
    mailed,
    /** What SendJim's sign-in page gives the callback when the person allows. */
    issueRequestToken() {
      const t = token('rq_');
      requestTokens.set(t, { used: false });
      return t;
    },
    /** A grant a test hands the provider directly (as if a sign-in had just happened). */
    issueGrant() {
      const t = token('gt_');
      grants.add(t);
      return t;
    },
    /** The account removed the app: its grants stop working. */
    endGrants() {
      grants.clear();
    },
    /** The next answers to `METHOD /path`, before the fake's own. */
    failNext(route: string, ...answers: Forced[]) {
      forced.set(route, [...(forced.get(route) ?? []), ...answers]);
    },
    calls: (route: string) => seen.filter((r) => `${r.method} ${r.path}` === route),
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeSendJim = Awaited<ReturnType<typeof startFakeSendJim>>;
