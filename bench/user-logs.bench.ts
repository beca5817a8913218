import type { LogUserRequest } from '@app/contracts';
import { companies, type DatabaseHandle, DEMO, eq, users } from '@app/db';
import {
  createUserLogRepository,
  type UserLogQuery,
} from '../apps/api/src/modules/audit/user-log-repository.js';
import { apiBesideSql, masterRoot, postSealed, signInOverHttp, startBenchApi } from './lib/api-bench.js';

const AGENCIES = Number(process.env.BENCH_LOG_AGENCIES ?? 100);
const CLIENTS_PER_AGENCY = Number(process.env.BENCH_LOG_CLIENTS_PER_AGENCY ?? 10);
const LOGS = Number(process.env.BENCH_LOGS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_LOG_ROUNDS ?? 200);
const DAYS = 90;

/**
 * The user logs at scale: a system with 100 agencies × 10 clients and 1,000,000 log rows over the
 * last 90 days. Each case reads one page (10 rows and the total) through
 * `POST /configuration/user/log-user` beside the repository's own SQL, as the logs modal does:
 * the whole system, a late page, one agency's tree, one person, one category.
 */
export async function benchUserLogs(database: 'pglite' | 'postgres', databaseUrl?: string) {
  const api = await startBenchApi(databaseUrl);
  try {
    const seedStart = performance.now();
    const world = await seedLogs(api.handle);
    console.log(
      `\nuser logs on ${database}: ${LOGS.toLocaleString('en-US')} rows over ${DAYS} days, ${AGENCIES} agencies × ${CLIENTS_PER_AGENCY} clients, seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const base = await api.listen();
    const token = await signInOverHttp(base, DEMO.master.rootUser.email);
    const repo = createUserLogRepository(api.handle.db);

    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - DAYS * 86_400_000).toISOString().slice(0, 10);
    const range = `${start} - ${today}`;
    const query = (q: Partial<UserLogQuery>): UserLogQuery => ({
      systemId: world.systemId,
      companyId: null, // the root company's tree: the whole system
      userTypes: null,
      userId: null,
      category: null,
      campaignId: null,
      range: { start, end: today },
      ...q,
    });
    const body = (b: Partial<LogUserRequest>) => ({
      companyID: world.rootCompanyId,
      user_type: 'all',
      page: 1,
      log_date_range: range,
      ...b,
    });
    const cases: { name: string; body: object; sql: UserLogQuery; page?: number }[] = [
      { name: 'whole system, page 1', body: body({}), sql: query({}) },
      { name: 'whole system, page 500', body: body({ page: 500 }), sql: query({}), page: 500 },
      {
        name: 'one agency and its clients',
        body: body({ companyID: world.agencyId }),
        sql: query({ companyId: world.agencyId }),
      },
      { name: 'one person', body: body({ user_id: world.userId }), sql: query({ userId: world.userId }) },
      {
        name: 'category "settings"',
        body: body({ action: 'settings' }),
        sql: query({ category: 'settings' }),
      },
    ];
    const { worstApiP99 } = await apiBesideSql(
      [
        ...cases.map((c) => ({
          name: c.name,
          api: () =>
            postSealed(base, '/configuration/user/log-user', c.body, token) as Promise<{ total: number }>,
          sql: () => repo.page(c.sql, c.page ?? 1, 10),
        })),
        {
          // The filter drawer's category list, read each time the logs open.
          name: 'categories, whole system',
          api: async () => {
            const answer = (await postSealed(base, '/configuration/user/log-category', {}, token)) as {
              data: unknown[];
            };
            return { total: answer.data.length };
          },
          sql: async () => ({ total: (await repo.categories(world.systemId, null)).length }),
        },
      ],
      ROUNDS,
    );
    console.log(`  worst API p99: ${worstApiP99.toFixed(1)} ms`);
  } finally {
    await api.close();
  }
}

/**
 * Agencies, clients and one person each, then the log rows in one set-based insert: spread evenly
 * over the people and the last 90 days, a fifth of them settings changes, the rest sign-ins.
 */
async function seedLogs(handle: DatabaseHandle) {
  const { systemId, companyId } = await masterRoot(handle);
  const run = (text: string, params: unknown[] = []) => handle.sql.executeSql(text, params);
  await run(
    `insert into companies (system_id, kind, parent_id, root_id, name, email)
     select $1, 'agency', $2, $2, 'Log Agency ' || n, 'owner' || n || '@logs.bench'
       from generate_series(1, ${AGENCIES}) n`,
    [systemId, companyId],
  );
  await run(
    `insert into companies (system_id, kind, parent_id, root_id, name, email)
     select $1, 'client', a.id, $2, a.name || ' Client ' || n, 'client' || n || '.' || a.id || '@logs.bench'
       from companies a cross join generate_series(1, ${CLIENTS_PER_AGENCY}) n
      where a.parent_id = $2 and a.name like 'Log Agency %'`,
    [systemId, companyId],
  );
  await run(
    `insert into users (system_id, company_id, user_type, email, name, phonenum, profile_setup_completed)
     select $1, c.id, case c.kind when 'agency' then 'userdownline'::user_type else 'client'::user_type end,
            c.email, 'Person ' || c.id, '2025550100', true
       from companies c where c.email like '%@logs.bench'`,
    [systemId],
  );
  await run(
    `with people as (
       select row_number() over (order by u.id) - 1 as i, u.id, u.company_id from users u where u.system_id = $1
     ), n_people as (select count(*) as n from people)
     insert into user_logs (system_id, company_id, user_id, action, category, description, ip, created_at)
     select $1, p.company_id, p.id,
            case when g % 5 = 0 then 'branding_saved' else 'login' end,
            case when g % 5 = 0 then 'settings' else 'auth' end,
            'Bench log row ' || g, '192.0.2.' || (g % 250 + 1),
            now() - make_interval(secs => (g::double precision / ${LOGS}) * ${DAYS} * 86400)
       from generate_series(1, ${LOGS}) g
       cross join n_people
       join people p on p.i = g % n_people.n`,
    [systemId],
  );
  await run('analyze');
  const [agency] = await handle.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, `Log Agency ${Math.ceil(AGENCIES / 2)}`));
  const [person] = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `owner${Math.ceil(AGENCIES / 2)}@logs.bench`));
  if (!agency || !person) throw new Error('seed missing');
  return { systemId, rootCompanyId: companyId, agencyId: agency.id, userId: person.id };
}
