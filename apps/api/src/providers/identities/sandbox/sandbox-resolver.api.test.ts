import { createHash } from 'node:crypto';
import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../../../../test/test-database.js';
import {
  type Identity,
  IdentityRequestError,
  type IdentityResolver,
  type ListRequest,
  MAX_VISITORS_PER_CALL,
} from '../index.js';
import { createSandboxResolver } from './sandbox-resolver.js';
import { syntheticPerson } from './synthetic-people.js';

const PEOPLE = 5_000;
const SEED = 'api-test-seed';
const nodeMd5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const visit = (visitorKey: string) => ({
  visitorKey,
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
  pageUrl: 'https://shop.example.com/pricing',
  campaignId: '12345678',
});
const list = (overrides: Partial<ListRequest> = {}): ListRequest => ({
  module: 'enhance',
  keywords: [],
  geography: { national: true, states: [], cities: [], zips: [] },
  limit: 10_000,
  day: '2026-11-26',
  ...overrides,
});

let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let resolver: ReturnType<typeof createSandboxResolver>;

beforeAll(async () => {
  database = await cloneTestDatabase();
  resolver = createSandboxResolver({ db: database.db, seed: SEED, people: PEOPLE, matchRate: 0.4 });
  const first = await resolver.ensureSeeded();
  expect(first).toMatchObject({ generated: true, people: PEOPLE, seed: SEED });
});
afterAll(() => database.dispose());

/** Every page of a list, following the cursors. */
async function allPages(request: ListRequest) {
  const identities: Identity[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await resolver.lookupList({ ...request, cursor });
    identities.push(...page.identities);
    cursor = page.nextCursor ?? undefined;
    pages++;
  } while (cursor);
  return { identities, pages };
}

describe('sandbox resolver: generation', () => {
  it('stores exactly the seed’s people, and a second start generates nothing', async () => {
    const again = createSandboxResolver({ db: database.db, seed: SEED, people: PEOPLE });
    expect(await again.ensureSeeded()).toMatchObject({ generated: false, people: PEOPLE });
    const rows = await queryRows<{ n: number; first: string; last: string }>(
      database.db,
      sql`select count(*)::int as n, min(identity_id) filter (where id = 1) as first,
                 min(identity_id) filter (where id = ${PEOPLE}) as last from sandbox_identities`,
    );
    expect(rows[0]).toEqual({
      n: PEOPLE,
      first: syntheticPerson(SEED, 1).identityId,
      last: syntheticPerson(SEED, PEOPLE).identityId,
    });
  });

  it('uses reserved e-mail domains only, and keys each person by the MD5 of the lowercased e-mail', async () => {
    const domains = await queryRows<{ domain: string }>(
      database.db,
      sql`select distinct lower(split_part(e, '@', 2)) as domain from sandbox_identities, unnest(emails) e order by 1`,
    );
    expect(domains.map((d) => d.domain)).toEqual(['example.com', 'example.net', 'example.org']);
    const { identities } = await resolver.lookupList(list({ limit: 500, pageSize: 500 }));
    for (const identity of identities.filter((i) => i.emails.length > 0))
      expect(identity.emailMd5).toBe(nodeMd5((identity.emails[0] as string).toLowerCase()));
  });
});

describe('sandbox resolver: visitors', () => {
  it('answers the same visitor with the same identity, every time and from another resolver', async () => {
    const other: IdentityResolver = createSandboxResolver({ db: database.db, seed: SEED, people: PEOPLE });
    let resolved = 0;
    for (let i = 0; i < 40; i++) {
      const first = await resolver.resolveVisitor(visit(`visitor-${i}`));
      expect(await resolver.resolveVisitor(visit(`visitor-${i}`))).toEqual(first);
      expect(await other.resolveVisitor({ ...visit(`visitor-${i}`), ip: '2001:db8::1' })).toEqual(first);
      if (first.status === 'resolved') {
        resolved++;
        expect(first.identity.source).toBe('sandbox');
        expect(first.identity.emailMd5).toMatch(/^[0-9a-f]{32}$/);
      }
    }
    expect(resolved).toBeGreaterThan(0);
  });

  it('resolves about the match rate of 10,000 visitors, with repeats among them', async () => {
    const seen = new Map<string, number>();
    let resolved = 0;
    const visits = Array.from({ length: 10_000 }, (_, i) => visit(`v${i}-${(i * 7919) % 104_729}`));
    for (let from = 0; from < visits.length; from += MAX_VISITORS_PER_CALL)
      for (const answer of await resolver.resolveVisitors(visits.slice(from, from + MAX_VISITORS_PER_CALL))) {
        if (answer.status === 'unknown') continue;
        if (answer.status !== 'resolved') throw new Error(`unexpected ${answer.status}`);
        resolved++;
        seen.set(answer.identity.id, (seen.get(answer.identity.id) ?? 0) + 1);
      }
    // 4,000 expected; a binomial(10,000, 0.4) stays within ±3.5 % of n with overwhelming odds.
    expect(resolved).toBeGreaterThan(3_650);
    expect(resolved).toBeLessThan(4_350);
    expect([...seen.values()].some((n) => n > 1)).toBe(true);
  });

  it('answers a batch of visits in order, as one by one, with a refused visit in its place', async () => {
    const visits = [
      ...Array.from({ length: 60 }, (_, i) => visit(`batch-${i}`)),
      { ...visit('batch-bad-ip'), ip: 'not an address' },
      visit('batch-0'), // a repeat in the same call gets the same answer
    ];
    const answers = await resolver.resolveVisitors(visits);
    expect(answers).toHaveLength(visits.length);
    for (const [i, v] of visits.entries()) {
      if (i === 60) continue;
      expect(answers[i]).toEqual(await resolver.resolveVisitor(v));
    }
    expect(answers[60]).toMatchObject({
      status: 'refused',
      error: { name: 'IdentityRequestError', param: 'ip' },
    });
    expect(answers.filter((a) => a.status === 'resolved').length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 'unknown').length).toBeGreaterThan(0);
    expect(await resolver.resolveVisitors([])).toEqual([]);
  });

  it('refuses a call of more than the port allows, as a whole', async () => {
    const visits = Array.from({ length: MAX_VISITORS_PER_CALL + 1 }, (_, i) => visit(`over-${i}`));
    await expect(resolver.resolveVisitors(visits)).rejects.toMatchObject({
      name: 'IdentityRequestError',
      param: 'visits',
    });
  });

  it('honours another match rate: none and all', async () => {
    const none = createSandboxResolver({ db: database.db, seed: SEED, people: PEOPLE, matchRate: 0 });
    const all = createSandboxResolver({ db: database.db, seed: SEED, people: PEOPLE, matchRate: 1 });
    for (let i = 0; i < 50; i++) {
      expect((await none.resolveVisitor(visit(`r${i}`))).status).toBe('unknown');
      expect((await all.resolveVisitor(visit(`r${i}`))).status).toBe('resolved');
    }
  });

  it.each([
    ['visitorKey', { visitorKey: '' }],
    ['visitorKey', { visitorKey: 'has space' }],
    ['ip', { ip: '999.1.1.1' }],
    ['pageUrl', { pageUrl: 'javascript:alert(1)' }],
    ['pageUrl', { pageUrl: 'not a url' }],
    ['campaignId', { campaignId: '1234' }],
  ])('refuses a bad %s', async (param, bad) => {
    await expect(resolver.resolveVisitor({ ...visit('ok'), ...bad })).rejects.toMatchObject({
      name: 'IdentityRequestError',
      param,
    });
  });
});

describe('sandbox resolver: lists', () => {
  it('filters states, cities and zips exactly, never by substring', async () => {
    const [sample] = await queryRows<{ state: string; city: string; zip: string }>(
      database.db,
      sql`select state, city, zip from sandbox_identities where state = 'TX' and city = 'Austin' limit 1`,
    );
    if (!sample) throw new Error('no Austin, TX person in the sample');
    const city = await allPages(
      list({
        geography: { national: false, states: [], cities: [{ city: ' austin ', state: 'tx' }], zips: [] },
      }),
    );
    expect(city.identities.length).toBeGreaterThan(0);
    for (const i of city.identities) expect(i.address).toMatchObject({ city: 'Austin', state: 'TX' });
    const expected = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from sandbox_identities where state = 'TX' and city = 'Austin'`,
    );
    expect(city.identities.length).toBe(expected[0]?.n);

    const zip = await allPages(
      list({ geography: { national: false, states: [], cities: [], zips: [sample.zip] } }),
    );
    expect(zip.identities.length).toBeGreaterThan(0);
    for (const i of zip.identities) expect(i.address?.zip).toBe(sample.zip);

    const state = await allPages(
      list({ geography: { national: false, states: ['Texas'], cities: [], zips: [] } }),
    );
    for (const i of state.identities) expect(i.address?.state).toBe('TX');
    expect(state.identities.length).toBeGreaterThan(city.identities.length);

    // 'Aus' is no city, and a four-digit prefix of a zip is no zip.
    const partial = await allPages(
      list({ geography: { national: false, states: [], cities: [{ city: 'Aus', state: 'TX' }], zips: [] } }),
    );
    expect(partial.identities).toEqual([]);
    await expect(
      resolver.lookupList(
        list({ geography: { national: false, states: [], cities: [], zips: [sample.zip.slice(0, 4)] } }),
      ),
    ).rejects.toBeInstanceOf(IdentityRequestError);
  });

  it('matches keywords exactly and b2b lists only people with a company', async () => {
    const solar = await allPages(list({ keywords: ['Solar Panels'] }));
    expect(solar.identities.length).toBeGreaterThan(0);
    const ids = new Set(solar.identities.map((i) => i.id));
    const rows = await queryRows<{ identity_id: string }>(
      database.db,
      sql`select identity_id from sandbox_identities where 'solar panels' = any(keywords)`,
    );
    expect(new Set(rows.map((r) => r.identity_id))).toEqual(ids);
    expect((await allPages(list({ keywords: ['solar pan'] }))).identities).toEqual([]);

    const b2b = await allPages(list({ module: 'b2b', keywords: ['roofing'] }));
    expect(b2b.identities.length).toBeGreaterThan(0);
    for (const i of b2b.identities) expect(i.company).not.toBeNull();
    const b2bRows = await queryRows<{ identity_id: string }>(
      database.db,
      sql`select identity_id from sandbox_identities where company_name is not null and 'roofing' = any(keywords)`,
    );
    expect(new Set(b2bRows.map((r) => r.identity_id))).toEqual(new Set(b2b.identities.map((i) => i.id)));
    expect(b2b.identities.some((i) => i.company?.industry === 'Roofing')).toBe(true);
  });

  it('pages up to the limit without repeats, starts elsewhere on another day, and repeats a day exactly', async () => {
    const request = list({ limit: 1_234, pageSize: 500 });
    const a = await allPages(request);
    expect(a.pages).toBe(3);
    expect(a.identities).toHaveLength(1_234);
    expect(new Set(a.identities.map((i) => i.id)).size).toBe(1_234);
    expect(await allPages(request)).toEqual(a);
    const otherDay = await allPages({ ...request, day: '2026-11-27' });
    expect(otherDay.identities[0]?.id).not.toBe(a.identities[0]?.id);

    // A list smaller than its limit ends with its last match, having wrapped around once.
    const all = await allPages(
      list({ geography: { national: false, states: ['WY'], cities: [], zips: [] }, pageSize: 7 }),
    );
    const expected = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from sandbox_identities where state = 'WY'`,
    );
    expect(all.identities).toHaveLength(expected[0]?.n ?? -1);
    expect(new Set(all.identities.map((i) => i.id)).size).toBe(all.identities.length);
  });

  it('refuses a cursor of another list, a forged cursor, and bad requests, with the field at fault', async () => {
    const first = await resolver.lookupList(list({ limit: 20, pageSize: 10 }));
    expect(first.nextCursor).toBeTruthy();
    const cases: [string, ListRequest][] = [
      ['cursor', list({ limit: 21, pageSize: 10, cursor: first.nextCursor ?? '' })],
      ['cursor', list({ cursor: 'bm90LWEtY3Vyc29y' })],
      ['geography', list({ geography: { national: false, states: [], cities: [], zips: [] } })],
      ['geography.states', list({ geography: { national: false, states: ['XX'], cities: [], zips: [] } })],
      ['limit', list({ limit: 0 })],
      ['limit', list({ limit: 10_001 })],
      ['pageSize', list({ pageSize: 1_001 })],
      ['keywords', list({ keywords: ['  '] })],
      ['day', list({ day: '26/11/2026' })],
    ];
    for (const [param, request] of cases)
      await expect(resolver.lookupList(request), param).rejects.toMatchObject({
        name: 'IdentityRequestError',
        param,
      });
  });
});
