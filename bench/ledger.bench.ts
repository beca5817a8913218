import { execFileSync } from 'node:child_process';
import { asCents } from '@app/contracts';
import { type DatabaseHandle, firstRow, queryRows, sql } from '@app/db';
import { createLedger, type Ledger, type LedgerAccount } from '../apps/api/src/modules/ledger/index.js';
import { latencyOf, masterRoot, startBenchApi } from './lib/api-bench.js';

const LINES = Number.parseInt(process.env.BENCH_LEDGER_LINES ?? '1000000', 10);
const AGENCIES = Number.parseInt(process.env.BENCH_LEDGER_AGENCIES ?? '1000', 10);
const WRITES = Number.parseInt(process.env.BENCH_LEDGER_WRITES ?? '2000', 10);
const WRITERS = 8;
const READS = Number.parseInt(process.env.BENCH_LEDGER_READS ?? '500', 10);
/** Postings loaded per transaction: bounds the commit-time checks queued at once. */
const LOAD_BATCH = 50_000;
const MONTHS = 12;
/** Wallet spends into the system's revenue (two lines each), for the collected-revenue read. */
const SPENDS = Number.parseInt(process.env.BENCH_LEDGER_SPENDS ?? '50000', 10);

/**
 * The ledger at 1,000,000 lines: top-ups of 1,000 agencies' Data Wallets through the system's
 * gateway clearing account over the last 12 months (two lines a posting), loaded in SQL with the
 * database's checks on. Then, through the ledger module: postings per second with one writer and
 * with 8 concurrent writers, and balance and statement reads of one agency (500 lines) and of
 * the clearing account (half of all lines).
 */
export async function benchLedger(database: 'pglite' | 'postgres', databaseUrl?: string) {
  const api = await startBenchApi(databaseUrl);
  try {
    const ledger = createLedger({ db: api.handle.db });
    const world = await seedWorld(api.handle, ledger);
    const loadStart = performance.now();
    await loadLines(api.handle, world);
    await loadSpends(api.handle, world);
    const lineCount = await countLines(api.handle);
    console.log(
      `\nledger on ${database}: ${lineCount.toLocaleString('en-US')} lines (${AGENCIES} agency wallets + the clearing account), loaded in ${Math.round((performance.now() - loadStart) / 1000)} s with the checks on; uptime: ${loadAverage()}`,
    );

    const { systemId } = world;
    let sequence = 0;
    const postOne = () => {
      const n = sequence++;
      const wallet = world.wallets[n % world.wallets.length] as LedgerAccount;
      return ledger.post({
        systemId,
        cause: {
          kind: 'wallet_topup',
          description: 'Benchmark top-up',
          businessKey: `bench-write:${database}:${n}`,
          companyId: wallet.owner.type === 'company' ? wallet.owner.companyId : null,
        },
        gateway: { name: 'sandbox', objectId: `ch_bench_${n}` },
        lines: [
          { accountId: world.clearing.id, amount: asCents(2_500) },
          { accountId: wallet.id, amount: asCents(-2_500) },
        ],
      });
    };
    await postOne(); // warm the plans
    console.log(`  postings/s, 1 writer:   ${await postingsPerSecond(WRITES, 1, postOne)}`);
    console.log(`  postings/s, ${WRITERS} writers:  ${await postingsPerSecond(WRITES, WRITERS, postOne)}`);

    const agency = world.wallets[Math.floor(world.wallets.length / 2)] as LedgerAccount;
    const month = new Date(Date.now() - 2 * 31 * 86_400_000).toISOString().slice(0, 7);
    const reads: [string, () => Promise<unknown>, number][] = [
      ['balance, one agency', () => ledger.balanceOf({ systemId, accountId: agency.id }), READS],
      [
        'balance, gateway clearing',
        () => ledger.balanceOf({ systemId, accountId: world.clearing.id }),
        READS / 5,
      ],
      [
        'statement page 1, one agency, one month',
        () => ledger.statement({ systemId, accountId: agency.id, month, page: 1 }),
        READS,
      ],
      [
        'statement page 1, one agency, all',
        () => ledger.statement({ systemId, accountId: agency.id, page: 1 }),
        READS,
      ],
      [
        'statement page 3, clearing, one month',
        () => ledger.statement({ systemId, accountId: world.clearing.id, month, page: 3 }),
        READS / 5,
      ],
      // Root revenue's and Report Analytics' read (decision 0083): gateway money per bucket and source.
      [
        'collected by source, 31 days by day',
        () => ledger.collectedBySource({ systemId, start: dayBack(31), end: dayBack(1), bucket: 'day' }),
        READS / 5,
      ],
      [
        'collected by source, 366 days by month',
        () => ledger.collectedBySource({ systemId, start: dayBack(366), end: dayBack(1), bucket: 'month' }),
        READS / 10,
      ],
    ];
    const agencyLines = (await ledger.statement({ systemId, accountId: agency.id, page: 1 })).totalLines;
    console.log(
      `  reads (one agency: ${agencyLines} lines; clearing: ${(await ledger.statement({ systemId, accountId: world.clearing.id, page: 1 })).totalLines} lines)`,
    );
    for (const [name, read, rounds] of reads) {
      for (let i = 0; i < 5; i++) await read(); // warm
      console.log(`  ${name.padEnd(42)} ${await latencyOf(read, rounds)}`);
    }
    console.log(`  uptime after: ${loadAverage()}`);
  } finally {
    await api.close();
  }
}

const dayBack = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The machine is shared: `uptime` beside the figures says how busy it was. */
const loadAverage = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

/** `count` postings in total, by `writers` loops running at once; answers postings per second. */
async function postingsPerSecond(count: number, writers: number, postOne: () => Promise<unknown>) {
  const started = performance.now();
  let left = count;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (left > 0) {
        left--;
        await postOne();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return `${Math.round(count / seconds)} (${count} postings in ${Math.round(seconds * 10) / 10} s)`;
}

/** The master system's clearing account, and the agencies with a Data Wallet account each. */
async function seedWorld(handle: DatabaseHandle, ledger: Ledger) {
  const { systemId, companyId } = await masterRoot(handle);
  await handle.sql.executeSql(
    `insert into companies (system_id, kind, parent_id, root_id, name, email)
     select $1, 'agency', $2, $2, 'Ledger Agency ' || n, 'owner' || n || '@ledger.bench'
       from generate_series(1, ${AGENCIES}) n`,
    [systemId, companyId],
  );
  const agencies = await queryRows<{ id: number }>(
    handle.db,
    sql`select id from companies where system_id = ${systemId} and email like '%@ledger.bench' order by id`,
  );
  const clearing = await ledger.accountFor({ systemId, kind: 'gateway_clearing', owner: { type: 'system' } });
  const revenue = await ledger.accountFor({ systemId, kind: 'revenue', owner: { type: 'system' } });
  const wallets: LedgerAccount[] = [];
  for (const agency of agencies)
    wallets.push(
      await ledger.accountFor({
        systemId,
        kind: 'wallet',
        owner: { type: 'company', companyId: Number.parseInt(String(agency.id), 10) },
      }),
    );
  return { systemId, clearing, revenue, wallets };
}

/**
 * LINES / 2 wallet top-ups, spread evenly over the agencies and the last 12 months, each one
 * posting (with its line count) and its two lines, in transactions of LOAD_BATCH postings: the
 * stamp, the append-only and the commit-time balance checks all run, as for any posting.
 */
async function loadLines(handle: DatabaseHandle, world: Awaited<ReturnType<typeof seedWorld>>) {
  const postings = Math.floor(LINES / 2);
  const walletIds = sql`${`{${world.wallets.map((w) => w.id).join(',')}}`}::bigint[]`;
  const spanSeconds = MONTHS * 30 * 86_400;
  for (let from = 0; from < postings; from += LOAD_BATCH) {
    const to = Math.min(postings, from + LOAD_BATCH) - 1;
    await handle.db.transaction(async (tx) => {
      const [last] = await queryRows<{ id: unknown }>(
        tx,
        sql`select coalesce(max(id), 0) as id from ledger_postings`,
      );
      await tx.execute(sql`
        insert into ledger_postings (system_id, cause_kind, description, business_key, company_id, gateway, gateway_object_id, line_count, created_at)
        select ${world.systemId}, 'wallet_topup', 'Data Wallet top-up', 'bench-load:' || g, a.company_id, 'sandbox', 'ch_load_' || g, 2,
               now() - make_interval(secs => ${spanSeconds} * (1 - g::double precision / ${postings}))
          from generate_series(${from}::int, ${to}::int) g
          join ledger_accounts a on a.id = (${walletIds})[g % ${world.wallets.length} + 1]`);
      await tx.execute(sql`
        insert into ledger_lines (posting_id, account_id, amount, posted_at)
        select p.id, x.account_id, x.amount, p.created_at
          from ledger_postings p
          join ledger_accounts a on a.company_id = p.company_id and a.kind = 'wallet' and a.system_id = p.system_id
          cross join lateral (values (${world.clearing.id}::bigint, 100 + p.id % 9900), (a.id, -(100 + p.id % 9900))) x(account_id, amount)
         where p.id > ${last?.id ?? 0}`);
    });
  }
  await handle.sql.executeSql('vacuum analyze ledger_postings');
  await handle.sql.executeSql('vacuum analyze ledger_lines');
}

/**
 * SPENDS wallet spends over the same 12 months: the agency's wallet +x, the system's revenue −x,
 * so the revenue account holds SPENDS lines for the collected-revenue read.
 */
async function loadSpends(handle: DatabaseHandle, world: Awaited<ReturnType<typeof seedWorld>>) {
  if (SPENDS <= 0) return;
  const revenue = world.revenue;
  const walletIds = sql`${`{${world.wallets.map((w) => w.id).join(',')}}`}::bigint[]`;
  const spanSeconds = MONTHS * 30 * 86_400;
  await handle.db.transaction(async (tx) => {
    const [last] = await queryRows<{ id: unknown }>(
      tx,
      sql`select coalesce(max(id), 0) as id from ledger_postings`,
    );
    await tx.execute(sql`
      insert into ledger_postings (system_id, cause_kind, description, business_key, company_id, line_count, created_at)
      select ${world.systemId}, 'wallet_spend', 'Leads delivered', 'bench-spend:' || g, a.company_id, 2,
             now() - make_interval(secs => ${spanSeconds} * (1 - g::double precision / ${SPENDS}))
        from generate_series(0, ${SPENDS - 1}::int) g
        join ledger_accounts a on a.id = (${walletIds})[g % ${world.wallets.length} + 1]`);
    await tx.execute(sql`
      insert into ledger_lines (posting_id, account_id, amount, posted_at)
      select p.id, x.account_id, x.amount, p.created_at
        from ledger_postings p
        join ledger_accounts a on a.company_id = p.company_id and a.kind = 'wallet' and a.system_id = p.system_id
        cross join lateral (values (a.id, 50 + p.id % 950), (${revenue.id}::bigint, -(50 + p.id % 950))) x(account_id, amount)
       where p.id > ${last?.id ?? 0}`);
  });
  await handle.sql.executeSql('vacuum analyze ledger_lines');
}

async function countLines(handle: DatabaseHandle) {
  const row = firstRow(
    await queryRows<{ n: unknown }>(handle.db, sql`select count(*) as n from ledger_lines`),
    'count',
  );
  return Number.parseInt(String(row.n), 10);
}
