import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { companies, type DatabaseHandle, DEMO, eq, queryRows, sql } from '@app/db';
import { insertCampaign } from '../apps/api/test/kits/campaigns.js';
import { signInOverHttp, startBenchApi } from './lib/api-bench.js';
import { sampleRss } from './lib/process-memory.js';

/** Rows of the large upload (BENCH_SUPPRESSION_ROWS; the issue's figure is 1,000,000). */
const BIG = Number.parseInt(process.env.BENCH_SUPPRESSION_ROWS ?? '1000000', 10);
/** Suppressed hashes loaded before the lead engine runs (PostgreSQL; BENCH_SUPPRESSED). */
const SUPPRESSED = Number.parseInt(process.env.BENCH_SUPPRESSED ?? '10000000', 10);
/** Identities sent through the pipeline with and without the big list. */
const IDENTITIES = Number.parseInt(process.env.BENCH_LEAD_IDENTITIES ?? '20000', 10);
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Exclusion lists (issue 22, decision 0092), the product in this process with its worker:
 *  1. uploads over HTTP as Harbor Dental's contact — 10,000 e-mails (the default limit) and
 *     1,000,000 (the system's limit raised) — timed from the request's first byte until the merge
 *     job has committed the last range, with the answer's time (parse + COPY) apart, and this
 *     process's peak RSS (server and merge; the benchmark's own file is built before sampling);
 *  2. (PostgreSQL) the lead pipeline (vendor identities → pipeline → claim) before and after
 *     10,000,000 suppressed hashes are loaded, a tenth of its identities on the list: leads/s.
 * Figures are printed, never asserted.
 */
export async function benchSuppression(database: 'pglite' | 'postgres', databaseUrl?: string) {
  const api = await startBenchApi(databaseUrl, { inProcessWorker: true, pollingIntervalSeconds: 0.5 });
  const { handle } = api;
  try {
    const db = handle.db;
    const base = await api.listen();
    const token = await signInOverHttp(base, DEMO.northwind.clients[0]?.contact.email ?? '');
    const [harbor] = await db
      .select()
      .from(companies)
      .where(eq(companies.name, DEMO.northwind.clients[0]?.name ?? ''));
    if (!harbor) throw new Error('demo seed missing');
    await db.execute(
      sql`insert into suppression_settings (system_id, upload_row_limit) values (${harbor.systemId}, 1000000)
          on conflict (system_id) do update set upload_row_limit = 1000000`,
    );
    console.log(`\nexclusion lists on ${database}; ${load()}`);

    const upload = async (label: string, rows: number, prefix: string) => {
      const lines: string[] = ['email'];
      for (let i = 0; i < rows; i++) lines.push(`${prefix}-${i}@Example.com`);
      const file = new Blob([lines.join('\r\n')], { type: 'text/csv' });
      const form = new FormData();
      form.append('ClientCompanyID', String(harbor.id));
      form.append('campaigntype', 'client');
      form.append('clientoptoutfile', file, `${prefix}.csv`);
      const memory = sampleRss(undefined, 10);
      const started = performance.now();
      const res = await fetch(`${base}/tools/optout-client/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const json = (await res.json()) as { data?: { id: number }; error?: unknown };
      if (!res.ok || !json.data) throw new Error(`upload answered ${res.status}: ${JSON.stringify(json)}`);
      const answered = performance.now();
      for (;;) {
        const [row] = await queryRows<{ status: string }>(
          db,
          sql`select status from suppression_uploads where id = ${json.data.id}`,
        );
        if (row?.status === 'done') break;
        if (row?.status !== 'queued' && row?.status !== 'processing')
          throw new Error(`upload ${json.data.id} ended ${row?.status}`);
        await new Promise((r) => setTimeout(r, 5));
      }
      const done = performance.now();
      const { before, peak } = memory.stop();
      const [count] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from suppression_entries where upload_id = ${json.data.id}`,
      );
      console.log(
        `  ${label}: ${rows.toLocaleString('en-US')} rows (${mb(file.size)}) upload to committed ${((done - started) / 1000).toFixed(2)} s (answered after ${((answered - started) / 1000).toFixed(2)} s: parse + COPY; merge ${((done - answered) / 1000).toFixed(2)} s); ${count?.n.toLocaleString('en-US')} entries; RSS ${mb(before)} → peak ${mb(peak)} (+${mb(peak - before)}); ${load()}`,
      );
    };
    await upload('small upload', 10_000, `bench-small-${database}`);
    await upload('small upload, again (warm)', 10_000, `bench-small2-${database}`);
    await upload('large upload', BIG, `bench-big-${database}`);

    if (database !== 'postgres') return;
    // 2. The pipeline before and after the big list.
    const campaigns: { id: number }[] = [];
    for (let i = 0; i < 20; i++)
      campaigns.push(await insertCampaign(db, { module: 'local', reidentification: '30' }));
    const listed = (round: string, i: number) => i % 10 === 0 && round === 'after';
    const pipeline = async (round: string) => {
      const before = await leadCounts(db);
      const started = performance.now();
      for (let from = 0; from < IDENTITIES; from += 1000) {
        const rows = [];
        for (let i = from; i < Math.min(IDENTITIES, from + 1000); i++) {
          const email = `bench-${round}-${i}@example.com`;
          rows.push({
            campaignId: (campaigns[i % campaigns.length] as { id: number }).id,
            source: 'vendor_callback' as const,
            payload: {
              id: `bench-${round}-${i}`,
              emailMd5: md5(email),
              firstName: 'Bench',
              lastName: 'Lead',
              emails: [email],
              phones: [],
              address: { street: '1 Bench St', city: 'Austin', state: 'TX', zip: '78701' },
            },
          });
        }
        await api.services.leads.intake.insert(rows);
      }
      api.services.leads.wakeIngest();
      let waited = 0;
      for (;;) {
        // The benchmark's own rows (the demo's vendor lists drip rows due later in the day).
        const [left] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from lead_intake where available_at <= now()
                and campaign_id in (${sql.join(
                  campaigns.map((c) => sql`${c.id}`),
                  sql`, `,
                )})`,
        );
        if ((left?.n ?? 0) === 0) break;
        if (++waited % 200 === 0) {
          console.log(`    (${left?.n} intake rows left after ${waited / 20} s)`);
          api.services.leads.wakeIngest();
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      const seconds = (performance.now() - started) / 1000;
      const after = await leadCounts(db);
      const leads = after.leads - before.leads;
      const rejected = after.rejections - before.rejections;
      console.log(
        `  lead pipeline ${round} (${IDENTITIES.toLocaleString('en-US')} identities over ${campaigns.length} campaigns): ${leads} leads, ${rejected} rejected in ${seconds.toFixed(1)} s: ${Math.round(leads / seconds)} leads/s (${Math.round((leads + rejected) / seconds)} candidates/s); ${load()}`,
      );
    };
    await pipeline('before');
    const loadStarted = performance.now();
    const harborList = harbor.id;
    async function* entries() {
      const chunk: string[] = [];
      // A tenth of the next round's identities, then random keys to the total.
      for (let i = 0; i < IDENTITIES; i++)
        if (listed('after', i)) chunk.push(`client\t${harborList}\t${md5(`bench-after-${i}@example.com`)}\n`);
      for (let i = chunk.length; i < SUPPRESSED; i++) {
        chunk.push(`opt_out\t${harbor?.systemId}\t${md5(`bench-suppressed-${i}`)}\n`);
        if (chunk.length >= 50_000) yield chunk.splice(0).join('');
      }
      if (chunk.length > 0) yield chunk.join('');
    }
    await handle.copyIn('suppression_entries', ['scope', 'owner_id', 'md5'], entries());
    const [total] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from suppression_entries`,
    );
    console.log(
      `  loaded ${SUPPRESSED.toLocaleString('en-US')} suppressed hashes with COPY in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s (${total?.n.toLocaleString('en-US')} entries in all); ${load()}`,
    );
    await db.execute(sql`analyze suppression_entries`);
    await pipeline('after');
  } finally {
    await api.close();
  }
}

async function leadCounts(db: DatabaseHandle['db']) {
  const [row] = await queryRows<{ leads: number; rejections: number }>(
    db,
    sql`select (select count(*)::int from leads) as leads, (select count(*)::int from lead_rejections) as rejections`,
  );
  return { leads: row?.leads ?? 0, rejections: row?.rejections ?? 0 };
}
