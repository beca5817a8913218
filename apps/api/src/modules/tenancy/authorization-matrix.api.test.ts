import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, signIn } from '../../../test/sign-in.js';
import type { AccessRule } from '../../plugins/access.js';
import { type CaseContext, MATRIX_CASES, type MatrixCase } from './authorization-matrix.cases.js';
import {
  type Actor,
  ID_KINDS,
  type IdKind,
  inScope,
  markerOwners,
  PEOPLE,
  type Person,
  type PersonIds,
  PRINCIPALS,
  type Principal,
  prepareWorld,
  subjectOf,
  visibleCompanies,
} from './authorization-matrix.world.js';

/**
 * The authorization matrix (issue 4): every route with a `user` rule × every demo principal ×
 * every kind of id it takes (own, sibling client, another agency's, another system's, missing,
 * malformed), in path and body. Each answer must be what the declared rule and the product guide
 * say, and no answer may carry a marker string of a tenant the principal may not see.
 */
let rt: TestRuntime;
let ids: Record<Person, PersonIds>;
const tokens: Partial<Record<Principal, string>> = {};
const registered: { method: string; url: string; access: AccessRule }[] = [];

beforeAll(async () => {
  rt = await startTestRuntime({ onRouteRegistered: (route) => registered.push(route) });
  await rt.app.ready();
  ids = await prepareWorld(rt.database.db);
  for (const [i, p] of PRINCIPALS.entries()) {
    if (p === 'anonymous') continue;
    tokens[p] = (await signIn(rt, PEOPLE[p], { ip: `192.0.2.${i + 50}` })).access_token;
  }
});
afterAll(() => rt?.close());

const ruleOf = (route: string) => {
  const found = registered.find((r) => `${r.method} ${r.url}` === route);
  if (!found) throw new Error(`${route} is not a registered route`);
  return found.access;
};

/** Sales staff's own ids point at their linked agency where a company is needed. */
const homeOf = (p: Actor): PersonIds =>
  p === 'sales' || p === 'accountExecutive'
    ? {
        ...ids[p],
        company: ids.agencyOwner.company,
        group: ids.agencyOwner.group,
        role: ids.agencyOwner.role,
      }
    : ids[p];

function idFor(p: Actor, kind: IdKind, resource: keyof PersonIds): number | string {
  if (kind === 'nonExistent') return 999_999;
  if (kind === 'malformed') return 'abc';
  const subject = subjectOf(p, kind)!;
  return ids[subject][resource] as number;
}

function expected(
  rule: AccessRule,
  c: MatrixCase,
  p: Principal,
  kind: IdKind | null,
  ctx: CaseContext,
): readonly number[] | 'pass' {
  if (rule.kind === 'public') return 'pass';
  if (p === 'anonymous') return [401];
  const userType = ids[p].userType;
  const typeAllowed = rule.userTypes === 'any' || (rule.userTypes as readonly string[]).includes(userType);
  if (!typeAllowed || (rule.systemUserOnly && p !== 'system')) return [404];
  if (!kind || !c.vary) return c.inScope?.(p, p, ctx) ?? 'pass';
  if (kind === 'malformed') return [400, 404];
  const subject = subjectOf(p, kind);
  if (!subject) return [404];
  if (!inScope(p, subject, c.vary.resource) && !(c.ownOutsideScope && subject === p)) return [404];
  return c.inScope?.(p, subject, ctx) ?? 'pass';
}

const passes = (status: number) => status < 500 && ![401, 403, 404].includes(status);

describe('authorization matrix', () => {
  it('covers every route with a user rule', () => {
    const covered = new Set(MATRIX_CASES.map((c) => c.route));
    const missing = registered
      // HEAD routes are Fastify's automatic twins of GET routes, with the same rule.
      .filter((r) => r.access.kind === 'user' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !covered.has(route));
    expect(missing).toEqual([]);
  });

  it('answers every principal × id kind × route as the rules say, and leaks no other tenant’s marker', async () => {
    const owners = await markerOwners(rt.database.db);
    const visible = new Map<Actor, Set<number>>();
    for (const p of PRINCIPALS)
      if (p !== 'anonymous') visible.set(p, await visibleCompanies(rt.database.db, p, ids));
    const cases = [...MATRIX_CASES].sort((a, b) => Number(a.last ?? false) - Number(b.last ?? false));
    let count = 0;
    const failures: string[] = [];
    for (const c of cases) {
      const rule = ruleOf(c.route);
      const [method] = c.route.split(' ') as [string];
      for (const p of PRINCIPALS) {
        for (const kind of c.vary ? ID_KINDS : [null]) {
          const actor: Actor = p === 'anonymous' ? 'system' : p;
          const id = kind && c.vary ? idFor(actor, kind, c.vary.resource) : 0;
          const ctx: CaseContext = {
            p: actor,
            id,
            subject: kind ? subjectOf(actor, kind) : actor,
            home: homeOf(actor),
            ids,
            db: rt.database.db,
          };
          const want = expected(rule, c, p, kind, ctx);
          const request = await c.request(ctx);
          const res = await rt.app.inject({
            method: method as 'GET',
            url: request.url,
            headers: {
              ...(tokens[p] ? bearer(tokens[p]!) : {}),
              ...(request.raw
                ? { 'content-type': request.raw.contentType }
                : request.body !== undefined
                  ? { 'content-type': 'application/json' }
                  : {}),
            },
            remoteAddress: '192.0.2.200',
            payload: request.raw
              ? request.raw.payload
              : request.body !== undefined
                ? JSON.stringify({ dt: await rt.seal(request.body) })
                : undefined,
          });
          count++;
          const ok = want === 'pass' ? passes(res.statusCode) : want.includes(res.statusCode);
          if (!ok)
            failures.push(
              `${c.route} [${c.vary?.field ?? '-'}] as ${p} with ${kind ?? 'no'} id: ${res.statusCode} ${res.body.slice(0, 120)}, expected ${want === 'pass' ? 'past access' : want.join('/')}`,
            );
          if (p !== 'anonymous') {
            for (const marker of res.body.match(/MARKER-[CUGR]\d+-X/g) ?? []) {
              const company = owners.get(marker);
              if (company !== undefined && !visible.get(p)!.has(company))
                failures.push(`${c.route} as ${p} with ${kind ?? 'no'} id leaked ${marker}`);
            }
          }
        }
      }
    }
    console.log(
      `authorization matrix: ${count} cases (${MATRIX_CASES.length} route × id rows, ${PRINCIPALS.length} principals, ${ID_KINDS.length} id kinds)`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
