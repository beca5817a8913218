import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small local stand-in for GoHighLevel's LeadConnector API v2 (never the internet in tests): the
 * token endpoint (authorization code with PKCE, refresh tokens good once), locations (a location
 * token reads only its own, an agency token any), their tags, the contact upsert and Custom Menu
 * Links (agency tokens only), answered the way GoHighLevel answers. It checks every request's shape
 * the way GoHighLevel would refuse it (form-encoded token requests with the app's credentials and
 * `user_type`, a bearer token and `Version: 2021-07-28` on every API call, JSON bodies) and lists
 * what was wrong in `problems`. A test can queue answers for the next calls to a path (`failNext`)
 * or make the server hang.
 */

export interface SeenGhlRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The parsed body: the form of a token request, the JSON of an API call. */
  body: Record<string, unknown>;
}

type Forced = { status: number; body: unknown } | 'hang';

const API_VERSION = '2021-07-28';
const COMPANY = 'cmp_fake_agency';

export async function startFakeGoHighLevel(
  options: { clientId?: string; clientSecret?: string; locations?: number } = {},
) {
  const clientId = options.clientId ?? 'ghl-test-client';
  const clientSecret = options.clientSecret ?? 'ghl-test-secret';
  const seen: SeenGhlRequest[] = [];
  const problems: string[] = [];
  const codes = new Map<
    string,
    { locationId: string; redirectUri: string; challenge: string; used: boolean }
  >();
  /** `locationId` null: an agency (Company) token, which reaches every location of the company. */
  const access = new Map<string, { locationId: string | null; expired: boolean }>();
  const refresh = new Map<string, { locationId: string; used: boolean }>();
  const locations = Array.from({ length: options.locations ?? 3 }, (_, i) => ({
    id: `loc_${i + 1}`,
    name: `Fake location ${i + 1}`,
    companyId: COMPANY,
    firstName: 'Fay',
    lastName: `Owner ${i + 1}`,
    email: `owner${i + 1}@fake-location.example`,
    phone: `+1303555${String(1100 + i)}`,
    country: 'US',
  }));
  const menus = new Map<string, Record<string, unknown>>();
  const tags = new Map<string, { id: string; name: string }[]>(
    locations.map((l) => [l.id, [{ id: `tag_${l.id}_1`, name: 'existing tag' }]]),
  );
  const contacts = new Map<string, Record<string, unknown>>();
  const forced = new Map<string, Forced[]>();
  const hanging = new Set<ServerResponse>();

  const token = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
  /** An agency's token (a Company install: no location), for the agency-level calls. */
  function issueAgencyToken() {
    const a = token('at_');
    access.set(a, { locationId: null, expired: false });
    return a;
  }
  function issueTokens(locationId: string) {
    const a = token('at_');
    const r = token('rt_');
    access.set(a, { locationId, expired: false });
    refresh.set(r, { locationId, used: false });
    return {
      access_token: a,
      token_type: 'Bearer',
      expires_in: 86399,
      refresh_token: r,
      scope: 'contacts.write locations.readonly',
      userType: 'Location',
      locationId,
      companyId: COMPANY,
      userId: 'usr_fake',
    };
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const apiError = (res: ServerResponse, status: number, message: string | string[]) =>
    send(res, status, { statusCode: status, message });

  function tokenEndpoint(req: SeenGhlRequest, res: ServerResponse) {
    const f = req.body as Record<string, string>;
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      problems.push('token request not form-encoded');
    if (f.client_id !== clientId || f.client_secret !== clientSecret)
      return send(res, 401, { error: 'invalid_client', error_description: 'Invalid client credentials' });
    if (f.user_type !== 'Location') problems.push(`token request with user_type ${f.user_type}`);
    if (f.grant_type === 'authorization_code') {
      const code = codes.get(f.code ?? '');
      if (!code || code.used)
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'Invalid grant: code is invalid',
        });
      code.used = true;
      if (code.redirectUri !== f.redirect_uri)
        return send(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri mismatch' });
      const challenge = createHash('sha256')
        .update(f.code_verifier ?? '')
        .digest('base64url');
      if (challenge !== code.challenge)
        return send(res, 400, { error: 'invalid_grant', error_description: 'code_verifier mismatch' });
      return send(res, 200, issueTokens(code.locationId));
    }
    if (f.grant_type === 'refresh_token') {
      const known = refresh.get(f.refresh_token ?? '');
      if (!known || known.used)
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'Invalid grant: refresh token is invalid',
        });
      known.used = true;
      return send(res, 200, issueTokens(known.locationId));
    }
    return send(res, 400, { error: 'unsupported_grant_type' });
  }

  function api(req: SeenGhlRequest, res: ServerResponse) {
    if (req.headers.version !== API_VERSION) problems.push(`${req.method} ${req.path} without Version`);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const caller = access.get(bearer);
    if (!caller || caller.expired) return apiError(res, 401, 'Invalid JWT');
    const parts = req.path.split('/').filter(Boolean);
    if (req.method === 'GET' && req.path === '/locations/search') {
      if (req.query.companyId !== COMPANY) return apiError(res, 403, 'Forbidden resource');
      const skip = Number(req.query.skip ?? 0);
      const limit = Number(req.query.limit ?? 10);
      return send(res, 200, { locations: locations.slice(skip, skip + limit) });
    }
    if (req.method === 'GET' && parts[0] === 'locations' && parts.length === 2) {
      const location = locations.find((l) => l.id === parts[1]);
      if (!location) return apiError(res, 404, 'Location not found');
      if (caller.locationId !== null && caller.locationId !== location.id)
        return apiError(res, 403, 'The token does not have access to this location.');
      return send(res, 200, { location });
    }
    if (parts[0] === 'custom-menus') return customMenus(req, res, caller.locationId === null);
    if (req.method === 'GET' && parts[0] === 'locations' && parts[2] === 'tags') {
      const list = tags.get(parts[1] ?? '');
      return list ? send(res, 200, { tags: list }) : apiError(res, 404, 'Location not found');
    }
    if (req.method === 'POST' && req.path === '/contacts/upsert') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
        problems.push('upsert not JSON');
      const b = req.body as { locationId?: string; email?: string; phone?: string; tags?: string[] };
      if (!b.locationId) return apiError(res, 422, ['locationId should not be empty']);
      if (b.locationId !== caller.locationId)
        return apiError(res, 403, 'The token does not have access to this location.');
      if (b.email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(b.email))
        return apiError(res, 422, ['email must be an email']);
      const key = `${b.locationId}:${b.email ?? b.phone}`;
      const existing = contacts.get(key);
      const contact = { id: (existing?.id as string) ?? token('ct_'), ...b };
      contacts.set(key, contact);
      return send(res, existing ? 200 : 201, { new: !existing, contact, traceId: 'trace' });
    }
    return apiError(res, 404, `Cannot ${req.method} ${req.path}`);
  }

  /** Custom Menu Links: an agency token only; the create body checked as GoHighLevel's DTO is. */
  function customMenus(req: SeenGhlRequest, res: ServerResponse, agency: boolean) {
    if (!agency) return apiError(res, 403, 'Forbidden resource');
    const id = req.path.split('/').filter(Boolean)[1];
    if (req.method === 'POST' && req.path === '/custom-menus/') {
      const b = req.body as Record<string, unknown>;
      const wrong: string[] = [];
      for (const field of ['title', 'url', 'openMode', 'userRole'])
        if (typeof b[field] !== 'string' || b[field] === '') wrong.push(`${field} should not be empty`);
      for (const field of ['showOnCompany', 'showOnLocation', 'showToAllLocations'])
        if (typeof b[field] !== 'boolean') wrong.push(`${field} must be a boolean value`);
      const icon = b.icon as { name?: unknown; fontFamily?: unknown } | undefined;
      if (typeof icon?.name !== 'string' || !['fab', 'fas', 'far'].includes(String(icon.fontFamily)))
        wrong.push('icon must be an object');
      if (!Array.isArray(b.locations)) wrong.push('locations must be an array');
      if (typeof b.url === 'string' && !/^https?:\/\//.test(b.url)) wrong.push('url must be a URL address');
      if (wrong.length > 0) return apiError(res, 422, wrong);
      const menu = { id: token('cm_'), ...b };
      menus.set(menu.id, menu);
      return send(res, 201, { customMenu: menu });
    }
    const menu = id ? menus.get(id) : undefined;
    if (req.method === 'GET' && id)
      return menu ? send(res, 200, { customMenu: menu }) : apiError(res, 404, 'Custom menu not found');
    if (req.method === 'DELETE' && id) {
      if (!menu) return apiError(res, 404, 'Custom menu not found');
      menus.delete(id);
      return send(res, 200, {
        success: true,
        message: 'Custom menu successfully deleted',
        deletedMenuId: id,
        deletedAt: new Date().toISOString(),
      });
    }
    return apiError(res, 404, `Cannot ${req.method} ${req.path}`);
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
      if ((headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        body = Object.fromEntries(new URLSearchParams(text));
      else if (text)
        try {
          body = JSON.parse(text);
        } catch {
          problems.push(`${raw.method} ${url.pathname} with a body that is not JSON`);
        }
      const req: SeenGhlRequest = {
        method: raw.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
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
      if (req.method === 'POST' && req.path === '/oauth/token') return tokenEndpoint(req, res);
      return api(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    clientId,
    clientSecret,
    companyId: COMPANY,
    locations,
    seen,
    problems,
    contacts,
    /** What the consent page does when the person allows: a code for the location. */
    issueCode(input: { locationId: string; redirectUri: string; codeChallenge: string }) {
      const code = token('code_');
      codes.set(code, { ...input, challenge: input.codeChallenge, used: false });
      return code;
    },
    /** Tokens a test hands the provider directly (as if a sign-in had just happened). */
    issueTokens,
    issueAgencyToken,
    /** The Custom Menu Links the fake keeps, by id. */
    menus,
    expireAccessTokens() {
      for (const t of access.values()) t.expired = true;
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

export type FakeGoHighLevel = Awaited<ReturnType<typeof startFakeGoHighLevel>>;
