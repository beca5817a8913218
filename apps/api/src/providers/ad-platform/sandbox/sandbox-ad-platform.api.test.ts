import { asCents } from '@app/contracts';
import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../../../../test/test-database.js';
import { checkVisitor } from '../../identities/index.js';
import {
  type AdGeography,
  type AdPlatform,
  AdPlatformError,
  type CreateCampaignInput,
  createSandboxAdPlatform,
} from '../index.js';

const TZ = 'America/Chicago';
/** Midnight in Chicago (CST, UTC−6) on a November 2026 date. */
const chicagoMidnight = (day: string) => new Date(`${day}T06:00:00.000Z`);
const AUSTIN: AdGeography = {
  national: false,
  states: ['tx'],
  cities: [{ city: ' Austin ', state: 'Texas' }],
  zips: ['78701'],
};

let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let clock = chicagoMidnight('2026-11-01');
let platform: AdPlatform;
let agencyId: string;
let clientId: string;
let keySequence = 0;
const key = (what: string) => `${what}:${++keySequence}`;

beforeAll(async () => {
  database = await cloneTestDatabase();
  platform = createSandboxAdPlatform({ db: database.db, seed: 'api-test-ads', now: () => clock });
  agencyId = (
    await platform.createOrganization({
      idempotencyKey: 'adorg:agency',
      name: 'Northwind Agency',
      reference: '1',
    })
  ).id;
  clientId = (
    await platform.createOrganization({
      idempotencyKey: 'adorg:client',
      name: 'Contoso Dental',
      parentId: agencyId,
      reference: '2',
    })
  ).id;
});
afterAll(() => database.dispose());

const campaignInput = (overrides: Partial<CreateCampaignInput> = {}): CreateCampaignInput => ({
  idempotencyKey: key('adcampaign'),
  organizationId: clientId,
  reference: '12345678',
  name: 'Dentists near Austin',
  keywords: ['dentist', 'teeth whitening', 'Dentist '],
  geography: AUSTIN,
  startDate: '2026-11-01',
  timeZone: TZ,
  ...overrides,
});

/** The refusal a call ends with: code, param and message. */
async function refusal(call: Promise<unknown>) {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AdPlatformError);
  const { code, param, message } = err as AdPlatformError;
  return { code, param, message };
}

const count = async (table: string) =>
  (await queryRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n;

describe('sandbox ad platform: organisations', () => {
  it('keeps the tree of agency and client, and answers a repeated key with the same organisation', async () => {
    expect(await platform.getOrganization(clientId)).toEqual({
      id: clientId,
      parentId: agencyId,
      name: 'Contoso Dental',
      reference: '2',
      customId: null,
    });
    const again = await platform.createOrganization({
      idempotencyKey: 'adorg:client',
      name: 'Contoso Dental',
      parentId: agencyId,
      reference: '2',
    });
    expect(again.id).toBe(clientId);
    expect(await platform.getOrganization('org_missing')).toBeNull();
  });

  it('refuses a reused key with other input, an unknown parent and an empty name, storing nothing', async () => {
    const before = await count('sandbox_ad_organizations');
    expect(
      await refusal(
        platform.createOrganization({ idempotencyKey: 'adorg:client', name: 'Other', reference: '2' }),
      ),
    ).toMatchObject({ code: 'idempotency_mismatch' });
    expect(
      await refusal(
        platform.createOrganization({
          idempotencyKey: key('adorg'),
          name: 'Lost',
          parentId: 'org_nope',
          reference: '9',
        }),
      ),
    ).toEqual({ code: 'not_found', param: 'parentId', message: "No such organisation: 'org_nope'" });
    expect(
      await refusal(
        platform.createOrganization({ idempotencyKey: key('adorg'), name: '  ', reference: '9' }),
      ),
    ).toMatchObject({ code: 'invalid_request', param: 'name' });
    expect(await count('sandbox_ad_organizations')).toBe(before);
  });
});

describe('sandbox ad platform: creating and changing a campaign', () => {
  it('creates a draft with keywords deduplicated and places in normal form', async () => {
    const campaign = await platform.createCampaign(campaignInput());
    expect(campaign).toMatchObject({
      organizationId: clientId,
      reference: '12345678',
      status: 'draft',
      keywords: ['dentist', 'teeth whitening'],
      contextualKeywords: [],
      geography: {
        national: false,
        states: ['TX'],
        cities: [{ city: 'Austin', state: 'TX' }],
        zips: ['78701'],
      },
      budget: {},
      startDate: '2026-11-01',
      endDate: null,
      timeZone: TZ,
    });
    expect(campaign.history).toEqual([{ change: 'created', from: null, to: 'draft', at: clock }]);
    const national = await platform.createCampaign(
      campaignInput({ geography: { ...AUSTIN, national: true }, budget: { daily: asCents(500) } }),
    );
    expect(national.geography).toEqual({ national: true, states: [], cities: [], zips: [] });
    expect(national.budget).toEqual({ daily: 500 });
  });

  it.each([
    [{ keywords: [] }, 'keywords', 'A campaign needs at least one keyword.'],
    [{ keywords: ['ok', '   '] }, 'keywords', 'Each keyword must be 1 to 100 characters.'],
    [{ geography: { ...AUSTIN, states: ['XX'] } }, 'geography.states', 'Unknown state: XX'],
    [
      { geography: { ...AUSTIN, cities: [{ city: 'Austin', state: 'Texass' }] } },
      'geography.cities',
      'Unknown state: Texass',
    ],
    [{ geography: { ...AUSTIN, zips: ['7870'] } }, 'geography.zips', 'A zip has five digits: 7870'],
    [
      { geography: { national: false, states: [], cities: [], zips: [] } },
      'geography',
      'Choose national targeting or at least one state, city or zip.',
    ],
    [{ reference: '1234' }, 'reference', 'The reference is the campaign’s 8-digit public id.'],
    [{ startDate: '2026-02-30' }, 'startDate', 'A date is written YYYY-MM-DD and must exist.'],
    [{ endDate: '2026-10-31' }, 'endDate', 'The end date cannot be before the start date.'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'The time zone must be an IANA name such as America/Chicago.'],
    [
      { budget: { daily: asCents(0) } },
      'budget.daily',
      'A budget is a whole number of cents from 1 to 1,000,000,000.',
    ],
    [
      { budget: { daily: asCents(900), total: asCents(800) } },
      'budget.daily',
      'The daily budget cannot exceed the total budget.',
    ],
    [{ idempotencyKey: '' }, 'idempotencyKey', 'An idempotency key of 1 to 255 characters is required.'],
  ] as const)('refuses %j (%s) and stores nothing', async (overrides, param, message) => {
    const before = await count('sandbox_ad_campaigns');
    expect(
      await refusal(platform.createCampaign(campaignInput(overrides as Partial<CreateCampaignInput>))),
    ).toEqual({ code: 'invalid_request', param, message });
    expect(await count('sandbox_ad_campaigns')).toBe(before);
  });

  it('refuses a campaign of an unknown organisation', async () => {
    expect(await refusal(platform.createCampaign(campaignInput({ organizationId: 'org_nope' })))).toEqual({
      code: 'not_found',
      param: 'organizationId',
      message: "No such organisation: 'org_nope'",
    });
  });

  it('updates targeting, budget and end date, and refuses an empty or bad change', async () => {
    const campaign = await platform.createCampaign(campaignInput());
    const updated = await platform.updateCampaign({
      idempotencyKey: key('update'),
      campaignId: campaign.id,
      keywords: ['orthodontist'],
      geography: { national: false, states: [], cities: [], zips: ['73301', '78701'] },
      budget: { total: asCents(10_000) },
      endDate: '2026-12-31',
    });
    expect(updated).toMatchObject({
      keywords: ['orthodontist'],
      geography: { national: false, states: [], cities: [], zips: ['73301', '78701'] },
      budget: { total: 10_000 },
      endDate: '2026-12-31',
      status: 'draft',
    });
    expect(updated.history.map((h) => h.change)).toEqual(['created', 'updated']);
    expect(
      await refusal(platform.updateCampaign({ idempotencyKey: key('update'), campaignId: campaign.id })),
    ).toMatchObject({ code: 'invalid_request', param: 'changes' });
    expect(
      await refusal(
        platform.updateCampaign({ idempotencyKey: key('update'), campaignId: campaign.id, keywords: [] }),
      ),
    ).toMatchObject({ code: 'invalid_request', param: 'keywords' });
    expect(
      await refusal(
        platform.updateCampaign({
          idempotencyKey: key('update'),
          campaignId: campaign.id,
          endDate: '2026-10-01',
        }),
      ),
    ).toMatchObject({ code: 'invalid_request', param: 'endDate' });
    expect((await platform.getCampaign(campaign.id))?.keywords).toEqual(['orthodontist']);
  });
});

describe('sandbox ad platform: status moves', () => {
  it('moves draft → active → paused → active → ended and refuses what the platform refuses', async () => {
    const { id } = await platform.createCampaign(campaignInput());
    const move = (kind: 'activate' | 'pause' | 'stop') => {
      const input = { idempotencyKey: key(kind), campaignId: id };
      return kind === 'activate'
        ? platform.activateCampaign(input)
        : kind === 'pause'
          ? platform.pauseCampaign(input)
          : platform.stopCampaign(input);
    };
    expect(await refusal(move('pause'))).toEqual({
      code: 'illegal_transition',
      param: null,
      message: 'The campaign has not been activated; there is nothing to pause.',
    });
    expect((await move('activate')).status).toBe('active');
    expect((await move('activate')).status).toBe('active'); // already there: nothing recorded
    expect((await move('pause')).status).toBe('paused');
    expect((await move('pause')).status).toBe('paused');
    expect((await move('activate')).status).toBe('active');
    const ended = await move('stop');
    expect(ended.status).toBe('ended');
    expect(ended.history.map((h) => [h.change, h.from, h.to])).toEqual([
      ['created', null, 'draft'],
      ['activated', 'draft', 'active'],
      ['paused', 'active', 'paused'],
      ['resumed', 'paused', 'active'],
      ['stopped', 'active', 'ended'],
    ]);
    expect(await refusal(move('activate'))).toMatchObject({
      code: 'illegal_transition',
      message: 'The campaign has ended; an ended campaign cannot be activated again.',
    });
    expect(await refusal(move('pause'))).toMatchObject({ code: 'illegal_transition' });
    expect(
      await refusal(
        platform.updateCampaign({ idempotencyKey: key('update'), campaignId: id, keywords: ['x'] }),
      ),
    ).toMatchObject({ code: 'illegal_transition' });
    expect((await move('stop')).history).toHaveLength(5);
    expect(
      await refusal(platform.pauseCampaign({ idempotencyKey: key('pause'), campaignId: 'cmp_nope' })),
    ).toEqual({ code: 'not_found', param: 'campaignId', message: "No such campaign: 'cmp_nope'" });
  });

  it('runs one move for many concurrent calls with one key, and refuses the key for another campaign', async () => {
    const first = await platform.createCampaign(campaignInput());
    const second = await platform.createCampaign(campaignInput());
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        platform.activateCampaign({ idempotencyKey: 'activate-once', campaignId: first.id }),
      ),
    );
    expect(new Set(results.map((r) => r.status))).toEqual(new Set(['active']));
    expect((await platform.getCampaign(first.id))?.history.map((h) => h.change)).toEqual([
      'created',
      'activated',
    ]);
    expect(
      await refusal(platform.activateCampaign({ idempotencyKey: 'activate-once', campaignId: second.id })),
    ).toMatchObject({ code: 'idempotency_mismatch' });
    expect((await platform.getCampaign(second.id))?.status).toBe('draft');
  });

  it('reads ended after the end date, and then refuses to activate', async () => {
    const { id } = await platform.createCampaign(campaignInput({ endDate: '2026-11-03' }));
    await platform.activateCampaign({ idempotencyKey: key('activate'), campaignId: id });
    const saved = clock;
    try {
      clock = chicagoMidnight('2026-11-04');
      expect((await platform.getCampaign(id))?.status).toBe('ended');
      expect(
        await refusal(platform.pauseCampaign({ idempotencyKey: key('pause'), campaignId: id })),
      ).toMatchObject({
        code: 'illegal_transition',
      });
    } finally {
      clock = saved;
    }
  });
});

describe('sandbox ad platform: delivery follows the status history', () => {
  it('counts impressions and clicks only while active, the same figures every time, and visitors from clicks', async () => {
    clock = chicagoMidnight('2026-11-02');
    // Six keywords: at least 2,400 impressions and 4 clicks a full day, so visits are certain.
    const keywords = [
      'dentist',
      'orthodontist',
      'braces',
      'teeth whitening',
      'dental implants',
      'root canal',
    ];
    const { id } = await platform.createCampaign(campaignInput({ reference: '87654321', keywords }));
    await platform.activateCampaign({ idempotencyKey: key('activate'), campaignId: id });
    clock = chicagoMidnight('2026-11-05');
    await platform.pauseCampaign({ idempotencyKey: key('pause'), campaignId: id });
    clock = chicagoMidnight('2026-11-07');
    const stats = await platform.getStats({ campaignId: id, from: '2026-11-01', to: '2026-11-06' });
    const served = stats.days.filter((d) => d.impressions > 0).map((d) => d.day);
    expect(served).toEqual(['2026-11-02', '2026-11-03', '2026-11-04']);
    for (const day of stats.days.slice(1, 4)) {
      expect(day.clicks).toBeGreaterThan(0);
      expect(day.clicks).toBeLessThan(day.impressions);
      expect(day.spend).toBeGreaterThan(0);
    }
    expect(stats.totals.impressions).toBe(stats.days.reduce((s, d) => s + d.impressions, 0));
    // Same day, same figures — from another instance of the platform, later.
    clock = chicagoMidnight('2026-11-20');
    const again = createSandboxAdPlatform({ db: database.db, seed: 'api-test-ads', now: () => clock });
    expect(await again.getStats({ campaignId: id, from: '2026-11-01', to: '2026-11-06' })).toEqual(stats);

    const visits = await platform.pollConversions({
      campaignId: id,
      since: chicagoMidnight('2026-11-01'),
      until: chicagoMidnight('2026-11-10'),
    });
    expect(visits.length).toBeGreaterThan(0);
    expect(visits.length).toBeLessThanOrEqual(stats.totals.clicks);
    for (const visit of visits) {
      expect(visit.at >= chicagoMidnight('2026-11-02') && visit.at < chicagoMidnight('2026-11-05')).toBe(
        true,
      );
      expect(checkVisitor(visit.visitor)).toBe(visit.visitor);
      expect(visit.visitor.campaignId).toBe('87654321');
    }
    expect([...visits].sort((a, b) => a.at.getTime() - b.at.getTime())).toEqual(visits);
    // Polling in pieces gives the same visits.
    const middle = visits[Math.floor(visits.length / 2)]?.at as Date;
    const firstPart = await platform.pollConversions({
      campaignId: id,
      since: chicagoMidnight('2026-11-01'),
      until: middle,
    });
    const rest = await platform.pollConversions({
      campaignId: id,
      since: middle,
      until: chicagoMidnight('2026-11-10'),
    });
    expect([...firstPart, ...rest]).toEqual(visits);
  });

  it('brings no visits that have not happened yet, and grows through the day', async () => {
    clock = chicagoMidnight('2026-11-10');
    const { id } = await platform.createCampaign(campaignInput({ reference: '11112222' }));
    await platform.activateCampaign({ idempotencyKey: key('activate'), campaignId: id });
    clock = new Date('2026-11-10T18:00:00.000Z'); // noon in Chicago
    const noon = await platform.getStats({ campaignId: id, from: '2026-11-10', to: '2026-11-10' });
    const visitsByNoon = await platform.pollConversions({
      campaignId: id,
      since: chicagoMidnight('2026-11-10'),
    });
    expect(visitsByNoon.every((v) => v.at <= clock)).toBe(true);
    clock = chicagoMidnight('2026-11-11');
    const wholeDay = await platform.getStats({ campaignId: id, from: '2026-11-10', to: '2026-11-10' });
    expect(wholeDay.totals.impressions).toBeGreaterThan(noon.totals.impressions);
    expect(wholeDay.totals.clicks).toBeGreaterThanOrEqual(noon.totals.clicks);
    const visitsByMidnight = await platform.pollConversions({
      campaignId: id,
      since: chicagoMidnight('2026-11-10'),
    });
    expect(visitsByMidnight.slice(0, visitsByNoon.length)).toEqual(visitsByNoon);
  });

  it('stops serving when the daily or the total budget is spent', async () => {
    clock = chicagoMidnight('2026-11-12');
    const daily = await platform.createCampaign(
      campaignInput({ reference: '22223333', budget: { daily: asCents(300) } }),
    );
    const total = await platform.createCampaign(
      campaignInput({ reference: '33334444', budget: { total: asCents(500) } }),
    );
    for (const { id } of [daily, total])
      await platform.activateCampaign({ idempotencyKey: key('activate'), campaignId: id });
    clock = chicagoMidnight('2026-11-16');
    const range = { from: '2026-11-12', to: '2026-11-15' };
    const dailyStats = await platform.getStats({ campaignId: daily.id, ...range });
    for (const day of dailyStats.days) {
      expect(day.spend).toBeLessThanOrEqual(300);
      expect(day.spend).toBeGreaterThan(250); // the day's potential is far above $3: it spends up to the cap
    }
    const totalStats = await platform.getStats({ campaignId: total.id, ...range });
    expect(totalStats.totals.spend).toBeLessThanOrEqual(500);
    expect(totalStats.totals.spend).toBeGreaterThan(450);
    expect(totalStats.days.at(-1)?.impressions).toBe(0);
  });

  it('refuses ranges it does not serve', async () => {
    const { id } = await platform.createCampaign(campaignInput());
    expect(
      await refusal(platform.getStats({ campaignId: id, from: '2026-11-05', to: '2026-11-01' })),
    ).toMatchObject({
      code: 'invalid_request',
      param: 'to',
    });
    expect(
      await refusal(platform.getStats({ campaignId: id, from: '2025-01-01', to: '2026-11-01' })),
    ).toMatchObject({
      message: 'Stats cover at most 366 days per request.',
    });
    expect(
      await refusal(
        platform.pollConversions({
          campaignId: id,
          since: new Date('2026-09-01'),
          until: new Date('2026-11-01'),
        }),
      ),
    ).toMatchObject({ message: 'Ask for at most 31 days of visits at a time.' });
    expect(
      await refusal(platform.pollConversions({ campaignId: id, since: new Date('nope') })),
    ).toMatchObject({ param: 'since' });
    expect(
      await refusal(platform.getStats({ campaignId: 'cmp_nope', from: '2026-11-01', to: '2026-11-01' })),
    ).toMatchObject({ code: 'not_found' });
  });
});
