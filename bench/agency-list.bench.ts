import { companies, type DatabaseHandle, DEMO, eq } from '@app/db';
import {
  createUserListRepository,
  type UserListQuery,
} from '../apps/api/src/modules/users/user-list-repository.js';
import {
  apiBesideSql,
  getJson,
  latencyOf,
  masterRoot,
  signInOverHttp,
  startBenchApi,
} from './lib/api-bench.js';

const AGENCIES = Number(process.env.BENCH_AGENCIES ?? 1000);
const CLIENTS_PER_AGENCY = Number(process.env.BENCH_CLIENTS_PER_AGENCY ?? 100);
// p99 of 500 samples is the 5th slowest: steady enough to compare two columns in one run.
const ROUNDS = Number(process.env.BENCH_LIST_ROUNDS ?? 500);

/**
 * The agency list at scale (issue 4): 1,000 agencies × 100 clients on the master system. For each
 * case the API call (HTTP on 127.0.0.1, token check, scope checks, serialisation) and the list's own
 * SQL run directly through the repository on the same database, side by side.
 */
export async function benchAgencyList(database: 'pglite' | 'postgres', databaseUrl?: string) {
  const api = await startBenchApi(databaseUrl);
  try {
    const seedStart = performance.now();
    const root = await seedNetwork(api.handle);
    console.log(
      `\nagency list on ${database}: ${AGENCIES} agencies × ${CLIENTS_PER_AGENCY} clients seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const base = await api.listen();
    const token = await signInOverHttp(base, DEMO.master.rootUser.email);
    const repo = createUserListRepository(api.handle.db);

    const agency = (
      await api.handle.db
        .select()
        .from(companies)
        .where(eq(companies.name, `Bench Agency ${String(Math.ceil(AGENCIES / 2)).padStart(4, '0')}`))
    )[0];
    if (!agency) throw new Error('seed missing');
    const list = (q: Partial<UserListQuery>): UserListQuery => ({
      systemId: root.systemId,
      parentCompanyId: root.companyId,
      kind: 'agency',
      search: null,
      sortBy: 'none',
      order: 'none',
      paymentFailedOnly: false,
      apiModeOnly: false,
      page: 1,
      perPage: 10,
      ...q,
    });
    const url = (
      companyId: number,
      userType: string,
      sort: string,
      order: string,
      search = '-',
      query = '',
    ) =>
      `${base}/configuration/user/${companyId}/all/${root.systemId}/${userType}/all/${sort}/${order}/${encodeURIComponent(search)}?Page=1&PerPage=10${query}`;

    const cases: { name: string; api: string; sql: UserListQuery }[] = [
      { name: 'default order', api: url(root.companyId, 'userdownline', 'none', 'none'), sql: list({}) },
      ...(['company_name', 'full_name', 'email', 'created_at'] as const).map((key) => ({
        name: `sorted by ${key}`,
        api: url(root.companyId, 'userdownline', key, 'asc'),
        sql: list({ sortBy: key, order: 'asc' }),
      })),
      {
        name: 'filter: payment failed',
        api: url(root.companyId, 'userdownline', 'none', 'none', '-', '&Filters=paymentfailed'),
        sql: list({ paymentFailedOnly: true }),
      },
      {
        name: 'search "agency 07"',
        api: url(root.companyId, 'userdownline', 'company_name', 'asc', 'agency 07'),
        sql: list({ search: 'agency 07', sortBy: 'company_name', order: 'asc' }),
      },
      {
        name: 'expand one agency',
        api: url(agency.id, 'client', 'none', 'none'),
        sql: list({ parentCompanyId: agency.id, kind: 'client' }),
      },
    ];
    const { worstApiP99, worstRatio } = await apiBesideSql(
      cases.map((c) => ({
        name: c.name,
        api: () => getJson(c.api, token) as Promise<{ total: number }>,
        sql: () => repo.list(c.sql),
      })),
      ROUNDS,
    );
    console.log(
      `  target (issue 4): API p99 under 50 ms — worst ${worstApiP99.toFixed(1)} ms, ${worstApiP99 < 50 ? 'met' : 'NOT met'}; within 2× of the SQL — worst ${worstRatio.toFixed(2)}×, ${worstRatio <= 2 ? 'met' : 'NOT met'}`,
    );
    // What any signed-in call pays besides its own SQL: token and session check, HTTP, JSON.
    console.log(
      `  fixed cost of a signed-in call (GET /user): ${await latencyOf(() => getJson(`${base}/user`, token), ROUNDS)}`,
    );
  } finally {
    await api.close();
  }
}

/**
 * Bulk-inserts the network in a few set-based statements: agencies with their owners, then each
 * agency's clients with their contacts. Every 50th agency has a failed payment (the filter case).
 */
async function seedNetwork(handle: DatabaseHandle) {
  const { systemId, companyId } = await masterRoot(handle);
  await handle.sql.executeSql(
    `insert into companies (system_id, kind, parent_id, root_id, name, email, subdomain, created_at)
     select $1, 'agency', $2, $2, 'Bench Agency ' || lpad(n::text, 4, '0'), 'owner' || n || '@agency.bench',
            'bench-' || n, now() - make_interval(mins => n)
       from generate_series(1, ${AGENCIES}) n`,
    [systemId, companyId],
  );
  // A declined charge not paid yet (decision 0065) on every 50th agency.
  await handle.sql.executeSql(
    `insert into payment_failures (system_id, payer_company_id, agency_id, obligation_key, amount, reason, failed_at)
     select $1, c.id, c.id, 'bench-failure:' || c.id, 1000, 'Your card was declined.', now()
       from companies c
      where c.parent_id = $2 and c.name like 'Bench Agency %' and substr(c.name, 14)::int % 50 = 0`,
    [systemId, companyId],
  );
  await handle.sql.executeSql(
    `insert into users (system_id, company_id, user_type, email, name, phonenum, profile_setup_completed)
     select $1, c.id, 'userdownline', c.email, 'Owner ' || substr(c.name, 14), '2025550100', true
       from companies c where c.parent_id = $2 and c.name like 'Bench Agency %'`,
    [systemId, companyId],
  );
  await handle.sql.executeSql(
    `insert into companies (system_id, kind, parent_id, root_id, name, email, created_at)
     select $1, 'client', a.id, $2, a.name || ' Client ' || lpad(n::text, 3, '0'),
            'client' || n || '.' || a.id || '@client.bench', now() - make_interval(mins => n)
       from companies a cross join generate_series(1, ${CLIENTS_PER_AGENCY}) n
      where a.parent_id = $2 and a.name like 'Bench Agency %'`,
    [systemId, companyId],
  );
  await handle.sql.executeSql(
    `insert into users (system_id, company_id, user_type, email, name, phonenum, profile_setup_completed)
     select $1, c.id, 'client', c.email, 'Contact ' || c.id, '2025550101', true
       from companies c where c.kind = 'client' and c.email like '%@client.bench'`,
    [systemId],
  );
  await handle.sql.executeSql('analyze');
  return { systemId, companyId };
}
