import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@app/db';
import { createSandboxResolver } from '../apps/api/src/providers/identities/index.js';
import { latencyOf } from './lib/api-bench.js';

const PEOPLE = Number.parseInt(process.env.BENCH_IDENTITIES_PEOPLE ?? '50000', 10);
const VISITS = Number.parseInt(process.env.BENCH_IDENTITIES_VISITS ?? '5000', 10);
const PAGES = Number.parseInt(process.env.BENCH_IDENTITIES_PAGES ?? '50', 10);

/**
 * The sandbox identity resolver at 50,000 people: generation time from the seed (migrated,
 * otherwise empty database), visitor resolutions per second (40 % match rate, so 60 % answer
 * without a read), and the latency of a 1,000-row list page for national, state, city + zip and
 * keyword + b2b requests.
 */
export async function benchIdentities(database: 'pglite' | 'postgres', databaseUrl?: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-identities-'));
  const handle = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir, 'db') });
  try {
    await handle.migrate();
    const resolver = createSandboxResolver({ db: handle.db, people: PEOPLE, seed: 'bench' });
    const seeded = await resolver.ensureSeeded();
    console.log(
      `\nsandbox identities on ${database}: ${PEOPLE.toLocaleString('en-US')} people generated in ${seeded.milliseconds} ms; ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`,
    );
    const visit = (i: number) => ({
      visitorKey: `bench-visitor-${i}`,
      ip: '203.0.113.9',
      userAgent: 'bench',
      pageUrl: 'https://site.example.com/',
      campaignId: '10000001',
    });
    const started = performance.now();
    let resolved = 0;
    for (let i = 0; i < VISITS; i++)
      if ((await resolver.resolveVisitor(visit(i))).status === 'resolved') resolved++;
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  visitor resolutions/s, 1 caller: ${Math.round(VISITS / seconds)} (${VISITS} visits, ${resolved} resolved)`,
    );
    const day = '2026-11-26';
    const page = (request: Partial<Parameters<typeof resolver.lookupList>[0]>) => () =>
      resolver.lookupList({
        module: 'enhance',
        keywords: [],
        geography: { national: true, states: [], cities: [], zips: [] },
        limit: 10_000,
        pageSize: 1_000,
        day,
        ...request,
      });
    const cases: [string, () => Promise<unknown>][] = [
      ['1,000-row page, national', page({})],
      [
        '1,000-row page, CA + TX + FL',
        page({ geography: { national: false, states: ['CA', 'TX', 'FL'], cities: [], zips: [] } }),
      ],
      [
        '1,000-row page, 3 cities + 2 zips',
        page({
          geography: {
            national: false,
            states: [],
            cities: [
              { city: 'Austin', state: 'TX' },
              { city: 'Houston', state: 'TX' },
              { city: 'Chicago', state: 'IL' },
            ],
            zips: ['78701', '60601'],
          },
        }),
      ],
      [
        '1,000-row page, b2b, 3 keywords, national',
        page({ module: 'b2b', keywords: ['roofing', 'solar', 'plumbing'] }),
      ],
    ];
    for (const [name, run] of cases) {
      for (let i = 0; i < 3; i++) await run();
      console.log(`  ${name.padEnd(44)} ${await latencyOf(run, PAGES)}`);
    }
  } finally {
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
