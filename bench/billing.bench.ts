import { type DatabaseHandle, DEMO, firstRow, queryRows, sql } from '@app/db';
import { settableClock } from '../apps/api/src/lib/clock.js';
import { startBenchApi } from './lib/api-bench.js';

const CAMPAIGNS = Number.parseInt(process.env.BENCH_BILLING_CAMPAIGNS ?? '2000', 10);
/**
 * One concurrency instead of PostgreSQL's 1, 4 and 8 side by side: a 100,000-campaign run charges
 * every invoice on the sandbox, so three sets would take over half an hour.
 */
const ONE_CONCURRENCY = process.env.BENCH_BILLING_CONCURRENCY
  ? Number.parseInt(process.env.BENCH_BILLING_CONCURRENCY, 10)
  : null;
const LEADS_PER_CAMPAIGN = 3;
const DAY = 86_400_000;
/** Seconds to a tenth, as printed. */
const tenths = (seconds: number) => String(Math.round(seconds * 10) / 10);

/**
 * Invoicing one period (decision 0074): CAMPAIGNS running Weekly campaigns of a demo client with a
 * sandbox card, each with a billing schedule whose first week ended a day ago and three leads in it,
 * loaded in SQL; then one run of the invoice job, its halves timed apart: invoices written per second,
 * gateway calls per second against the sandbox (one direct charge per invoice) and the process's peak RSS. On
 * PostgreSQL the run is measured at several concurrencies side by side, each on its own fresh set of
 * campaigns (PGlite has one connection: one at a time). Issue 21's target is 100,000 campaigns in
 * under 60 s on PostgreSQL (BENCH_BILLING_CAMPAIGNS=100000).
 */
export async function benchBilling(database: 'pglite' | 'postgres', databaseUrl?: string) {
  const clock = settableClock(new Date());
  const api = await startBenchApi(databaseUrl, { clock });
  const concurrencies = database === 'postgres' ? (ONE_CONCURRENCY ? [ONE_CONCURRENCY] : [1, 4, 8]) : [1];
  try {
    console.log(`\nbilling on ${database}: ${CAMPAIGNS.toLocaleString('en-US')} campaigns a run`);
    for (const [set, concurrency] of concurrencies.entries()) {
      await load(api.handle, clock.now(), set);
      const before = await countCharges(api.handle);
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 100);
      // The job's two halves timed apart (decision 0086): writing every invoice owed, then charging
      // every open one, which is as fast as the gateway answers (Stripe allows 100 requests/s live).
      const started = performance.now();
      const invoices = await api.services.billing.invoicing.writeDue({ concurrency });
      const wrote = (performance.now() - started) / 1000;
      const charged = await api.services.billing.invoicing.chargeOpen({ concurrency });
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const calls = (await countCharges(api.handle)) - before;
      const writeRate = CAMPAIGNS / wrote;
      const chargeRate = calls / (seconds - wrote);
      console.log(
        `  concurrency ${concurrency}: ${invoices.toLocaleString('en-US')} invoices written in ${tenths(wrote)} s ` +
          `(${Math.round(writeRate)} campaigns/s; 100,000 campaigns: ${Math.round(100_000 / writeRate)} s, target under 60 s on PostgreSQL), ` +
          `${charged.charged.toLocaleString('en-US')} charged in ${tenths(seconds - wrote)} s ` +
          `(${Math.round(chargeRate)} gateway calls/s against the sandbox, ${calls} sandbox charges); ` +
          `whole run ${Math.round(CAMPAIGNS / seconds)} campaigns/s, peak RSS ${Math.round(peak / 1024 / 1024)} MiB`,
      );
    }
  } finally {
    await api.close();
  }
}

/** Set `set`'s campaigns, their schedules (anchored eight days ago) and their leads, in three statements. */
async function load(handle: DatabaseHandle, now: Date, set: number) {
  const { db } = handle;
  const client = firstRow(
    await queryRows<{ id: number; parent_id: number; system_id: number }>(
      db,
      sql`select id, parent_id, system_id from companies where name = ${DEMO.northwind.clients[0].name}`,
    ),
    'demo client',
  );
  const activated = new Date(now.getTime() - 8 * DAY);
  const name = `Bench weekly ${set} `;
  await db.execute(sql`
    insert into campaigns (public_id, system_id, agency_id, client_id, module, name, status, payment_term,
                           setup_fee_cents, period_fee_cents, cost_per_lead_micros, activated_at, national)
    select (50000000 + ${set * 1_000_000} + n)::text, ${client.system_id}, ${client.parent_id}, ${client.id}, 'local',
           ${name} || n, 'running', 'Weekly', 9900, 4900, 1500000, ${activated.toISOString()}::timestamptz, true
      from generate_series(1, ${CAMPAIGNS}) as n`);
  await db.execute(sql`
    insert into billing_schedules (system_id, campaign_id, activation, term, anchor_date, time_zone, started_at)
    select system_id, id, 1, 'Weekly', (${activated.toISOString()}::timestamptz at time zone time_zone)::date,
           time_zone, activated_at
      from campaigns where name like ${`${name}%`}`);
  await db.execute(sql`
    insert into leads (campaign_id, client_id, agency_id, system_id, module, identity_md5, claimed_at, source,
                       client_price_micros, wholesale_micros, root_fee_micros, created_at)
    select c.id, c.client_id, c.agency_id, c.system_id, c.module, md5(c.id || ':' || k), t, 'pixel',
           1500000, 750000, 0, t
      from campaigns c, generate_series(1, ${LEADS_PER_CAMPAIGN}) as k,
           lateral (select ${new Date(now.getTime() - 5 * DAY).toISOString()}::timestamptz + k * interval '1 hour' as t) x
     where c.name like ${`${name}%`}`);
}

async function countCharges(handle: DatabaseHandle) {
  return firstRow(
    await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from sandbox_charges`),
    'charges',
  ).n;
}
