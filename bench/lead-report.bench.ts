import { CAMPAIGN_MODULES } from '@app/contracts';
import { type DatabaseHandle, DEMO } from '@app/db';
import type { LeadFilter } from '../apps/api/src/modules/lead-reports/lead-filter-sql.js';
import { createLeadRowRepository } from '../apps/api/src/modules/lead-reports/lead-row-repository.js';
import { apiBesideSql, getJson, masterRoot, signInOverHttp, startBenchApi } from './lib/api-bench.js';
import { type CopyCampaign, copyLeads } from './lib/lead-copy.js';
import { benchLeadDownloads } from './lib/lead-download.js';

const LEADS = Number(process.env.BENCH_LEADS ?? 10_000_000);
const AGENCIES = Number(process.env.BENCH_LEAD_AGENCIES ?? 20);
const CLIENTS_PER_AGENCY = 10;
const CAMPAIGNS_PER_CLIENT = 3;
/** The one large campaign (the export case) holds this share of every lead. */
const LARGE_SHARE = 0.05;
const DAYS = 90;
const ROUNDS = Number(process.env.BENCH_LEAD_ROUNDS ?? 100);
/** BENCH_LEAD_ONLY=export skips the paged report cases (quicker rounds on the download). */
const EXPORT_ONLY = process.env.BENCH_LEAD_ONLY === 'export';
/** The smaller download: the large campaign's leads of its last days (about a tenth of 90 days). */
const RECENT_DAYS = 9;
/** The day `days` back from today in the campaigns' zone (their default, America/Chicago), yyyy-MM-dd. */
const daysBack = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(Date.now() - days * 86_400_000);

/**
 * The lead report at 10,000,000 leads (issue 11: p99 < 50 ms and ≤ 2× its direct SQL; the CSV
 * export ≥ 100,000 rows/s at flat memory). PostgreSQL only: a scratch database the runner drops.
 * 20 agencies × 10 clients × 3 campaigns; one large campaign holds 5 % of the leads, the rest are
 * spread with a skew (a campaign's weight falls with its rank), over the last 90 days. Leads go in
 * with COPY through psql, the table's indexes and foreign key dropped for the load and rebuilt as
 * they were. The report is measured over HTTP on 127.0.0.1 beside the repository's own SQL; the
 * CSV download from the API in its own process, at two sizes (lead-download.ts).
 */
export async function benchLeadReport(database: 'pglite' | 'postgres', databaseUrl?: string) {
  if (database !== 'postgres' || !databaseUrl) return;
  const api = await startBenchApi(databaseUrl);
  try {
    const started = performance.now();
    const world = await seedWorld(api.handle);
    const copied = await copyLeads(api.handle, databaseUrl, world.campaigns, world.large, {
      leads: LEADS,
      largeShare: LARGE_SHARE,
      days: DAYS,
    });
    console.log(
      `\n  COPY of ${copied.written.toLocaleString('en-US')} leads: ${copied.copySeconds.toFixed(0)} s; indexes, foreign key, vacuum analyze: ${copied.rebuildSeconds.toFixed(0)} s`,
    );
    console.log(
      `\nlead report on postgres: ${LEADS.toLocaleString('en-US')} leads, ${world.campaigns.length} campaigns, seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const base = await api.listen();
    const token = await signInOverHttp(base, DEMO.master.rootUser.email);
    const repo = createLeadRowRepository(api.handle.db);
    const typical = world.campaigns[Math.floor(world.campaigns.length / 2)] ?? world.large;
    const sizes = await leadCounts(api.handle, [world.large.id, typical.id]);
    // A search for one person (the usual search): one of the large campaign's e-mails, its local part.
    const someone = await oneEmail(api.handle, world.large.id);

    const url = (c: { agencyId: number; clientId: number; id: number }, query: string) =>
      `${base}/leadspeek/report/lead/${c.agencyId}/${c.clientId}/${c.id}?${query}`;
    const filter = (c: { id: number }, search = ''): LeadFilter => ({
      scope: { kind: 'campaign', id: c.id },
      search,
      timeZone: 'America/Chicago',
      viewerIsClient: false,
    });
    const page = (o: { sort?: 'created_at' | 'name'; page?: number; perPage?: number } = {}) => ({
      sort: o.sort ?? 'created_at',
      order: 'desc' as const,
      page: o.page ?? 1,
      perPage: o.perPage ?? 10,
    });
    const cases = [
      { name: `typical (${sizes.get(typical.id)}) page 1`, c: typical, q: '', f: filter(typical), o: page() },
      {
        name: `typical page 50 of 100`,
        c: typical,
        q: 'Page=50&PerPage=100',
        f: filter(typical),
        o: page({ page: 50, perPage: 100 }),
      },
      {
        name: 'typical search "chen"',
        c: typical,
        q: 'searchQuery=chen',
        f: filter(typical, 'chen'),
        o: page(),
      },
      {
        name: `large (${sizes.get(world.large.id)}) page 1`,
        c: world.large,
        q: '',
        f: filter(world.large),
        o: page(),
      },
      {
        name: 'large page 100 of 100',
        c: world.large,
        q: 'Page=100&PerPage=100',
        f: filter(world.large),
        o: page({ page: 100, perPage: 100 }),
      },
      {
        name: `large search "${someone}"`,
        c: world.large,
        q: `searchQuery=${encodeURIComponent(someone)}`,
        f: filter(world.large, someone),
        o: page(),
      },
      {
        name: 'large search "chen"',
        c: world.large,
        q: 'searchQuery=chen',
        f: filter(world.large, 'chen'),
        o: page(),
      },
    ];
    if (!EXPORT_ONLY) {
      const { worstApiP99, worstRatio } = await apiBesideSql(
        cases.map((c) => ({
          name: c.name,
          api: () => getJson(url(c.c, c.q), token) as Promise<{ total: number }>,
          sql: () => repo.page(c.f, c.o),
        })),
        ROUNDS,
      );
      console.log(`  worst API p99: ${worstApiP99.toFixed(1)} ms, worst p99 ratio ${worstRatio.toFixed(2)}×`);
    }

    // The CSV download of the large campaign, whole and its last days only (two sizes).
    const downloadPath = `/leadspeek/report/lead-download/${world.large.agencyId}/${world.large.clientId}/${world.large.id}?format=csv`;
    await benchLeadDownloads(databaseUrl, DEMO.master.rootUser.email, [
      {
        name: `large campaign, last ${RECENT_DAYS} days`,
        path: `${downloadPath}&start=${daysBack(RECENT_DAYS)}`,
      },
      { name: 'large campaign, all', path: downloadPath },
    ]);
  } finally {
    await api.close();
  }
}

/** Agencies, clients and campaigns under the master system, in three set-based inserts. */
async function seedWorld(handle: DatabaseHandle) {
  const { systemId, companyId } = await masterRoot(handle);
  const run = (text: string, params: unknown[] = []) => handle.sql.executeSql(text, params);
  await run(
    `insert into companies (system_id, kind, parent_id, root_id, name, email)
     select $1, 'agency', $2, $2, 'Lead Agency ' || n, 'owner' || n || '@leads.bench'
       from generate_series(1, ${AGENCIES}) n`,
    [systemId, companyId],
  );
  await run(
    `insert into companies (system_id, kind, parent_id, root_id, name, email)
     select $1, 'client', a.id, $2, a.name || ' Client ' || n, 'client' || n || '.' || a.id || '@leads.bench'
       from companies a cross join generate_series(1, ${CLIENTS_PER_AGENCY}) n
      where a.parent_id = $2 and a.name like 'Lead Agency %'`,
    [systemId, companyId],
  );
  const { rows } = await run(
    `insert into campaigns (public_id, system_id, agency_id, client_id, module, name, status, hide_phone)
     select (30000000 + row_number() over (order by c.id, n))::text, c.system_id, c.parent_id, c.id,
            ($1::text[])[1 + (c.id + n) % ${CAMPAIGN_MODULES.length}]::module_type,
            c.name || ' campaign ' || n, 'running', n = 2
       from companies c cross join generate_series(1, ${CAMPAIGNS_PER_CLIENT}) n
      where c.kind = 'client' and c.email like '%@leads.bench'
     returning id, client_id, agency_id, system_id, module`,
    [[...CAMPAIGN_MODULES]],
  );
  const campaigns: CopyCampaign[] = rows.map((r) => ({
    id: Number(r.id),
    clientId: Number(r.client_id),
    agencyId: Number(r.agency_id),
    systemId: Number(r.system_id),
    module: String(r.module),
  }));
  const large = campaigns[0];
  if (!large) throw new Error('no campaigns seeded');
  return { campaigns, large };
}

async function oneEmail(handle: DatabaseHandle, campaignId: number) {
  const { rows } = await handle.sql.executeSql(
    `select split_part(emails[1], '@', 1) as local from leads where campaign_id = $1 order by id offset 12345 limit 1`,
    [campaignId],
  );
  return String(rows[0]?.local ?? '');
}

async function leadCounts(handle: DatabaseHandle, ids: number[]) {
  const counts = new Map<number, string>();
  for (const id of ids) {
    const { rows } = await handle.sql.executeSql(
      'select count(*)::int as n from leads where campaign_id = $1',
      [id],
    );
    counts.set(id, Number(rows[0]?.n ?? 0).toLocaleString('en-US'));
  }
  return counts;
}
