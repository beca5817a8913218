import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importEnvelopeKey, sealEnvelope } from '@app/contracts';
import { type DatabaseHandle, DEMO, openDatabase, queryRows, sql } from '@app/db';
import { loadConfig } from '../apps/api/src/config.js';
import { DEFAULT_ENGINE_SETTINGS } from '../apps/api/src/modules/integrations/index.js';
import { createGuardedHttp } from '../apps/api/src/providers/outbound/guarded-http.js';
import { startRuntime } from '../apps/api/src/runtime.js';
import type { TestRuntime } from '../apps/api/test/harness.js';
import { demoClient, insertCampaign } from '../apps/api/test/kits/campaigns.js';
import { send, signIn } from '../apps/api/test/sign-in.js';
import { localReceiversPermit } from '../apps/api/test/webhook-receiver.js';
import { stopServer } from './lib/processes.js';

/** Deliveries per batch (each lead goes to its client's and its agency's webhook: 2 per lead). */
const DELIVERIES = (db: string) =>
  Number.parseInt(process.env.BENCH_DELIVERIES ?? (db === 'postgres' ? '8000' : '2000'), 10);
/** Leads per ingestion round of section 2 (two rounds each way, alternating). */
const LEADS = (db: string) =>
  Number.parseInt(process.env.BENCH_DELIVERY_LEADS ?? (db === 'postgres' ? '2500' : '1000'), 10);
const WORKER_SHAPES = [1, 2];
const CAMPAIGNS_PER_ROUND = 10;
const CLOCK_TICKS = 100;
const WORKER_MAIN = resolve(import.meta.dirname, 'delivery-worker.ts');
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

/** Who connects a webhook for which company: each company's own person (host: its system's). */
const COMPANIES = [
  { email: DEMO.northwind.owner.email, client: null, host: 'localhost', label: 'Northwind (agency)' },
  {
    email: DEMO.northwind.clients[0]?.contact.email,
    client: DEMO.northwind.clients[0]?.name,
    host: 'localhost',
  },
  {
    email: DEMO.northwind.clients[1]?.contact.email,
    client: DEMO.northwind.clients[1]?.name,
    host: 'localhost',
  },
  { email: DEMO.summit.owner.email, client: null, host: 'localhost', label: 'Summit (agency)' },
  { email: DEMO.summit.clients[0]?.contact.email, client: DEMO.summit.clients[0]?.name, host: 'localhost' },
  {
    email: DEMO.brightreach.agency.owner.email,
    client: null,
    host: DEMO.brightreach.domain,
    label: 'Coastal (agency)',
  },
  {
    email: DEMO.brightreach.agency.client.contact.email,
    client: DEMO.brightreach.agency.client.name,
    host: DEMO.brightreach.domain,
  },
] as const;
/** The demo client whose agency a label names. */
const AGENCY_CLIENT: Record<string, string | undefined> = {
  Northwind: DEMO.northwind.clients[0]?.name,
  Summit: DEMO.summit.clients[0]?.name,
  Coastal: DEMO.brightreach.agency.client.name,
};

/**
 * The integrations delivery engine (issue 23, decision 0096), figures printed, never asserted:
 *  1. deliveries/s to a local receiver (plain `http.createServer` on 127.0.0.1 answering 200 at
 *     once, one port per connection as every customer's endpoint is its own origin, counting
 *     requests and `webhook-id`s): DELIVERIES queued with no engine running (webhooks of the demo's
 *     clients and agencies, leads ingested in this process with its worker off), then held (due in
 *     an hour) while K worker processes start (delivery-worker.ts: the product's runtime with its
 *     worker and engine, the permit-ed HTTP client given in code), made due at once, timed until the
 *     table says every one is delivered; K = 1 then K = 2 on a fresh batch. PGlite: the in-process
 *     engine, one process.
 *  2. the lead engine's ingestion with 3 integrations on every campaign (Harbor Dental's webhook,
 *     Northwind's (its agency's) webhook and Harbor's GoHighLevel sandbox connection, which the demo
 *     makes at its first start through the consent page, decision 0099) beside the same ingestion on
 *     campaigns that turned all three off, alternating, two rounds each; the worker delivers behind;
 *     then how long the deliveries took to catch up after the intake was empty.
 * In section 1 the demo's GoHighLevel connections are turned off on the campaigns: webhooks only.
 */
export async function benchDelivery(database: 'pglite' | 'postgres', databaseUrl?: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-delivery-'));
  const env = {
    DATABASE_URL: databaseUrl ?? '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: join(dataDir, 'no-web'),
    DEMO_VISITORS: 'off',
  };
  const config = loadConfig({ ...process.env, ...env, IN_PROCESS_WORKER: 'false' });
  const handle: DatabaseHandle = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir, 'db') },
  );
  // A runtime closes its integrations' HTTP client: each gets its own (PGlite starts several in turn).
  const runtimeOptions = () => ({
    database: handle,
    logger: false as const,
    demoVisitors: false as const,
    pollingIntervalSeconds: 0.5,
    altcha: { maxNumber: 20, cost: 10 },
    integrations: {
      http: createGuardedHttp({
        permit: localReceiversPermit,
        connectionsPerOrigin: DEFAULT_ENGINE_SETTINGS.perConnection,
      }),
      checkHost: async () => {},
    },
  });
  // This process: migrations, seed, sign-ins and connections, the intake; its worker off.
  let rt: Awaited<ReturnType<typeof startRuntime>> | null = await startRuntime(config, runtimeOptions());
  const receivers = await startReceivers(COMPANIES.length);
  const children: ChildProcess[] = [];
  const db = handle.db;
  console.log(`\ndelivery engine on ${database}`);
  try {
    const key = await importEnvelopeKey(rt.dtKey);
    const asTest = (r: NonNullable<typeof rt>) =>
      ({ app: r.app, seal: (body: unknown) => sealEnvelope(key, body) }) as unknown as TestRuntime;
    // Webhooks, each company to its own receiver port.
    const clientIds: Record<string, number> = {};
    let connected = 0;
    for (const [i, company] of COMPANIES.entries()) {
      const companyId = company.client
        ? (await demoClient(db, company.client)).clientId
        : (await demoClient(db, AGENCY_CLIENT[company.label.split(' ')[0] ?? ''])).agencyId;
      if (company.client) clientIds[company.client] = companyId;
      const { access_token } = await signIn(asTest(rt), company.email ?? '', { host: company.host });
      const res = await send(
        asTest(rt),
        '/api/saveintegration',
        { company_id: companyId, slug: 'webhook', settings: { url: `${receivers.urls[i]}/hook` } },
        { token: access_token },
      );
      if (res.statusCode !== 200) throw new Error(`saveintegration ${res.statusCode}: ${res.body}`);
      connected += 1;
    }
    const clients = COMPANIES.flatMap((c) => (c.client ? [c.client] : []));
    console.log(
      `  ${connected} webhook connections (${clients.length} clients and their 2 agencies), each its own receiver port; at most ${DEFAULT_ENGINE_SETTINGS.perConnection} in flight per connection (${connected * DEFAULT_ENGINE_SETTINGS.perConnection} cluster-wide), ${DEFAULT_ENGINE_SETTINGS.maxInFlight} per engine`,
    );

    // 1. Deliveries per second.
    const n = DELIVERIES(database);
    const leadsPerBatch = Math.ceil(n / 2);
    const shapes = database === 'postgres' ? WORKER_SHAPES : [1];
    for (const workers of shapes) {
      if (!rt) throw new Error('no runtime');
      const campaigns = [];
      for (const client of clients) campaigns.push(await insertCampaign(db, { clientName: client }));
      const ids = campaigns.map((c) => c.id);
      // Only the webhooks here: the demo's GoHighLevel sandbox connections (Harbor's and Cedar's,
      // decision 0099) are turned off on these campaigns, the product's per-campaign switch.
      await db.execute(
        sql`insert into integration_campaign_settings (campaign_id, connection_id, enabled, settings)
            select c.id, k.id, false, '{}'::jsonb
              from campaigns c join integration_connections k on k.company_id in (c.client_id, c.agency_id)
             where c.id = any(${`{${ids.join(',')}}`}::int[]) and k.provider <> 'webhook'`,
      );
      await intake(rt, campaigns, leadsPerBatch, `d${database}${workers}`);
      while (await rt.services.leads.ingest.processNextBatch(500)) {}
      const queued = await statusOf(db, ids);
      // Held while the engines start: due in an hour.
      await db.execute(
        sql`update integration_deliveries set next_attempt_at = now() + interval '1 hour'
             where campaign_id = any(${`{${ids.join(',')}}`}::int[]) and status = 'queued'`,
      );
      receivers.reset();
      let pids: number[];
      if (database === 'postgres') {
        for (let k = 0; k < workers; k++) children.push(await startWorker(env));
        pids = children.map((c) => c.pid ?? -1);
      } else {
        // PGlite: one process; the in-process worker and its engine on the same database.
        await rt.close();
        rt = null;
        rt = await startRuntime({ ...config, inProcessWorker: true }, runtimeOptions());
        pids = [process.pid];
      }
      const pgBefore = database === 'postgres' ? await postgresCpu(db) : null;
      const cpuBefore = await cpuOf(pids);
      const loadBefore = load();
      await db.execute(
        sql`update integration_deliveries set next_attempt_at = now()
             where campaign_id = any(${`{${ids.join(',')}}`}::int[]) and status = 'queued'`,
      );
      const [{ t0 = '' } = {}] = await queryRows<{ t0: string }>(
        db,
        sql`select clock_timestamp()::text as t0`,
      );
      const xactsBefore = database === 'postgres' ? await commits(db) : 0;
      const wallStart = performance.now();
      const sending: number[] = [];
      await until(
        async () => {
          const now = await statusOf(db, ids);
          sending.push(now.sending);
          return now.open === 0;
        },
        'every delivery was delivered',
        200,
      );
      const wall = (performance.now() - wallStart) / 1000;
      const [window] = await queryRows<{ seconds: number }>(
        db,
        sql`select extract(epoch from max(delivered_at) - ${t0}::timestamptz)::float8 as seconds
              from integration_deliveries where campaign_id = any(${`{${ids.join(',')}}`}::int[])`,
      );
      const seconds = window?.seconds ?? wall;
      const done = await statusOf(db, ids);
      const cpu = (await cpuOf(pids)) - cpuBefore;
      const pg = pgBefore ? await postgresCpuSince(db, pgBefore) : null;
      const { requests, distinct } = receivers.counts();
      console.log(
        `  ${database === 'postgres' ? `${workers} worker process${workers > 1 ? 'es' : ''}` : 'in-process engine (PGlite, one process)'}: ${Math.round(done.delivered / seconds)} deliveries/s (${done.delivered} of ${queued.total} delivered in ${seconds.toFixed(1)} s from due to the last delivered_at; ${wall.toFixed(1)} s until the poll saw it); receiver ${requests} requests, ${distinct} distinct webhook-id, duplicates ${requests - distinct} (${requests === queued.total && distinct === queued.total ? 'each once: OK' : 'NOT each once'}); ${loadBefore} before, ${load()} after`,
      );
      console.log(
        `    CPU per delivery: ${database === 'postgres' ? 'worker processes' : 'this process (PGlite inside)'} ${((cpu * 1000) / Math.max(1, done.delivered)).toFixed(2)} ms${pg === null ? '' : `, PostgreSQL backends ${((pg * 1000) / Math.max(1, done.delivered)).toFixed(2)} ms`}`,
      );
      const sampled = sending.slice(0, -1);
      const inFlight = `in flight (status sending, sampled every 200 ms): mean ${Math.round(sampled.reduce((a, b) => a + b, 0) / Math.max(1, sampled.length))}, max ${Math.max(0, ...sampled)}`;
      if (database === 'postgres') {
        for (const child of children.splice(0)) await stopServer(child);
        // A stopped backend has reported its transactions; the bench's own polls are a few dozen.
        const xacts = (await commits(db)) - xactsBefore;
        console.log(
          `    ${inFlight}; PostgreSQL transactions per delivery ${(xacts / Math.max(1, done.delivered)).toFixed(2)} (the polls included)`,
        );
      } else {
        console.log(`    ${inFlight}`);
        await rt.close();
        rt = null;
        rt = await startRuntime(config, runtimeOptions());
      }
    }

    // 2. Ingestion with 3 integrations on every campaign beside none.
    if (!rt) throw new Error('no runtime');
    const harbor = await demoClient(db);
    const harborConnections = await queryRows<{ id: number; provider: string }>(
      db,
      sql`select id, provider from integration_connections
           where company_id in (${harbor.clientId}, ${harbor.agencyId}) and disconnected_at is null order by id`,
    );
    const withCampaigns: Array<{ id: number }> = [];
    const noneCampaigns: Array<{ id: number }> = [];
    for (let i = 0; i < CAMPAIGNS_PER_ROUND; i++) {
      withCampaigns.push(await insertCampaign(db));
      const off = await insertCampaign(db);
      noneCampaigns.push(off);
      for (const k of harborConnections)
        await db.execute(
          sql`insert into integration_campaign_settings (campaign_id, connection_id, enabled, settings)
              values (${off.id}, ${k.id}, false, '{}'::jsonb)`,
        );
    }
    console.log(
      `  ingestion: ${harborConnections.length} integrations on Harbor Dental's campaigns (${harborConnections.map((k) => k.provider).join(', ')}; GoHighLevel: the demo's sandbox connection, made at its first start through the consent page, decision 0099)`,
    );
    let rt2: Awaited<ReturnType<typeof startRuntime>> = rt;
    if (database === 'postgres') children.push(await startWorker(env));
    else {
      await rt.close();
      rt = null;
      rt2 = await startRuntime({ ...config, inProcessWorker: true }, runtimeOptions());
      rt = rt2;
    }
    const leads = LEADS(database);
    const round = async (campaigns: typeof withCampaigns, label: string) => {
      const ids = campaigns.map((c) => c.id);
      const start = await statusOf(db, ids);
      const leadsBefore = await leadsOf(db, ids);
      const loadBefore = load();
      const started = performance.now();
      await intake(rt2, campaigns, leads, `i${database}${label}`);
      rt2.services.leads.wakeIngest();
      await until(async () => (await intakeDue(db)) === 0, 'the intake was drained', 100);
      const seconds = (performance.now() - started) / 1000;
      const caughtStart = performance.now();
      const before = await statusOf(db, ids);
      await until(async () => (await statusOf(db, ids)).open === 0, 'the deliveries caught up', 200);
      const catchUp = (performance.now() - caughtStart) / 1000;
      const after = await statusOf(db, ids);
      return {
        leads: (await leadsOf(db, ids)) - leadsBefore,
        seconds,
        after,
        catchUp,
        loadBefore,
        added: after.total - start.total,
        deliveredDuring: before.delivered - start.delivered,
        addedDelivered: after.delivered - start.delivered,
      };
    };
    // Alternating, two rounds each way; a 3-integration round's deliveries catch up before the next round.
    const results = {
      none: [] as Array<Awaited<ReturnType<typeof round>>>,
      three: [] as Array<Awaited<ReturnType<typeof round>>>,
    };
    for (let r = 0; r < 2; r++) {
      results.none.push(await round(noneCampaigns, `none${r}`));
      results.three.push(await round(withCampaigns, `three${r}`));
    }
    const shape = database === 'postgres' ? '1 worker process ingesting and delivering' : 'in-process worker';
    const rate = (x: Awaited<ReturnType<typeof round>>) => Math.round(x.leads / x.seconds);
    for (const [r, none] of results.none.entries())
      console.log(
        `  round ${r + 1}, ingest with no integrations (campaigns turned all 3 off), ${shape}: ${rate(none)} leads/s (${none.leads} leads in ${none.seconds.toFixed(1)} s, insert to intake empty; ${none.added} deliveries queued); ${none.loadBefore}`,
      );
    for (const [r, three] of results.three.entries())
      console.log(
        `  round ${r + 1}, ingest with 3 integrations on every campaign, ${shape}: ${rate(three)} leads/s (${three.leads} leads in ${three.seconds.toFixed(1)} s; ${three.added} deliveries queued, ${three.deliveredDuring} delivered while ingesting); caught up ${three.catchUp.toFixed(1)} s after the intake was empty (${three.addedDelivered} delivered, ${three.added - three.addedDelivered} not: ${Math.round(three.added / (three.seconds + three.catchUp))} deliveries/s from the first insert); ${three.loadBefore}`,
      );
  } finally {
    for (const child of children.reverse()) await stopServer(child);
    if (rt) await rt.close();
    await receivers.close();
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `count` vendor identities (all new people) into the intake over `campaigns`, 1,000 a statement. */
async function intake(
  rt: Awaited<ReturnType<typeof startRuntime>>,
  campaigns: ReadonlyArray<{ id: number }>,
  count: number,
  prefix: string,
) {
  for (let from = 0; from < count; from += 1000) {
    const rows = [];
    for (let i = from; i < Math.min(count, from + 1000); i++) {
      const email = `bench-${prefix}-${i}@example.com`;
      rows.push({
        campaignId: (campaigns[i % campaigns.length] as { id: number }).id,
        source: 'vendor_callback' as const,
        payload: {
          id: `bench-${prefix}-${i}`,
          emailMd5: createHash('md5').update(email).digest('hex'),
          firstName: 'Bench',
          lastName: 'Lead',
          emails: [email],
          phones: [],
          address: { street: '1 Bench St', city: 'Austin', state: 'TX', zip: '78701' },
        },
      });
    }
    await rt.services.leads.intake.insert(rows);
  }
}

/** Plain HTTP servers on 127.0.0.1 (one port each), answering 200 at once, counting requests. */
async function startReceivers(count: number) {
  let requests = 0;
  let seen = new Set<string>();
  const servers: http.Server[] = [];
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        requests += 1;
        seen.add(String(req.headers['webhook-id']));
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
  return {
    urls,
    reset() {
      requests = 0;
      seen = new Set();
    },
    counts: () => ({ requests, distinct: seen.size }),
    async close() {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));
      }
    },
  };
}

async function statusOf(db: DatabaseHandle['db'], campaignIds: readonly number[]) {
  const [row] = await queryRows<{ total: number; delivered: number; open: number; sending: number }>(
    db,
    sql`select count(*)::int as total,
               count(*) filter (where status = 'delivered')::int as delivered,
               count(*) filter (where status = 'sending')::int as sending,
               count(*) filter (where status not in ('delivered', 'failed'))::int as open
          from integration_deliveries where campaign_id = any(${`{${campaignIds.join(',')}}`}::int[])`,
  );
  return row ?? { total: 0, delivered: 0, open: -1, sending: 0 };
}

/** Transactions committed on this database so far (PostgreSQL's statistics). */
async function commits(db: DatabaseHandle['db']) {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select xact_commit::text as n from pg_stat_database where datname = current_database()`,
  );
  return Number(row?.n ?? 0);
}

async function leadsOf(db: DatabaseHandle['db'], campaignIds: readonly number[]) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from leads where campaign_id = any(${`{${campaignIds.join(',')}}`}::int[])`,
  );
  return row?.n ?? 0;
}

async function intakeDue(db: DatabaseHandle['db']) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from lead_intake where available_at <= now()`,
  );
  return row?.n ?? -1;
}

/** Polls `condition` every `everyMs` (bounded: 4 minutes). */
async function until(condition: () => Promise<boolean>, what: string, everyMs: number) {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`not within 4 minutes: ${what}`);
}

/** A delivery-worker.ts process, ready when it says so (bounded wait: 120 s, then killed). */
async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_MAIN], {
    env: { ...process.env, ...env, IN_PROCESS_WORKER: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolveReady, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('worker started')) resolveReady();
    });
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  try {
    await ready;
  } finally {
    clearTimeout(timer);
  }
  child.stdout?.resume();
  void once(child, 'exit').catch(() => {});
  return child;
}

/** CPU seconds (user + system) used so far by these processes (/proc; 0 when unreadable). */
async function cpuOf(pids: readonly number[]): Promise<number> {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    } catch {
      // gone
    }
  }
  return total;
}

/** CPU seconds so far of each PostgreSQL backend on this database (empty on PGlite). */
async function postgresCpu(db: DatabaseHandle['db']): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  const backends = await queryRows<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  ).catch(() => []);
  for (const { pid } of backends) found.set(pid, await cpuOf([pid]));
  return found;
}

/** PostgreSQL CPU seconds since `before` (backends alive now; a lower bound), or null on PGlite. */
async function postgresCpuSince(db: DatabaseHandle['db'], before: Map<number, number>) {
  const after = await postgresCpu(db);
  if (after.size === 0) return null;
  let seconds = 0;
  for (const [pid, used] of after) seconds += used - (before.get(pid) ?? 0);
  return seconds;
}
