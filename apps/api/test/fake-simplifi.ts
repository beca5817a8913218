import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { US_STATES } from '@app/contracts';

/*
 * A small local stand-in for Simpli.fi's REST API (never the internet in tests; decision 0112),
 * answering the calls the real adapter makes the way the API documentation shows them: lists named
 * by resource (`{ organizations: [...], paging }`), `X-App-Key` / `X-User-Key` on every call (401
 * otherwise), 404 for unknown objects, 422 with `{ errors: [...] }` for refusals (a campaign cannot
 * activate without a place, pause unless active; a segment in use by an active campaign cannot be
 * deleted), campaigns made as empty drafts and then PUT, keywords and ads uploaded as multipart. A
 * test seeds first-party segments and stats, queues answers (`failNext`), and reads what was sent
 * (`seen`) and what was wrong with it (`problems`).
 */

export interface SeenSimplifiRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  json: Record<string, unknown> | null;
  form: Record<string, { value: string; fileName?: string; contentType?: string; bytes?: Buffer }>;
}

interface Org {
  id: number;
  name: string;
  custom_id: string;
  ancestry: string;
}
interface Campaign {
  id: number;
  org: number;
  name: string;
  custom_id: string | null;
  type: number;
  start_date: string | null;
  end_date: string | null;
  bid: string | null;
  goal: { goal_type: string; goal_value: string } | null;
  daily_budget: string | null;
  total_budget: string | null;
  status: 'Draft' | 'Active' | 'Paused' | 'Ended';
  geo: number[];
  postal: string[];
  keywords: string[];
  segments: { id: number; first_party_segment_id: number }[];
}
interface Ad {
  id: number;
  org: number;
  campaign: number;
  name: string;
  status: 'Active' | 'Paused' | 'Deleted';
  target_url: string;
  file_type: number;
  size: number;
  primary_creative: string;
  bytes: number;
}

const US = 8180;
const CITIES = [
  { id: 50001, name: 'Austin', state: 'TX' },
  { id: 50002, name: 'Dallas', state: 'TX' },
  { id: 50003, name: 'Tulsa', state: 'OK' },
];
const AD_SIZES = [
  { id: 1, width: 300, height: 250 },
  { id: 2, width: 728, height: 90 },
  { id: 3, width: 160, height: 600 },
  { id: 4, width: 320, height: 50 },
  { id: 5, width: 300, height: 600 },
  { id: 7, width: 120, height: 60 },
];

const csvField = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The first field of a CSV line, quoted or not ("keyword,max bid"). */
function firstCsvField(line: string): string {
  const quoted = /^"((?:[^"]|"")*)"/.exec(line);
  return quoted ? (quoted[1] ?? '').replace(/""/g, '"') : (line.split(',')[0] ?? '').trim();
}

function parseMultipart(body: Buffer, contentType: string): SeenSimplifiRequest['form'] | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return null;
  const marker = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const form: SeenSimplifiRequest['form'] = {};
  let at = body.indexOf(marker);
  while (at >= 0) {
    const next = body.indexOf(marker, at + marker.length);
    if (next < 0) break;
    const part = body.subarray(at + marker.length + 2, next - 2); // skip CRLF after marker, before next
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const name = /name="([^"]*)"/.exec(head)?.[1];
    const fileName = /filename="([^"]*)"/.exec(head)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
    if (name)
      form[name] = fileName
        ? { value: '', fileName, contentType: type, bytes: Buffer.from(content) }
        : { value: content.toString('utf8') };
    at = next;
  }
  return form;
}

export async function startFakeSimplifi(options: { appKey?: string; userKey?: string } = {}) {
  const appKey = options.appKey ?? 'app-key-fake';
  const userKey = options.userKey ?? 'user-key-fake';
  const seen: SeenSimplifiRequest[] = [];
  const problems: string[] = [];
  const forced = new Map<string, { status: number; body: unknown }[]>();
  const orgs = new Map<number, Org>([[5000, { id: 5000, name: 'LeadOrbit', custom_id: '', ancestry: '0' }]]);
  const campaigns = new Map<number, Campaign>();
  const ads = new Map<number, Ad>();
  const segments = new Map<
    number,
    { id: number; org: number; name: string; user_count: number; active: boolean }
  >();
  const stats: {
    campaign: number;
    ad: number | null;
    day: string;
    impressions: number;
    clicks: number;
    spend: string;
  }[] = [];
  let nextId = 7000;
  let base = '';

  const states = US_STATES.map((s, i) => ({ id: 9000 + i, name: s.name, code: s.code }));
  const geoTargets = [
    { id: US, name: 'United States', parent_id: null as number | null },
    ...states.map((s) => ({ id: s.id, name: s.name, parent_id: US as number | null })),
    ...CITIES.map((c) => ({
      id: c.id,
      name: c.name,
      parent_id: (states.find((s) => s.code === c.state)?.id ?? null) as number | null,
    })),
  ];

  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, message: string) => send(res, 422, { errors: [message] });
  const notFound = (res: ServerResponse) => send(res, 404, { errors: ['Not Found'] });
  const paged = (res: ServerResponse, req: SeenSimplifiRequest, list: string, items: unknown[]) => {
    const size = Number(req.query.size ?? 50);
    const page = Number(req.query.page ?? 1);
    send(res, 200, {
      [list]: items.slice((page - 1) * size, page * size),
      paging: { page, size, total: items.length },
    });
  };

  const orgJson = (o: Org) => ({ ...o, resource: `${base}/api/organizations/${o.id}` });
  const campaignJson = (c: Campaign) => ({
    resource: `${base}/api/organizations/${c.org}/campaigns/${c.id}`,
    id: c.id,
    name: c.name,
    custom_id: c.custom_id,
    campaign_type: {
      id: c.type,
      name: ['', 'Search', 'Contextual', 'Site Retargeting', 'IP Targeting', 'Geo Optimized'][c.type],
    },
    start_date: c.start_date,
    end_date: c.end_date,
    bid_type: { id: 1, name: 'CPM' },
    bid: c.bid === null ? null : Number(c.bid),
    campaign_goal: c.goal ? { goal_type: c.goal.goal_type, goal_value: Number(c.goal.goal_value) } : null,
    daily_budget: c.daily_budget === null ? null : Number(c.daily_budget),
    total_budget: c.total_budget === null ? null : Number(c.total_budget),
    status: c.status,
  });
  const adJson = (a: Ad) => {
    const path = `${base}/api/organizations/${a.org}/campaigns/${a.campaign}/ads/${a.id}`;
    return {
      resource: path,
      id: a.id,
      name: a.name,
      status: a.status,
      target_url: a.target_url,
      primary_creative: a.primary_creative,
      actions:
        a.status === 'Active'
          ? [{ pause: { href: `${path}/pause`, method: 'POST' } }]
          : a.status === 'Paused'
            ? [{ activate: { href: `${path}/activate`, method: 'POST' } }]
            : [],
      resources: [
        { ad_file_types: `${base}/api/ad_file_types/${a.file_type}` },
        { ad_sizes: `${base}/api/ad_sizes/${a.size}` },
      ],
    };
  };
  const dollars = (v: unknown) => v === null || (typeof v === 'string' && /^\d+(\.\d{1,6})?$/.test(v));

  function putCampaign(c: Campaign, body: Record<string, unknown>, res: ServerResponse) {
    const fields = (body.campaign ?? {}) as Record<string, unknown>;
    if ('campaign_type_id' in fields && ![1, 2, 3, 4, 5].includes(Number(fields.campaign_type_id)))
      return refuse(res, 'Campaign type is not valid');
    for (const money of ['bid', 'daily_budget', 'total_budget'])
      if (money in fields && !dollars(fields[money])) {
        problems.push(`${money} not sent as dollar text: ${JSON.stringify(fields[money])}`);
        return refuse(res, `${money} is not a number`);
      }
    const goal = fields.campaign_goal as { goal_type?: string; goal_value?: unknown } | null | undefined;
    if (goal && (!['cpc', 'cpa', 'ctr'].includes(goal.goal_type ?? '') || !dollars(goal.goal_value)))
      return refuse(res, 'Campaign goal is not valid');
    if ('geo_target_ids' in fields) {
      const ids = (fields.geo_target_ids as unknown[]).map(Number);
      if (ids.some((id) => !geoTargets.some((g) => g.id === id))) return refuse(res, 'Geo targets not valid');
      c.geo = ids;
    }
    if ('postal_codes' in fields) {
      const values =
        (fields.postal_codes as { values?: { postal_code: string; country_code: string }[] }).values ?? [];
      if (values.some((v) => !/^\d{5}$/.test(v.postal_code) || v.country_code !== 'USA'))
        return refuse(res, 'Postal codes not valid');
      c.postal = values.map((v) => v.postal_code);
    }
    if ('name' in fields) c.name = String(fields.name);
    if ('custom_id' in fields) c.custom_id = fields.custom_id as string | null;
    if ('campaign_type_id' in fields) c.type = Number(fields.campaign_type_id);
    if ('start_date' in fields) c.start_date = fields.start_date as string | null;
    if ('end_date' in fields) c.end_date = fields.end_date as string | null;
    if ('bid' in fields) c.bid = fields.bid as string | null;
    if ('daily_budget' in fields) c.daily_budget = fields.daily_budget as string | null;
    if ('total_budget' in fields) c.total_budget = fields.total_budget as string | null;
    if ('campaign_goal' in fields) c.goal = (goal ?? null) as Campaign['goal'];
    send(res, 200, { campaigns: [campaignJson(c)] });
  }

  function handle(req: SeenSimplifiRequest, res: ServerResponse) {
    if (req.headers['x-app-key'] !== appKey || req.headers['x-user-key'] !== userKey)
      return send(res, 401, { errors: ['The API keys are not valid'] });
    const { method, path } = req;
    let m: RegExpExecArray | null;

    if (method === 'GET' && path === '/api/geo_targets') {
      const byName = req.query.name?.toLowerCase();
      const parent = req.query.parent_id;
      const rows = geoTargets.filter((g) =>
        byName !== undefined
          ? g.name.toLowerCase() === byName
          : parent !== undefined
            ? String(g.parent_id) === parent
            : g.parent_id === null,
      );
      return paged(
        res,
        req,
        'geo_targets',
        rows.map((g) => ({ ...g, active: true })),
      );
    }
    if (method === 'GET' && path === '/api/ad_sizes') return paged(res, req, 'ad_sizes', AD_SIZES);

    if (method === 'GET' && path === '/api/organizations') {
      const rows = [...orgs.values()].filter(
        (o) =>
          (req.query.custom_id === undefined || o.custom_id === req.query.custom_id) &&
          (req.query.name === undefined || o.name === req.query.name),
      );
      return paged(res, req, 'organizations', rows.map(orgJson));
    }
    if (method === 'POST' && path === '/api/organizations') {
      const o = (req.json?.organization ?? {}) as { name?: string; parent_id?: string; custom_id?: string };
      if (!o.name) return refuse(res, "Name can't be blank");
      const parent = o.parent_id === undefined ? null : orgs.get(Number(o.parent_id));
      if (o.parent_id !== undefined && !parent) return refuse(res, 'Parent is not valid');
      const id = ++nextId;
      const org = {
        id,
        name: o.name,
        custom_id: o.custom_id ?? '',
        ancestry: parent ? `${parent.ancestry}/${parent.id}` : '0',
      };
      orgs.set(id, org);
      return send(res, 201, { organizations: [orgJson(org)] });
    }
    m = /^\/api\/organizations\/(\d+)$/.exec(path);
    if (m) {
      const org = orgs.get(Number(m[1]));
      if (!org) return notFound(res);
      if (method === 'GET') return send(res, 200, { organizations: [orgJson(org)] });
      if (method === 'PUT') {
        const o = (req.json?.organization ?? {}) as { name?: string; custom_id?: string };
        if (o.name !== undefined) org.name = o.name;
        if (o.custom_id !== undefined) org.custom_id = o.custom_id;
        return send(res, 200, { organizations: [orgJson(org)] });
      }
    }
    m = /^\/api\/organizations\/(\d+)\/children$/.exec(path);
    if (method === 'GET' && m) {
      const id = Number(m[1]);
      if (!orgs.has(id)) return notFound(res);
      const rows = [...orgs.values()].filter((o) => o.ancestry.split('/').at(-1) === String(id));
      return paged(res, req, 'organizations', rows.map(orgJson));
    }

    m = /^\/api\/organizations\/(\d+)\/campaigns$/.exec(path);
    if (m) {
      const org = Number(m[1]);
      if (!orgs.has(org)) return notFound(res);
      if (method === 'GET')
        return paged(
          res,
          req,
          'campaigns',
          [...campaigns.values()].filter((c) => c.org === org).map(campaignJson),
        );
      if (method === 'POST') {
        if (req.json && Object.keys(req.json).length > 0) problems.push('campaign POST with params');
        const c: Campaign = {
          id: ++nextId,
          org,
          name: 'New Campaign',
          custom_id: null,
          type: 1,
          start_date: null,
          end_date: null,
          bid: null,
          goal: null,
          daily_budget: null,
          total_budget: null,
          status: 'Draft',
          geo: [],
          postal: [],
          keywords: [],
          segments: [],
        };
        campaigns.set(c.id, c);
        return send(res, 201, { campaigns: [campaignJson(c)] });
      }
    }
    m = /^\/api\/organizations\/(\d+)\/campaigns\/(\d+)$/.exec(path);
    if (m && method === 'PUT') {
      const c = campaigns.get(Number(m[2]));
      if (!c || c.org !== Number(m[1]) || c.status === 'Ended') return notFound(res);
      return putCampaign(c, req.json ?? {}, res);
    }
    m = /^\/api\/organizations\/(\d+)\/campaigns\/(\d+)\/keywords(\/download)?$/.exec(path);
    if (m) {
      const c = campaigns.get(Number(m[2]));
      if (!c || c.org !== Number(m[1])) return notFound(res);
      if (method === 'GET' && m[3])
        return send(res, 200, c.keywords.map((k) => `${csvField(k)},`).join('\n'), 'text/csv');
      if (method === 'DELETE') {
        c.keywords = [];
        return send(res, 204, '');
      }
      if (method === 'PUT') {
        const csv = req.form['keyword[csv]'];
        if (!csv?.bytes) return refuse(res, 'Keyword csv is required');
        c.keywords = csv.bytes.toString('utf8').split('\n').map(firstCsvField).filter(Boolean);
        return send(res, 200, { keywords: [{ count: c.keywords.length }] });
      }
    }
    m = /^\/api\/campaigns\/(\d+)(?:\/(\w+))?$/.exec(path);
    if (m) {
      const c = campaigns.get(Number(m[1]));
      if (!c) return notFound(res);
      const what = m[2];
      if (method === 'GET' && !what) return send(res, 200, { campaigns: [campaignJson(c)] });
      if (method === 'GET' && what === 'geo_targets')
        return paged(
          res,
          req,
          'geo_targets',
          geoTargets.filter((g) => c.geo.includes(g.id)),
        );
      if (method === 'GET' && what === 'postal_codes')
        return paged(
          res,
          req,
          'postal_codes',
          c.postal.map((postal_code) => ({ postal_code, country_code: 'USA' })),
        );
      if (method === 'GET' && what === 'campaign_first_party_segments')
        return paged(
          res,
          req,
          'campaign_first_party_segments',
          c.segments.map((s) => ({ ...s, campaign_id: c.id })),
        );
      if (method === 'POST' && what === 'activate') {
        if (c.status === 'Ended') return refuse(res, 'Could not activate campaign');
        if (c.geo.length === 0 && c.postal.length === 0)
          return refuse(res, 'Geo targets Select at least 1 location or postal code');
        c.status = 'Active';
        return send(res, 200, { campaigns: [campaignJson(c)] });
      }
      if (method === 'POST' && what === 'pause') {
        if (c.status !== 'Active') return refuse(res, 'Could not pause campaign');
        c.status = 'Paused';
        return send(res, 200, { campaigns: [campaignJson(c)] });
      }
      if (method === 'POST' && what === 'end') {
        c.status = 'Ended';
        return send(res, 200, { campaigns: [campaignJson(c)] });
      }
    }
    m = /^\/api\/campaigns\/(\d+)\/campaign_first_party_segments\/change$/.exec(path);
    if (method === 'PUT' && m) {
      const c = campaigns.get(Number(m[1]));
      if (!c) return notFound(res);
      const change = (req.json?.campaign_first_party_segments ?? {}) as {
        add?: { first_party_segment_id: string | number }[];
        delete?: number[];
      };
      for (const add of change.add ?? []) {
        if (!segments.has(Number(add.first_party_segment_id)))
          return refuse(res, 'First party segment not valid');
        c.segments.push({ id: ++nextId, first_party_segment_id: Number(add.first_party_segment_id) });
      }
      c.segments = c.segments.filter((s) => !(change.delete ?? []).includes(s.id));
      return send(res, 200, { summary: `${c.segments.length} Retargeting Segments Matching Any` });
    }
    m = /^\/api\/first_party_segments\/(\d+)$/.exec(path);
    if (m) {
      const s = segments.get(Number(m[1]));
      if (!s) return notFound(res);
      if (method === 'GET')
        return send(res, 200, { first_party_segments: [{ ...s, organization_id: s.org }] });
      if (method === 'DELETE') {
        const using = [...campaigns.values()].find(
          (c) => c.status === 'Active' && c.segments.some((x) => x.first_party_segment_id === s.id),
        );
        if (using)
          return send(res, 422, {
            errors: [
              {
                message: `The ${s.name} (id: ${s.id}) audience is currently being used by campaigns, remove the audience from:`,
                campaign_error_urls: [],
              },
            ],
          });
        segments.delete(s.id);
        return send(res, 204, '');
      }
    }

    m = /^\/api\/organizations\/(\d+)\/campaigns\/(\d+)\/ads$/.exec(path);
    if (m) {
      const c = campaigns.get(Number(m[2]));
      if (!c || c.org !== Number(m[1])) return notFound(res);
      if (method === 'GET')
        return paged(
          res,
          req,
          'ads',
          [...ads.values()].filter((a) => a.campaign === c.id && a.status !== 'Deleted').map(adJson),
        );
      if (method === 'POST') {
        const f = req.form;
        const file = f['ad[primary_creative]'];
        const size = Number(f['ad[ad_size_id]']?.value);
        const fileType = Number(f['ad[ad_file_type_id]']?.value);
        if (!f['ad[name]']?.value) return refuse(res, "Name can't be blank");
        if (!file?.bytes?.length || !file.fileName) return refuse(res, 'Primary creative is required');
        if (!AD_SIZES.some((s) => s.id === size)) return refuse(res, 'Ad size is not valid');
        if (![1, 9].includes(fileType)) return refuse(res, 'Ad file type is not valid');
        if (fileType === 9 && file.contentType !== 'application/zip')
          return refuse(res, 'HTML5 ads are uploaded as a .zip file');
        if (!/^https?:\/\//.test(f['ad[target_url]']?.value ?? ''))
          return refuse(res, 'Target url is not valid');
        const ad: Ad = {
          id: ++nextId,
          org: c.org,
          campaign: c.id,
          name: f['ad[name]'].value,
          status: 'Active',
          target_url: f['ad[target_url]']?.value ?? '',
          file_type: fileType,
          size,
          primary_creative: file.fileName,
          bytes: file.bytes.length,
        };
        ads.set(ad.id, ad);
        return send(res, 201, { ads: [adJson(ad)] });
      }
    }
    m = /^\/api\/ads\/(\d+)$/.exec(path);
    if (method === 'GET' && m) {
      const ad = ads.get(Number(m[1]));
      return ad ? send(res, 200, { ads: [adJson(ad)] }) : notFound(res);
    }
    m = /^\/api\/organizations\/(\d+)\/campaigns\/(\d+)\/ads\/(\d+)(?:\/(\w+))?$/.exec(path);
    if (m) {
      const ad = ads.get(Number(m[3]));
      if (!ad || ad.org !== Number(m[1]) || ad.campaign !== Number(m[2])) return notFound(res);
      if (method === 'POST' && m[4] === 'pause') {
        if (ad.status !== 'Active') return refuse(res, 'Could not pause ad');
        ad.status = 'Paused';
        return send(res, 200, { ads: [adJson(ad)] });
      }
      if (method === 'POST' && m[4] === 'activate') {
        if (ad.status !== 'Paused') return refuse(res, 'Could not activate ad');
        ad.status = 'Active';
        return send(res, 200, { ads: [adJson(ad)] });
      }
      if (method === 'DELETE' && !m[4]) {
        ad.status = 'Deleted';
        return send(res, 204, '');
      }
    }
    m = /^\/api\/organizations\/(\d+)\/campaign_stats$/.exec(path);
    if (method === 'GET' && m) {
      const campaignId = Number(req.query.campaign_id);
      const from = req.query.start_date ?? '';
      const to = req.query.end_date ?? '';
      if (req.query.by_day !== 'true') problems.push('campaign_stats without by_day');
      const byAd = req.query.by_ad === 'true';
      const rows = stats
        .filter(
          (s) =>
            s.campaign === campaignId &&
            s.day >= from &&
            s.day <= to &&
            (byAd ? s.ad !== null : s.ad === null),
        )
        .map((s) => ({
          name: `Daily Stats | Campaign ${s.campaign} | ${s.day}`,
          impressions: s.impressions,
          clicks: s.clicks,
          total_spend: Number(s.spend),
          campaign_id: s.campaign,
          ...(s.ad !== null ? { ad_id: s.ad } : {}),
          stat_date: s.day,
        }));
      return paged(res, req, 'campaign_stats', rows);
    }
    return notFound(res);
  }

  const server = createServer((raw: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const url = new URL(raw.url ?? '/', 'http://fake.invalid');
      const headers = Object.fromEntries(
        Object.entries(raw.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
      );
      const buffer = Buffer.concat(chunks);
      const type = headers['content-type'] ?? '';
      let json: Record<string, unknown> | null = null;
      let form: SeenSimplifiRequest['form'] = {};
      if (type.startsWith('application/json') && buffer.length > 0) {
        try {
          json = JSON.parse(buffer.toString('utf8'));
        } catch {
          problems.push(`${raw.method} ${url.pathname} body does not parse`);
        }
      } else if (type.startsWith('multipart/form-data')) {
        form = parseMultipart(buffer, type) ?? {};
      } else if (buffer.length > 0) problems.push(`${raw.method} ${url.pathname} body of type '${type}'`);
      const req: SeenSimplifiRequest = {
        method: raw.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        json,
        form,
      };
      seen.push(req);
      const next = forced.get(`${req.method} ${req.path}`)?.shift();
      if (next) return send(res, next.status, next.body);
      handle(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: `${base}/api`,
    appKey,
    userKey,
    rootOrganizationId: '5000',
    seen,
    problems,
    /** The calls made to `method path` (path without the query). */
    calls: (route: string) => seen.filter((s) => `${s.method} ${s.path}` === route),
    /** The next calls to `method path` answer these instead. */
    failNext(route: string, ...answers: { status: number; body?: unknown }[]) {
      forced.set(route, [
        ...(forced.get(route) ?? []),
        ...answers.map((a) => ({ status: a.status, body: a.body ?? {} })),
      ]);
    },
    /** Takes every place off a campaign, as an edit in Simpli.fi's own screens would. */
    clearPlaces(campaignId: string) {
      const c = campaigns.get(Number(campaignId));
      if (c) {
        c.geo = [];
        c.postal = [];
      }
    },
    addSegment(org: string, name: string, users: number, active = true) {
      const id = ++nextId;
      segments.set(id, { id, org: Number(org), name, user_count: users, active });
      return String(id);
    },
    addStats(row: {
      campaign: string;
      ad?: string;
      day: string;
      impressions: number;
      clicks: number;
      spend: string;
    }) {
      stats.push({
        ...row,
        campaign: Number(row.campaign),
        ad: row.ad === undefined ? null : Number(row.ad),
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeSimplifi = Awaited<ReturnType<typeof startFakeSimplifi>>;
