import { companies, DEMO, eq, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, signIn } from '../../../test/sign-in.js';

/**
 * The authorization matrix: every principal × every kind of id × every id-taking route, each
 * answering what the declared rule says, and no foreign tenant's name ever leaking into an answer.
 * The expected status comes from an oracle written from the product guide §1, not from the code.
 */
let rt: TestRuntime;
const ids: Record<string, { user: number; company: number }> = {};
const tokens: Record<string, string | null> = {};

const PEOPLE = {
  system: DEMO.master.rootUser.email,
  sales: DEMO.master.sales.email,
  accountExecutive: DEMO.master.accountExecutive.email,
  agencyOwner: DEMO.northwind.owner.email,
  agencyAdmin: DEMO.northwind.administrator.email,
  client: DEMO.northwind.clients[0].contact.email,
  siblingClient: DEMO.northwind.clients[1].contact.email,
  otherAgency: DEMO.summit.owner.email,
  otherAgencyClient: DEMO.summit.clients[0].contact.email,
  otherSystem: DEMO.brightreach.agency.client.contact.email,
} as const;
type Person = keyof typeof PEOPLE;
const PRINCIPALS = [
  'system',
  'sales',
  'accountExecutive',
  'agencyOwner',
  'agencyAdmin',
  'client',
  'anonymous',
] as const;
type Principal = (typeof PRINCIPALS)[number];
const ID_KINDS = ['own', 'siblingClient', 'otherAgency', 'otherSystem', 'nonExistent', 'malformed'] as const;
type IdKind = (typeof ID_KINDS)[number];

/** Whose row an id kind names, for a principal ('own' is the principal's own user or company). */
const subjectOf = (p: Exclude<Principal, 'anonymous'>, kind: IdKind): Person | null =>
  kind === 'own'
    ? p
    : kind === 'siblingClient'
      ? 'siblingClient'
      : kind === 'otherAgency'
        ? 'otherAgency'
        : kind === 'otherSystem'
          ? 'otherSystem'
          : null;

/**
 * Product guide §1: whose rows a principal may name. Everyone may name themselves; sales staff sit
 * in the root company but see only their linked agencies, so their own company is not theirs to name.
 */
function inScope(p: Exclude<Principal, 'anonymous'>, subject: Person, idOf: 'user' | 'company'): boolean {
  if (subject === p) return idOf === 'user' || (p !== 'sales' && p !== 'accountExecutive');
  return companyInScope(p, subject);
}

function companyInScope(p: Exclude<Principal, 'anonymous'>, subject: Person): boolean {
  const northwindSide: Person[] = ['agencyOwner', 'agencyAdmin', 'client', 'siblingClient'];
  switch (p) {
    case 'system':
      return subject !== 'otherSystem';
    case 'sales':
    case 'accountExecutive':
      // Both are linked to Northwind: they see it and its clients.
      return northwindSide.includes(subject);
    case 'agencyOwner':
    case 'agencyAdmin':
      return northwindSide.includes(subject);
    case 'client':
      return false;
  }
}

interface RouteCase {
  name: string;
  url: (id: string, p: Exclude<Principal, 'anonymous'>) => string;
  idOf: 'user' | 'company';
  /** Extra rule of the route beyond scope (e.g. only one's own settings). */
  onlySelf?: boolean;
}

const ROUTES: RouteCase[] = [
  { name: 'GET /company/group/{company}/all', url: (id) => `/api/company/group/${id}/all`, idOf: 'company' },
  { name: 'GET /user/{id}', url: (id) => `/api/user/${id}`, idOf: 'user' },
  {
    name: 'GET /user/checksetupcomplete/{id}',
    url: (id) => `/api/user/checksetupcomplete/${id}`,
    idOf: 'user',
  },
  {
    name: 'GET /user/onboarding-status/{id}',
    url: (id) => `/api/user/onboarding-status/${id}`,
    idOf: 'user',
  },
  {
    name: 'GET /setting/twofactorauth/{id}',
    url: (id) => `/api/setting/twofactorauth/${id}`,
    idOf: 'user',
    onlySelf: true,
  },
  {
    name: 'GET /configuration/role-module/getrole/{company}',
    url: (id, p) => `/api/configuration/role-module/getrole/${id}/0/${ids[p]!.user}`,
    idOf: 'company',
  },
];

beforeAll(async () => {
  rt = await startTestRuntime();
  for (const [person, email] of Object.entries(PEOPLE)) {
    const [row] = await rt.database.db
      .select({ user: users.id, company: users.companyId })
      .from(users)
      .where(eq(users.email, email));
    ids[person] = row!;
  }
  for (const p of PRINCIPALS) {
    tokens[p] =
      p === 'anonymous'
        ? null
        : (await signIn(rt, PEOPLE[p], { ip: `192.0.2.${PRINCIPALS.indexOf(p) + 50}` })).access_token;
  }
});
afterAll(() => rt?.close());

describe('authorization matrix', () => {
  it('answers every principal × id kind × route as the rules say, and leaks no foreign names', async () => {
    const allCompanies = await rt.database.db
      .select({ id: companies.id, name: companies.name, parentId: companies.parentId })
      .from(companies);
    const nameOf = (companyId: number) => allCompanies.find((c) => c.id === companyId)?.name ?? '';
    const parentsOf = (companyId: number): number[] => {
      const parent = allCompanies.find((c) => c.id === companyId)?.parentId;
      return parent ? [parent, ...parentsOf(parent)] : [];
    };
    let cases = 0;
    const failures: string[] = [];
    for (const route of ROUTES) {
      for (const p of PRINCIPALS) {
        for (const kind of ID_KINDS) {
          const asPrincipal = p === 'anonymous' ? 'system' : p;
          const subject = subjectOf(asPrincipal, kind);
          const id =
            kind === 'nonExistent'
              ? '999999'
              : kind === 'malformed'
                ? 'abc'
                : String(ids[subject!]![route.idOf]);
          let expected: number[];
          if (p === 'anonymous') expected = [401];
          else if (kind === 'malformed') expected = [400, 404];
          else if (!subject) expected = [404];
          else if (route.onlySelf) expected = [subject === p ? 200 : 404];
          else expected = [inScope(p, subject, route.idOf) ? 200 : 404];

          const res = await rt.app.inject({
            url: route.url(id, asPrincipal),
            headers: tokens[p] ? bearer(tokens[p]!) : {},
          });
          cases++;
          if (!expected.includes(res.statusCode))
            failures.push(
              `${route.name} as ${p} with ${kind} id: ${res.statusCode}, expected ${expected.join('/')}`,
            );
          // No answer may name a company the principal may not see (its own agency and system it may).
          if (p !== 'anonymous') {
            const ownChain = new Set([ids[p]!.company, ...parentsOf(ids[p]!.company)]);
            for (const other of Object.keys(PEOPLE) as Person[]) {
              const company = ids[other]!.company;
              if (!companyInScope(p, other) && !ownChain.has(company) && res.body.includes(nameOf(company))) {
                failures.push(`${route.name} as ${p} with ${kind} id leaked ${nameOf(company)}`);
              }
            }
          }
        }
      }
    }
    console.log(
      `authorization matrix: ${cases} cases (${ROUTES.length} routes × ${PRINCIPALS.length} principals × ${ID_KINDS.length} id kinds)`,
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
