import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type DatabaseHandle, openDatabase, queryRows, sql } from '@app/db';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/api/src/config.js';
import { type IdentityResolver, MAX_VISITORS_PER_CALL } from '../apps/api/src/providers/identities/index.js';
import { startRuntime } from '../apps/api/src/runtime.js';
import { insertCampaign } from '../apps/api/test/kits/campaigns.js';
import { cpuProfiled } from './lib/cpu-profile.js';
import { median } from './lib/load.js';
import { freePort, startServer, stopServer } from './lib/processes.js';
import { runPixelLoad, visitorIdFor } from './pixel-load-run.js';

const VIEWS = Number.parseInt(process.env.BENCH_LEAD_VIEWS ?? '20000', 10);
const IDENTITIES = Number.parseInt(process.env.BENCH_LEAD_IDENTITIES ?? '20000', 10);
/** 10 for the mixed traffic, 10 for the resolvable visitors, 40 for the pipeline alone. */
const CAMPAIGNS = 60;
const ROUNDS = Number.parseInt(process.env.BENCH_ROUNDS ?? '3', 10);
const SECONDS = Number.parseInt(process.env.BENCH_SECONDS ?? '5', 10);
const CONNECTIONS = 32;
/** Linux's USER_HZ: /proc times are in hundredths of a second. */
const CLOCK_TICKS = 100;
/** The machine's load average, printed with every figure (the 2 cores are shared). */
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

/**
 * The lead engine end to end (decision 0046), the product in this process with its worker, the
 * load from its own process (pixel-load.ts):
 *  1. pixel page views over HTTP (unique visitors over 10 local campaigns) → intake → resolver →
 *     pipeline → claim → lead + delivery row: acknowledged (204) vs stored intake rows (must be
 *     equal), p99 acknowledgement latency, leads and rejections, leads/s until the intake is empty,
 *     this process's CPU per lead — twice: the mixed traffic (the sandbox resolves about 40 % of
 *     visitors, so most views yield no lead), then only visitors the sandbox resolves, each to a
 *     person new to its campaign (10 other campaigns), so each view can become a lead;
 *  2. the pipeline alone: vendor identities (all resolvable) written to the intake in bulk, leads/s
 *     until stored (40 other campaigns);
 *  3. `POST /api/px/v` requests/s beside a bare Fastify POST route (bare-server.ts), same body, in
 *     alternating rounds: first beside the worker in this process (it drains the views meanwhile),
 *     then on an API-only runtime (production's shape, decision 0046: the worker is another
 *     process), the views drained by a runtime with the worker afterwards.
 * Figures are printed, never asserted.
 */
export async function benchLeadEngine(database: 'pglite' | 'postgres', databaseUrl?: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-leads-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    WEB_DIST: join(dataDir, 'no-web'),
    IN_PROCESS_WORKER: 'true',
    PIXEL_RATE_LIMIT_PER_MINUTE: '10000000',
  });
  const handle: DatabaseHandle = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir, 'db') },
  );
  // No demo visitors: the figures are the benchmark's own load.
  const rt = await startRuntime(config, {
    database: handle,
    logger: false,
    pollingIntervalSeconds: 0.5,
    demoVisitors: false,
  });
  /** Section 3 closes it early, to measure the endpoint without the worker in the process. */
  let runtimeOpen = true;
  const barePort = await freePort();
  const bare = await startServer(
    resolve(import.meta.dirname, 'bare-server.ts'),
    { PORT: String(barePort) },
    `http://127.0.0.1:${barePort}/bare`,
  );
  try {
    const db = handle.db;
    const people = await rt.services.identityResolver.ensureSeeded();
    await rt.app.listen({ host: '127.0.0.1', port: 0 });
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const pixelUrl = `http://127.0.0.1:${address.port}/api/px/v`;
    console.log(
      `\nlead engine on ${database} (sandbox people: ${people.people}, generated ${people.generated ? `now in ${people.milliseconds} ms` : 'before'}); ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`,
    );

    const local = [];
    for (let i = 0; i < CAMPAIGNS; i++)
      local.push(
        await insertCampaign(db, {
          module: 'local',
          reidentification: '30',
          reportSentTo: ['reports@bench.test'],
        }),
      );

    /** Page views over HTTP until every one is through the pipeline; what was stored and when. */
    const endToEnd = async (
      label: string,
      campaigns: readonly { id: number; publicId: string }[],
      visitors: { prefix: string; visitorIds?: readonly string[] },
    ) => {
      const before = await counts(db);
      const cpu = process.cpuUsage();
      const pgCpu = await postgresCpu(db);
      const started = performance.now();
      const run = await runPixelLoad({
        url: pixelUrl,
        amount: VIEWS,
        connections: CONNECTIONS,
        campaignPublicIds: campaigns.map((c) => c.publicId),
        ...visitors,
      });
      const acknowledged = run.acknowledged;
      await rt.services.leads.flushIntake();
      await untilIntakeEmpty(db);
      const seconds = (performance.now() - started) / 1000;
      const after = await counts(db);
      const pgPerLead = await postgresCpuPer(db, pgCpu, after.leads - before.leads);
      const stored = after.intakeRows - before.intakeRows;
      const leads = after.leads - before.leads;
      const rejected = after.rejections - before.rejections;
      console.log(
        `  ${label} (${VIEWS} page views, ${CONNECTIONS} connections, ${campaigns.length} campaigns): acknowledged ${acknowledged}, stored ${stored} (${acknowledged === stored ? 'equal' : 'NOT EQUAL'}), non-2xx ${run.non2xx}, errors ${run.errors}`,
      );
      console.log(
        `    ack p50 ${run.p50} ms, p99 ${run.p99} ms; ${Math.round(run.requestsPerSecond)} views/s acknowledged`,
      );
      console.log(
        `    leads ${leads}, rejections ${rejected}, unresolved ${stored - leads - rejected}; until all stored ${seconds.toFixed(1)} s: ${Math.round(stored / seconds)} views/s, ${Math.round(leads / seconds)} leads/s; delivery rows queued ${after.deliveries - before.deliveries} (the delivery job handed ${after.delivered - before.delivered} rows to the mail outbox meanwhile); ${cpuPer(cpu, leads)} ms CPU of this process (product, worker) and ${pgPerLead} ms of PostgreSQL per lead; ${load()}`,
      );
      console.log(`    ${await exactlyOnce(db, campaigns)}`);
      return { leads };
    };

    // 1. End to end over HTTP: the mixed traffic (about 60 % of visitors unknown to the sandbox).
    await endToEnd('end to end, mixed traffic', local.slice(0, 10), { prefix: `bench-visitor-${database}` });

    // 1b. End to end, every view from a visitor the sandbox resolves, each to a person new to its
    //     campaign: each view can become a lead. Chosen before the run by asking the resolver.
    const resolvable = await resolvableVisitors(
      rt.services.identityResolver,
      `bench-resolvable-${database}`,
      local.slice(10, 20),
    );
    const { leads: resolvedLeads } = await endToEnd(
      'end to end, resolvable visitors only (each view can become a lead)',
      local.slice(10, 20),
      { prefix: `bench-resolvable-${database}`, visitorIds: resolvable },
    );
    console.log(
      `    every view became a lead: ${resolvedLeads === VIEWS ? 'yes' : `NO (${resolvedLeads} of ${VIEWS})`}`,
    );

    // 2. The pipeline alone: identities every one of which can become a lead.
    const pipeBefore = await counts(db);
    const pipeCpu = process.cpuUsage();
    const pipePgCpu = await postgresCpu(db);
    const targets = local.slice(20);
    const pipeStart = performance.now();
    for (let from = 0; from < IDENTITIES; from += 1000) {
      const rows = [];
      for (let i = from; i < Math.min(IDENTITIES, from + 1000); i++) {
        const email = `bench-${database}-${i}@example.com`;
        rows.push({
          campaignId: (targets[i % targets.length] as { id: number }).id,
          source: 'vendor_callback' as const,
          payload: {
            id: `bench-${i}`,
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
    rt.services.leads.wakeIngest();
    await untilIntakeEmpty(db);
    const pipeSeconds = (performance.now() - pipeStart) / 1000;
    const pipeAfter = await counts(db);
    const pipeLeads = pipeAfter.leads - pipeBefore.leads;
    const pipePgPerLead = await postgresCpuPer(db, pipePgCpu, pipeLeads);
    console.log(
      `  pipeline alone (${IDENTITIES} identities over ${targets.length} campaigns): ${pipeLeads} leads, ${pipeAfter.rejections - pipeBefore.rejections} rejections in ${pipeSeconds.toFixed(1)} s: ${Math.round(pipeLeads / pipeSeconds)} leads/s; delivery rows queued ${pipeAfter.deliveries - pipeBefore.deliveries}; ${cpuPer(pipeCpu, pipeLeads)} ms CPU of this process and ${pipePgPerLead} ms of PostgreSQL per lead; ${load()}`,
    );

    // 3. Requests/s beside bare Fastify, same body and content type: the endpoint on a runtime
    // without the worker (production's API process), then beside the worker as it was measured before.
    const body = JSON.stringify({
      campaignId: local[0]?.publicId,
      url: 'https://bench-site.example/page',
      referrer: '',
      visitorId: 'bench-same-visitor',
    });
    const bareRoute = { url: `http://127.0.0.1:${barePort}/bare-post`, pid: bare.pid ?? 0 };
    // Beside the worker first (the figure of earlier runs): the worker drains the views meanwhile.
    await untilIntakeEmpty(db);
    const withWorker = await pixelBesideBare(pixelUrl, bareRoute, body);
    await untilIntakeEmpty(db);
    // The worker stops with this runtime; an API-only runtime on the same database answers the rounds.
    await rt.close();
    runtimeOpen = false;
    const apiOnly = await startRuntime(
      { ...config, inProcessWorker: false },
      { database: handle, logger: false, demoVisitors: false },
    );
    let apiOnlyDuel: Awaited<ReturnType<typeof pixelBesideBare>>;
    let storedApiOnly: number;
    try {
      await apiOnly.app.listen({ host: '127.0.0.1', port: 0 });
      const apiOnlyUrl = `http://127.0.0.1:${(apiOnly.app.server.address() as { port: number }).port}/api/px/v`;
      const intakeBefore = (await counts(db)).intakeRows;
      // BENCH_PIXEL_CPU_PROF=dir writes this section's CPU profile (the product's main thread).
      apiOnlyDuel = await cpuProfiled(process.env.BENCH_PIXEL_CPU_PROF, 'pixel-api-only', () =>
        pixelBesideBare(apiOnlyUrl, bareRoute, body),
      );
      await apiOnly.services.leads.flushIntake();
      storedApiOnly = (await counts(db)).intakeRows - intakeBefore;
    } finally {
      await apiOnly.close();
    }
    // Then a runtime with the worker drains what the rounds stored.
    const drainStarted = performance.now();
    const drainer = await startRuntime(config, {
      database: handle,
      logger: false,
      pollingIntervalSeconds: 0.5,
      demoVisitors: false,
    });
    try {
      await untilIntakeEmpty(db);
    } finally {
      await drainer.close();
    }
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const ack = apiOnlyDuel.acknowledged;
    // A round ends on time: the answers still in flight then are dropped by the load tool
    // (at most one per connection), so stored may exceed acknowledged by that much, never less.
    const inFlight = storedApiOnly - ack;
    const mostInFlight = CONNECTIONS * (ROUNDS + 1);
    console.log(
      `  POST /api/px/v, API-only runtime (no worker in the process; the views drained afterwards): ${apiOnlyDuel.summary}; acknowledged ${ack}, stored ${storedApiOnly} (${inFlight >= 0 && inFlight <= mostInFlight ? `${inFlight} answers in flight when rounds ended, at most ${CONNECTIONS} a round, warm-up included: OK` : 'NOT EQUAL'}), drained in ${drainSeconds.toFixed(1)} s; ${load()}`,
    );
    console.log(
      `    server main thread CPU per request: ${apiOnlyDuel.cpu}${database === 'pglite' ? ' (PGlite runs in the product’s thread)' : ''}`,
    );
    console.log(
      `  POST /api/px/v beside the worker in the same process (it drains the views meanwhile): ${withWorker.summary}; ${load()}`,
    );
  } finally {
    await stopServer(bare);
    if (runtimeOpen) await rt.close();
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function counts(db: DatabaseHandle['db']) {
  const [row] = await queryRows<{
    intake: string;
    leads: number;
    rejections: number;
    deliveries: number;
    delivered: number;
  }>(
    db,
    sql`select (select coalesce(max(id), 0) from lead_intake)::text as intake,
               (select count(*)::int from leads) as leads,
               (select count(*)::int from lead_rejections) as rejections,
               (select count(*)::int from lead_deliveries) as deliveries,
               (select count(*)::int from lead_deliveries where status = 'delivered') as delivered`,
  );
  // The intake's identity counts every row ever stored (rows are deleted once processed).
  const [seq] = await queryRows<{ last: string }>(
    db,
    sql`select coalesce((select last_value from lead_intake_id_seq where is_called), 0)::text as last`,
  );
  return {
    intakeRows: Number.parseInt(seq?.last ?? row?.intake ?? '0', 10),
    leads: row?.leads ?? 0,
    rejections: row?.rejections ?? 0,
    deliveries: row?.deliveries ?? 0,
    delivered: row?.delivered ?? 0,
  };
}

/**
 * Waits until every due intake row has been taken through the pipeline (bounded: 10 minutes). Rows
 * dripped into the future (the demo's enhance / b2b daily lists, decision 0051) are not this run's.
 */
async function untilIntakeEmpty(db: DatabaseHandle['db']) {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from lead_intake where available_at <= now()`,
    );
    if (row?.n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the intake was not drained within 10 minutes');
}

/**
 * The exactly-once property over these campaigns' leads: each (campaign, person) stored once, each
 * lead billed once (its frozen prices are on its one row), one delivery row per recipient (the
 * bench's campaigns have one report address): printed as OK or with what broke.
 */
async function exactlyOnce(db: DatabaseHandle['db'], campaigns: readonly { id: number }[]) {
  const ids = JSON.stringify(campaigns.map((c) => c.id));
  const [row] = await queryRows<{ leads: number; people: number; off: number }>(
    db,
    sql`select count(*)::int as leads,
               count(distinct (l.campaign_id, l.identity_md5))::int as people,
               count(*) filter (where (select count(*) from lead_deliveries d where d.lead_id = l.id) <> 1)::int as off
          from leads l
         where l.campaign_id in (select value::int from json_array_elements_text(${ids}::json))`,
  );
  const { leads = 0, people = 0, off = 0 } = row ?? {};
  return leads === people && off === 0
    ? `exactly once: OK (${leads} leads, ${people} distinct campaign + person, one delivery row each)`
    : `exactly once: FAILED (${leads} leads for ${people} distinct campaign + person; ${off} leads without exactly one delivery row)`;
}

/**
 * CPU seconds (user + system, from /proc) used so far by each PostgreSQL backend connected to this
 * database, by process id; empty on PGlite (it runs inside this process) or without /proc.
 */
async function postgresCpu(db: DatabaseHandle['db']): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  const backends = await queryRows<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  ).catch(() => []);
  for (const { pid } of backends) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // After the command name (which may hold spaces): utime and stime are fields 14 and 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      found.set(pid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
    } catch {
      // not a local process (PGlite, or PostgreSQL elsewhere)
    }
  }
  return found;
}

/**
 * PostgreSQL's CPU milliseconds per item since `before`: the backends alive now, each from its first
 * reading (all of its time when it connected meanwhile). A backend the pool closed in between is
 * missed, so this is a lower bound; 'n/a' when no backend could be read (PGlite).
 */
async function postgresCpuPer(db: DatabaseHandle['db'], before: Map<number, number>, items: number) {
  const after = await postgresCpu(db);
  if (after.size === 0) return 'n/a';
  let seconds = 0;
  for (const [pid, used] of after) seconds += used - (before.get(pid) ?? 0);
  return ((seconds * 1000) / Math.max(1, items)).toFixed(3);
}

/** Milliseconds of this process's CPU (user + system) since `since`, per item. */
function cpuPer(since: NodeJS.CpuUsage, items: number): string {
  const used = process.cpuUsage(since);
  return ((used.user + used.system) / 1000 / Math.max(1, items)).toFixed(3);
}

/**
 * VIEWS visitor ids the sandbox resolves, in the order the load sends them (view i to campaign i
 * mod the list), skipping a visitor whose person already came to that campaign: every view can
 * become a lead. The resolver is asked as the ingest job asks it (its answer is a pure function of
 * the seed and the visitor, decision 0038).
 */
async function resolvableVisitors(
  resolver: IdentityResolver,
  prefix: string,
  campaigns: readonly { publicId: string }[],
): Promise<string[]> {
  const chosen: string[] = [];
  const taken = new Set<string>();
  for (let from = 0; chosen.length < VIEWS; from += MAX_VISITORS_PER_CALL) {
    if (from > VIEWS * 20) throw new Error('the sandbox resolves too few visitors for this bench');
    const keys = Array.from({ length: MAX_VISITORS_PER_CALL }, (_, k) => visitorIdFor(prefix, from + k));
    const answers = await resolver.resolveVisitors(
      keys.map((visitorKey, k) => ({
        visitorKey,
        ip: '127.0.0.1',
        userAgent: 'autocannon',
        pageUrl: 'https://bench-site.example/page',
        campaignId: (campaigns[(chosen.length + k) % campaigns.length] as { publicId: string }).publicId,
      })),
    );
    answers.forEach((answer, k) => {
      if (answer.status !== 'resolved' || chosen.length >= VIEWS) return;
      const person = `${chosen.length % campaigns.length}:${answer.identity.emailMd5}`;
      if (taken.has(person)) return;
      taken.add(person);
      chosen.push(keys[k] as string);
    });
  }
  return chosen;
}

/**
 * `POST /api/px/v` at `url` beside bare Fastify's POST route (bare-server.ts, its own process),
 * the same body, alternating rounds of SECONDS at CONNECTIONS after a 2 s warm-up of the product;
 * medians. Also each server's main
 * thread CPU time per request (Linux /proc; 0 elsewhere), a figure the other load on a shared
 * machine moves less than requests/s.
 */
async function pixelBesideBare(url: string, bare: { url: string; pid: number }, body: string) {
  const shoot = (target: string, seconds = SECONDS) =>
    autocannon({
      url: target,
      method: 'POST',
      workers: 1,
      connections: CONNECTIONS,
      duration: seconds,
      headers: { 'content-type': 'application/json' },
      body,
    });
  // A short round first, not measured: a runtime started for this section has a cold JIT.
  const warmUp = await shoot(url, 2);
  const product: number[] = [];
  const baseline: number[] = [];
  const productP99: number[] = [];
  const productCpu: number[] = [];
  const baselineCpu: number[] = [];
  let acknowledged = warmUp['2xx'];
  let refused = warmUp.non2xx + warmUp.errors;
  for (let round = 0; round < ROUNDS; round++) {
    const cpuBefore = mainThreadCpu(process.pid);
    const p = await shoot(url);
    productCpu.push((mainThreadCpu(process.pid) - cpuBefore) / Math.max(1, p.requests.total));
    product.push(p.requests.average);
    productP99.push(p.latency.p99);
    acknowledged += p['2xx'];
    refused += p.non2xx + p.errors;
    const bareBefore = mainThreadCpu(bare.pid);
    const b = await shoot(bare.url);
    baselineCpu.push((mainThreadCpu(bare.pid) - bareBefore) / Math.max(1, b.requests.total));
    baseline.push(b.requests.average);
  }
  const ratio = median(product) / median(baseline);
  const us = (seconds: number) => `${Math.round(seconds * 1e6)} µs`;
  return {
    acknowledged,
    summary: `${Math.round(median(product))} req/s (p99 ${median(productP99)} ms${refused ? `, ${refused} not 2xx` : ''}) vs bare Fastify POST ${Math.round(median(baseline))} req/s: ${ratio.toFixed(2)}x (target >= 0.5; ${ROUNDS} rounds x ${SECONDS} s, medians; rounds ${product.map(Math.round).join('/')} vs ${baseline.map(Math.round).join('/')})`,
    cpu: `product ${us(median(productCpu))}, bare ${us(median(baselineCpu))} (medians of the rounds)`,
  };
}

/** CPU seconds (user + system) of a process's main thread so far: /proc/<pid>/task/<pid>/stat. */
function mainThreadCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime is field 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
