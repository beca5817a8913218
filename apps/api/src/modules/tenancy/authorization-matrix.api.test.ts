import { DEMO } from '@app/db';
import { type Action, authorize, type KeyActor, type Actor as PolicyActor, reaches } from '@app/policy';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaseContext, MATRIX_CASES, type MatrixCase } from '../../../test/authorization-matrix/cases.js';
import {
  KEY_MATRIX_CASES,
  KEY_PRINCIPALS,
  type KeyPrincipalName,
  keyReaches,
  keySubject,
  northwindKey,
} from '../../../test/authorization-matrix/key-cases.js';
import {
  type Actor,
  ID_KINDS,
  type IdKind,
  inScope,
  LIKE,
  markerOwners,
  PEOPLE,
  type Person,
  type PersonIds,
  PRINCIPALS,
  type Principal,
  prepareWorld,
  subjectOf,
  visibleCompanies,
} from '../../../test/authorization-matrix/world.js';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';
import { localReceiversPermit } from '../../../test/webhook-receiver.js';
import { loadOrCreateSecret } from '../../lib/app-secrets.js';
import type { AccessRule } from '../../plugins/access.js';
import { createGuardedHttp } from '../../providers/outbound/guarded-http.js';
import { createKeyTokens } from '../developer/index.js';

/**
 * The authorization matrix (issue 4): every route with a `user` rule × every demo principal ×
 * every kind of id it takes (own, sibling client, another agency's, another system's, missing,
 * malformed), in path and body. Each answer must be what the declared rule and the product guide
 * say, and no answer may carry a marker string of a tenant the principal may not see.
 */
let rt: TestRuntime;
let ids: Record<Person, PersonIds>;
const tokens: Partial<Record<Principal, string>> = {};
/** Each principal as the policy sees them, read through the product's own authenticator. */
const actors: Partial<Record<Principal, PolicyActor>> = {};
const registered: { method: string; url: string; access: AccessRule }[] = [];

beforeAll(async () => {
  rt = await startTestRuntime({
    onRouteRegistered: (route) => registered.push(route),
    // A test lead's answer need not wait for the ingest job here: only the access layer is asked.
    siteTestTimings: { testLeadWaitMs: 0 },
    // The matrix connects webhooks to a local port nothing listens on: a test payload fails at once.
    integrations: { http: createGuardedHttp({ permit: localReceiversPermit }), checkHost: async () => {} },
    // The key section makes more calls with one key than a minute's limit allows (decision 0102).
    openApi: { rateLimit: { limit: 10_000, windowSeconds: 60 } },
  });
  await rt.app.ready();
  ids = await prepareWorld(rt.database.db);
  for (const p of PRINCIPALS) if (p !== 'anonymous') await startSession(p);
});

/** A new session for a principal (cases marked `last` end theirs, so each gets a fresh one). */
async function startSession(p: Actor) {
  const ip = `192.0.2.${PRINCIPALS.indexOf(p) + 50}`;
  if (p === 'viewMode') {
    // The system user's own session, switched into view mode as Northwind's owner.
    const parent = await signIn(rt, PEOPLE.system, { ip });
    const res = await send(
      rt,
      '/api/configuration/user/switch',
      { usrID: ids.agencyOwner.user },
      { token: parent.access_token, ip },
    );
    if (res.statusCode !== 200) throw new Error(`view mode failed: ${res.body}`);
    tokens[p] = res.json().access_token;
  } else if (p === 'singleSignOn') {
    // Northwind's owner signs its client in from its own site.
    const issuer = await signIn(rt, PEOPLE.agencyOwner, { ip });
    const host = `${DEMO.northwind.subdomain}.localhost`;
    const link = await send(
      rt,
      '/api/v1/developer/sso/create',
      { userID: ids.client.user, host },
      { token: issuer.access_token, ip },
    );
    const res = await send(rt, '/api/v1/developer/sso/validation', {
      token: link.json().token,
      subdomain: host,
    });
    if (res.statusCode !== 200) throw new Error(`single sign-on failed: ${res.body}`);
    tokens[p] = res.json().access_token;
  } else {
    tokens[p] = (await signIn(rt, PEOPLE[p], { ip })).access_token;
  }
  actors[p] = await rt.services.identity.authenticate({
    headers: { authorization: `Bearer ${tokens[p]}` },
  } as FastifyRequest);
}
afterAll(() => rt?.close());

const ruleOf = (route: string) => {
  const found = registered.find((r) => `${r.method} ${r.url}` === route);
  if (!found) throw new Error(`${route} is not a registered route`);
  return found.access;
};

/** Sales staff's own ids point at their linked agency where a company is needed. */
const homeOf = (p: Actor): PersonIds =>
  LIKE[p] === 'sales' || LIKE[p] === 'accountExecutive'
    ? {
        ...ids[p],
        company: ids.agencyOwner.company,
        group: ids.agencyOwner.group,
        role: ids.agencyOwner.role,
        campaign: ids.agencyOwner.campaign,
        campaignPublicId: ids.agencyOwner.campaignPublicId,
        lead: ids.agencyOwner.lead,
        keywordCount: ids.agencyOwner.keywordCount,
      }
    : ids[p];

function idFor(p: Actor, kind: IdKind, resource: keyof PersonIds): number | string {
  if (kind === 'nonExistent') return 999_999;
  if (kind === 'malformed') return 'abc';
  const subject = subjectOf(p, kind)!;
  return ids[subject][resource] as number;
}

/** The policy's answer for the route's action, as a status: 404 or 403, or null when allowed. */
function policyStatus(rule: AccessRule, actor: PolicyActor, body: unknown): 403 | 404 | null {
  if (rule.kind === 'public') return null;
  if (typeof rule.action !== 'string' && !rule.action.oneOf.some((a) => reaches(actor, a))) return 404;
  const action = typeof rule.action === 'string' ? rule.action : rule.action.choose(body);
  const decision = authorize(actor, action);
  return decision.allowed ? null : decision.status;
}

function expected(
  rule: AccessRule,
  c: MatrixCase,
  p: Principal,
  kind: IdKind | null,
  ctx: CaseContext,
  body: unknown,
): readonly number[] | 'pass' {
  if (rule.kind === 'public') return 'pass';
  if (p === 'anonymous') return [401];
  const refused = policyStatus(rule, actors[p]!, body);
  // An action chosen from the body is known only once the body is valid: a malformed id in it is a
  // 400 for anyone who reaches one of the route's actions, before the chosen one is refused.
  if (refused === 404)
    return kind === 'malformed' &&
      typeof rule.action !== 'string' &&
      rule.action.oneOf.some((a) => reaches(actors[p]!, a))
      ? [400, 404]
      : [404];
  // A declared action is refused before any id is read; one chosen from the body only once the
  // path's ids have passed their scope check.
  if (refused === 403) {
    if (typeof rule.action === 'string' || !kind || !c.vary || kind === 'own') return [403];
    return kind === 'malformed' ? [400, 403, 404] : [403, 404];
  }
  // The route's own rules for ids in scope are written for the demo people an added one is like.
  const like = LIKE[p];
  if (!kind || !c.vary) return c.inScope?.(like, like, ctx) ?? 'pass';
  if (kind === 'malformed') return [400, 404];
  const subject = subjectOf(p, kind);
  if (!subject) return [404];
  if (!inScope(p, subject, c.vary.resource) && !(c.ownOutsideScope && subject === p)) return [404];
  return c.inScope?.(like, subject === p ? like : subject, ctx) ?? 'pass';
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
      if (c.last) for (const p of PRINCIPALS) if (p !== 'anonymous') await startSession(p);
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
          const request = await c.request(ctx);
          const want = expected(rule, c, p, kind, ctx, request.body);
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
            for (const marker of res.body.match(/MARKER-[CUGRK]\d+-X/g) ?? []) {
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

describe('authorization matrix: Open API keys (decision 0100)', () => {
  it('covers every route with a key rule', () => {
    const covered = new Set(KEY_MATRIX_CASES.map((c) => c.route));
    const missing = registered
      .filter((r) => r.access.kind === 'key' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !covered.has(route));
    expect(missing).toEqual([]);
  });

  it('answers every key × id kind × route as the policy and the scope say, and leaks no other tenant’s marker', async () => {
    const db = rt.database.db;
    const keyId = await northwindKey(db, ids.agencyOwner);
    const signingKey = await loadOrCreateSecret(db, 'open_api_token_key');
    const tokensOf = createKeyTokens({ signingKey, ttlSeconds: 600 });
    const owners = await markerOwners(db);
    const visible = await visibleCompanies(db, 'agencyOwner', ids);
    const failures: string[] = [];
    let count = 0;
    for (const [name, scopes] of Object.entries(KEY_PRINCIPALS) as [KeyPrincipalName, KeyActor['scopes']][]) {
      const token = await tokensOf.issue(keyId, scopes);
      const actor: KeyActor = {
        kind: 'key',
        keyId,
        systemId: ids.agencyOwner.system,
        companyId: ids.agencyOwner.company,
        companyKind: 'agency',
        companyParentId: null,
        rootCompanyId: ids.system.company,
        scopes,
      };
      for (const c of KEY_MATRIX_CASES) {
        const rule = ruleOf(c.route);
        if (rule.kind !== 'key') throw new Error(`${c.route} is not a key route`);
        const [method] = c.route.split(' ') as [string];
        for (const kind of c.vary ? ID_KINDS : [null]) {
          const subject = kind ? keySubject(kind) : null;
          const id =
            kind === null
              ? null
              : kind === 'nonExistent'
                ? 999_999
                : kind === 'malformed'
                  ? 'abc'
                  : ids[subject!][c.vary!.resource];
          const request = c.request(id);
          const decision = authorize(actor, rule.action as Action);
          const want: readonly number[] | 'pass' = !decision.allowed
            ? [decision.status]
            : kind === null
              ? 'pass'
              : kind === 'malformed'
                ? [400, 404]
                : keyReaches(subject)
                  ? 'pass'
                  : [404];
          const res = await rt.app.inject({
            method: method as 'GET',
            url: request.url,
            headers: {
              authorization: `Bearer ${token}`,
              ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            remoteAddress: '192.0.2.201',
            payload: request.body === undefined ? undefined : JSON.stringify(request.body),
          });
          count++;
          const ok = want === 'pass' ? passes(res.statusCode) : want.includes(res.statusCode);
          if (!ok)
            failures.push(
              `${c.route} as ${name} with ${kind ?? 'no'} id: ${res.statusCode} ${res.body.slice(0, 120)}, expected ${want === 'pass' ? 'past access' : want.join('/')}`,
            );
          for (const marker of res.body.match(/MARKER-[CUGRK]\d+-X/g) ?? []) {
            const company = owners.get(marker);
            if (company !== undefined && !visible.has(company))
              failures.push(`${c.route} as ${name} with ${kind ?? 'no'} id leaked ${marker}`);
          }
        }
      }
    }
    // Without a token, or with a person's session token, every key route is a 401.
    for (const c of KEY_MATRIX_CASES) {
      const [method] = c.route.split(' ') as [string];
      for (const headers of [{}, bearer(tokens.agencyOwner!)]) {
        const res = await rt.app.inject({ method: method as 'GET', url: c.request(null).url, headers });
        count++;
        if (res.statusCode !== 401)
          failures.push(`${c.route} with ${JSON.stringify(headers).slice(0, 20)}: ${res.statusCode}`);
      }
    }
    console.log(`authorization matrix (keys): ${count} cases`);
    expect(failures).toEqual([]);
  }, 300_000);
});
