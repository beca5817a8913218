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
      module = 'all',
      groupId: number | 'all' = 'all',
    ) =>
      `${base}/configuration/user/${companyId}/${groupId}/${root.systemId}/${userType}/${module}/${sort}/${order}/${encodeURIComponent(search)}?Page=1&PerPage=10${query}`;
    const group = root.groupId;

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
      // The narrowing filters of decision 0094.
      {
        name: 'filter: card with',
        api: url(root.companyId, 'userdownline', 'none', 'none', '-', '&CardStatus=with'),
        sql: list({ card: 'with' }),
      },
      {
        name: 'filter: campaign active',
        api: url(root.companyId, 'userdownline', 'none', 'none', '-', '&CampaignStatus=active'),
        sql: list({ campaigns: 'active' }),
      },
      {
        name: 'filter: no card, inactive',
        api: url(
          root.companyId,
          'userdownline',
          'company_name',
          'asc',
          '-',
          '&CardStatus=without&CampaignStatus=inactive',
        ),
        sql: list({ card: 'without', campaigns: 'inactive', sortBy: 'company_name', order: 'asc' }),
      },
      {
        name: 'filter: module b2b + excluded',
        api: url(root.companyId, 'userdownline', 'none', 'none', '-', '&Exclude=minimumspend', 'b2b'),
        sql: list({ module: 'b2b', excludedFromMinimumSpend: true }),
      },
      {
        name: 'filter: company group',
        api: url(root.companyId, 'userdownline', 'none', 'none', '-', '', 'all', group),
        sql: list({ groupId: group }),
      },
      {
        name: 'one agency: active clients',
        api: url(agency.id, 'client', 'none', 'none', '-', '&CampaignStatus=active&CardStatus=with'),
        sql: list({ parentCompanyId: agency.id, kind: 'client', campaigns: 'active', card: 'with' }),
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
  // Decision 0094's facts: a card on every 3rd agency and 2nd client, the local module everywhere and
  // b2b on every 4th agency, every 5th agency excluded from the minimum spend, a running campaign on
  // every 10th client (a paused one on every 10th + 1), every 50th client's campaign in a root group.
  await handle.sql.executeSql(
    `insert into payment_cards (company_id, gateway, customer_id, payment_method_id, brand, last4, exp_month,
                                exp_year, holder, address, city, state, country, zip)
     select c.id, 'sandbox', 'cus_bench_' || c.id, 'pm_bench_' || c.id, 'visa', '4242', 12, 2040, 'Bench Holder',
            '1 Bench Street', 'Chicago', 'IL', 'US', '60601'
       from companies c
      where c.system_id = $1 and c.id % (case when c.kind = 'agency' then 3 else 2 end) = 0
        and (c.name like 'Bench Agency %')`,
    [systemId],
  );
  await handle.sql.executeSql(
    `insert into company_modules (company_id, module, enabled)
     select c.id, m.module::module_type, true from companies c
       cross join (values ('local'), ('b2b')) m(module)
      where c.name like 'Bench Agency %' and (m.module = 'local' or c.id % 4 = 0)
     on conflict do nothing`,
  );
  await handle.sql.executeSql(
    `update companies set exclude_minimum_spend = true where name like 'Bench Agency %' and id % 5 = 0`,
  );
  const { rows: groups } = await handle.sql.executeSql(
    `insert into company_groups (company_id, name) values ($1, 'Bench group') returning id`,
    [companyId],
  );
  const groupId = Number(groups[0]?.id);
  await handle.sql.executeSql(
    `insert into campaigns (public_id, system_id, agency_id, client_id, module, name, status, company_group_id)
     select (30000000 + c.id)::text, c.system_id, c.parent_id, c.id, 'local', 'Bench campaign ' || c.id,
            case when c.id % 10 = 0 then 'running' else 'paused' end,
            case when c.id % 50 = 0 then $1::int end
       from companies c
      where c.kind = 'client' and c.email like '%@client.bench' and c.id % 10 in (0, 1)`,
    [groupId],
  );
  await handle.sql.executeSql('analyze');
  return { systemId, companyId, groupId };
}
