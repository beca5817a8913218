import { asCents, asMicros } from '@app/contracts';
import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gif, jpeg, png, zip } from '../../../../test/ad-creatives.js';
import { cloneTestDatabase } from '../../../../test/test-database.js';
import {
  type AdPlatform,
  AdPlatformError,
  type CreateAdInput,
  type CreateCampaignInput,
  createSandboxAdPlatform,
  MAX_AD_IMAGE_BYTES,
  sandboxAdPerformance,
  sandboxCpm,
} from '../index.js';

/*
 * The sandbox ad platform's display campaigns, ads and per-ad stats (decision 0112), on both
 * databases: a display campaign needs no keywords but serves only while an ad is active; ads are
 * taken by their content; each day's figures split between the ads serving it, to the cent.
 */

const TZ = 'America/Chicago';
const SEED = 'api-test-ads';
const chicagoMidnight = (day: string) => new Date(`${day}T06:00:00.000Z`);

let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let clock = chicagoMidnight('2026-11-01');
let platform: AdPlatform;
let clientId: string;
let otherClientId: string;
let keySequence = 0;
const key = (what: string) => `${what}:${++keySequence}`;

beforeAll(async () => {
  database = await cloneTestDatabase();
  platform = createSandboxAdPlatform({ db: database.db, seed: SEED, now: () => clock });
  const agency = await platform.createOrganization({
    idempotencyKey: 'agency',
    name: 'Northwind',
    reference: '1',
  });
  clientId = (
    await platform.createOrganization({
      idempotencyKey: 'client',
      name: 'Contoso',
      parentId: agency.id,
      reference: '2',
    })
  ).id;
  otherClientId = (
    await platform.createOrganization({
      idempotencyKey: 'other',
      name: 'Fabrikam',
      parentId: agency.id,
      reference: '3',
    })
  ).id;
});
afterAll(() => database.dispose());

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

const display = (overrides: Partial<CreateCampaignInput> = {}): CreateCampaignInput => ({
  idempotencyKey: key('cmp'),
  organizationId: clientId,
  reference: '56785678',
  name: 'Smiles in Texas',
  kind: 'display',
  keywords: [],
  geography: { national: false, states: ['TX'], cities: [], zips: [] },
  startDate: '2026-11-01',
  timeZone: TZ,
  ...overrides,
});

const adInput = (campaignId: string, overrides: Partial<CreateAdInput> = {}): CreateAdInput => ({
  idempotencyKey: key('ad'),
  organizationId: clientId,
  campaignId,
  name: 'Spring smile 300x250',
  kind: 'image',
  width: 300,
  height: 250,
  bytes: png(300, 250),
  contentType: 'image/png',
  clickUrl: 'https://contoso.example/smile',
  ...overrides,
});

describe('sandbox ad platform: display campaigns', () => {
  it('creates one with no keywords, a CPM bid and a goal, and changes them', async () => {
    const campaign = await platform.createCampaign(
      display({ maxBid: asMicros(6_500_000), goal: { type: 'cpc', value: asMicros(2_000_000) } }),
    );
    expect(campaign).toMatchObject({
      kind: 'display',
      keywords: [],
      maxBid: 6_500_000,
      goal: { type: 'cpc', value: 2_000_000 },
      audienceIds: [],
      status: 'draft',
    });
    const changed = await platform.updateCampaign({
      idempotencyKey: key('upd'),
      campaignId: campaign.id,
      name: 'Smiles in Texas (fall)',
      maxBid: null,
      goal: { type: 'ctr', value: 80 },
      budget: { daily: asCents(2_000), total: asCents(50_000) },
    });
    expect(changed).toMatchObject({
      name: 'Smiles in Texas (fall)',
      maxBid: null,
      goal: { type: 'ctr', value: 80 },
      budget: { daily: 2_000, total: 50_000 },
    });
    expect(
      (await platform.updateCampaign({ idempotencyKey: key('upd'), campaignId: campaign.id, goal: null }))
        .goal,
    ).toBeNull();
    // A search campaign stays bound to its keywords; a display one may drop its contextual ones.
    expect((await platform.getCampaign(campaign.id))?.kind).toBe('display');
  });

  it('refuses what the platform refuses, storing nothing', async () => {
    const before = await count('sandbox_ad_campaigns');
    expect(await refusal(platform.createCampaign(display({ kind: 'search' })))).toEqual({
      code: 'invalid_request',
      param: 'keywords',
      message: 'A campaign needs at least one keyword.',
    });
    expect(await refusal(platform.createCampaign(display({ kind: 'banner' as 'display' })))).toMatchObject({
      param: 'kind',
    });
    expect(await refusal(platform.createCampaign(display({ maxBid: asMicros(5_000) })))).toMatchObject({
      param: 'maxBid',
    });
    expect(await refusal(platform.createCampaign(display({ maxBid: 6.5 as never })))).toMatchObject({
      param: 'maxBid',
    });
    expect(
      await refusal(
        platform.createCampaign(display({ goal: { type: 'cpm', value: asMicros(5_000_000) } as never })),
      ),
    ).toEqual({
      code: 'invalid_request',
      param: 'goal.type',
      message: 'The goal type is cpc, cpa or ctr (a CPM campaign has no CPM goal: that is its bid).',
    });
    expect(
      await refusal(platform.createCampaign(display({ goal: { type: 'ctr', value: 10_001 } }))),
    ).toMatchObject({
      param: 'goal.value',
    });
    expect(await count('sandbox_ad_campaigns')).toBe(before);

    const search = await platform.createCampaign(display({ kind: 'search', keywords: ['dentist'] }));
    expect(
      await refusal(
        platform.updateCampaign({ idempotencyKey: key('upd'), campaignId: search.id, keywords: [] }),
      ),
    ).toEqual({
      code: 'invalid_request',
      param: 'keywords',
      message: 'A campaign needs at least one keyword.',
    });
    expect((await platform.getCampaign(search.id))?.keywords).toEqual(['dentist']);
  });
});

describe('sandbox ad platform: ads', () => {
  it('takes images and HTML5 zips in IAB sizes, once per key, and lists them', async () => {
    const campaign = await platform.createCampaign(display());
    const input = adInput(campaign.id);
    const ad = await platform.createAd(input);
    expect(ad).toEqual({
      id: ad.id,
      campaignId: campaign.id,
      name: 'Spring smile 300x250',
      kind: 'image',
      width: 300,
      height: 250,
      clickUrl: 'https://contoso.example/smile',
      status: 'active',
    });
    expect((await platform.createAd(input)).id).toBe(ad.id);
    expect(
      await refusal(platform.createAd({ ...input, bytes: png(300, 250).subarray(0, 60) })),
    ).toMatchObject({
      code: 'idempotency_mismatch',
    });
    const leaderboard = await platform.createAd(
      adInput(campaign.id, { width: 728, height: 90, bytes: jpeg(728, 90), contentType: 'image/jpeg' }),
    );
    const skyscraper = await platform.createAd(
      adInput(campaign.id, { width: 160, height: 600, bytes: gif(160, 600), contentType: 'image/gif' }),
    );
    const html5 = await platform.createAd(
      adInput(campaign.id, {
        kind: 'html5',
        width: 320,
        height: 50,
        bytes: zip({ 'index.html': '<a href="#">Smile</a>', 'style.css': 'a{}' }),
        contentType: 'application/zip',
      }),
    );
    expect((await platform.listAds(campaign.id)).map((a) => a.id)).toEqual([
      ad.id,
      leaderboard.id,
      skyscraper.id,
      html5.id,
    ]);
    expect(await refusal(platform.listAds('cmp_nope'))).toMatchObject({ code: 'not_found' });
  });

  it('refuses files that are not what they claim, sizes that are not IAB, and bad addresses, storing nothing', async () => {
    const campaign = await platform.createCampaign(display());
    const before = await count('sandbox_ad_ads');
    const cases: [Partial<CreateAdInput>, string, string][] = [
      [
        { width: 300, height: 251, bytes: png(300, 251) },
        'width',
        'The ad size must be one of 300x250, 728x90, 160x600, 320x50, 300x600.',
      ],
      [{ bytes: png(300, 600) }, 'bytes', 'The image is 300x600, not 300x250.'],
      [{ contentType: 'image/jpeg' }, 'bytes', 'The file is not the JPEG image it claims to be.'],
      [
        { bytes: Buffer.from('<html><script>alert(1)</script></html>') },
        'bytes',
        'The file is not the PNG image it claims to be.',
      ],
      [{ contentType: 'text/html' }, 'contentType', 'An image ad is a PNG, JPEG or GIF.'],
      [
        { bytes: Buffer.concat([png(300, 250), Buffer.alloc(MAX_AD_IMAGE_BYTES)]) },
        'bytes',
        'An image ad is at most 1 MiB.',
      ],
      [{ bytes: Buffer.alloc(0) }, 'bytes', 'The ad file is empty.'],
      [
        { kind: 'html5', contentType: 'application/zip', bytes: zip({ 'ad.html': '' }) },
        'bytes',
        'An HTML5 ad needs an index.html at the zip’s root.',
      ],
      [
        { kind: 'html5', contentType: 'application/zip', bytes: zip({ 'index.html': '', '../../x.js': '' }) },
        'bytes',
        'A file in the zip points outside the ad’s folder.',
      ],
      [
        { kind: 'html5', contentType: 'application/zip', bytes: png(300, 250) },
        'bytes',
        'The file is not a readable zip of at most 200 files.',
      ],
      [
        { clickUrl: 'javascript:alert(1)' },
        'clickUrl',
        'The click address must be an http or https address of at most 2,000 characters.',
      ],
      [{ name: '' }, 'name', 'The ad name must be 1 to 200 characters.'],
    ];
    for (const [overrides, param, message] of cases)
      expect(await refusal(platform.createAd(adInput(campaign.id, overrides)))).toEqual({
        code: 'invalid_request',
        param,
        message,
      });
    expect(
      await refusal(platform.createAd(adInput(campaign.id, { organizationId: otherClientId }))),
    ).toMatchObject({
      param: 'organizationId',
    });
    expect(await refusal(platform.createAd(adInput('cmp_nope')))).toMatchObject({ code: 'not_found' });
    await platform.stopCampaign({ idempotencyKey: key('stop'), campaignId: campaign.id });
    expect(await refusal(platform.createAd(adInput(campaign.id)))).toMatchObject({
      code: 'illegal_transition',
    });
    expect(await count('sandbox_ad_ads')).toBe(before);
  });

  it('pauses, resumes and deletes an ad; a deleted ad is gone for good', async () => {
    const campaign = await platform.createCampaign(display());
    const ad = await platform.createAd(adInput(campaign.id));
    const pause = { idempotencyKey: key('pause-ad'), id: ad.id };
    expect((await platform.pauseAd(pause)).status).toBe('paused');
    expect((await platform.pauseAd(pause)).status).toBe('paused');
    expect((await platform.pauseAd({ idempotencyKey: key('pause-ad'), id: ad.id })).status).toBe('paused');
    expect((await platform.resumeAd({ idempotencyKey: key('resume-ad'), id: ad.id })).status).toBe('active');
    expect(await refusal(platform.resumeAd({ ...pause }))).toMatchObject({ code: 'idempotency_mismatch' });
    expect((await platform.deleteAd({ idempotencyKey: key('del-ad'), id: ad.id })).status).toBe('deleted');
    expect(await refusal(platform.resumeAd({ idempotencyKey: key('resume-ad'), id: ad.id }))).toMatchObject({
      code: 'illegal_transition',
    });
    expect(await refusal(platform.pauseAd({ idempotencyKey: key('pause-ad'), id: ad.id }))).toMatchObject({
      code: 'illegal_transition',
    });
    expect(await platform.listAds(campaign.id)).toEqual([]);
    expect(await refusal(platform.deleteAd({ idempotencyKey: key('del-ad'), id: 'ad_nope' }))).toMatchObject({
      code: 'not_found',
      param: 'id',
    });
  });
});

describe('sandbox ad platform: delivery of a display campaign, per ad', () => {
  it('serves only while an ad is active, and every day its ads add up to the campaign exactly', async () => {
    clock = chicagoMidnight('2026-11-10');
    const campaign = await platform.createCampaign(
      display({ reference: '67896789', startDate: '2026-11-10' }),
    );
    await platform.activateCampaign({ idempotencyKey: key('act'), campaignId: campaign.id });
    clock = chicagoMidnight('2026-11-11'); // a whole day active with no ad: nothing served
    const first = await platform.createAd(adInput(campaign.id));
    clock = new Date('2026-11-11T18:00:00.000Z'); // noon: a second ad joins
    const second = await platform.createAd(
      adInput(campaign.id, { width: 728, height: 90, bytes: png(728, 90), name: 'Leaderboard' }),
    );
    clock = chicagoMidnight('2026-11-13'); // the first ad pauses for the 13th
    await platform.pauseAd({ idempotencyKey: key('pause-ad'), id: first.id });
    clock = chicagoMidnight('2026-11-14'); // the second ad is deleted: nothing serves on the 14th
    await platform.deleteAd({ idempotencyKey: key('del-ad'), id: second.id });
    clock = chicagoMidnight('2026-11-16');
    const range = { campaignId: campaign.id, from: '2026-11-10', to: '2026-11-15' };
    const stats = await platform.getStats(range);
    const perAd = await platform.getAdStats(range);
    console.log(
      'display campaign, per day then per ad:',
      JSON.stringify({ days: stats.days, ads: perAd.rows }),
    );
    expect(stats.days.map((d) => d.impressions > 0)).toEqual([false, true, true, true, false, false]);
    for (const day of stats.days) {
      const rows = perAd.rows.filter((r) => r.day === day.day);
      expect(rows.reduce((s, r) => s + r.impressions, 0)).toBe(day.impressions);
      expect(rows.reduce((s, r) => s + r.clicks, 0)).toBe(day.clicks);
      expect(rows.reduce((s, r) => s + r.spend, 0)).toBe(day.spend);
    }
    const adsOn = (day: string) => perAd.rows.filter((r) => r.day === day).map((r) => r.adId);
    expect(adsOn('2026-11-11')).toEqual([first.id, second.id].sort());
    expect(adsOn('2026-11-12')).toEqual([first.id, second.id].sort());
    expect(adsOn('2026-11-13')).toEqual([second.id]);
    // Before noon on the 11th only the first ad ran: that day splits by active time (24 hours against
    // 12) times each ad's performance factor, to within the one impression the rounding moves.
    const on11 = perAd.rows.filter((r) => r.day === '2026-11-11');
    const weightFirst = 24 * sandboxAdPerformance(SEED, first.id);
    const weightSecond = 12 * sandboxAdPerformance(SEED, second.id);
    const total11 = stats.days.find((d) => d.day === '2026-11-11')?.impressions ?? 0;
    const firstShare = on11.find((r) => r.adId === first.id)?.impressions ?? 0;
    expect(Math.abs(firstShare - (total11 * weightFirst) / (weightFirst + weightSecond))).toBeLessThan(1);
    // The same figures again, from another instance.
    const again = createSandboxAdPlatform({ db: database.db, seed: SEED, now: () => clock });
    expect(await again.getAdStats(range)).toEqual(perAd);
  });

  it('wins a share of the impressions when bidding under the market, paying the bid', async () => {
    clock = chicagoMidnight('2026-11-20');
    const market = await platform.createCampaign(display({ startDate: '2026-11-20' }));
    const cpm = sandboxCpm(SEED, market.id);
    const low = await platform.createCampaign(display({ startDate: '2026-11-20' }));
    const lowMarket = sandboxCpm(SEED, low.id);
    const bid = asMicros(Math.floor(lowMarket / 2));
    await platform.updateCampaign({ idempotencyKey: key('upd'), campaignId: low.id, maxBid: bid });
    for (const { id } of [market, low]) {
      await platform.createAd(adInput(id));
      await platform.activateCampaign({ idempotencyKey: key('act'), campaignId: id });
    }
    clock = chicagoMidnight('2026-11-21');
    const day = { from: '2026-11-20', to: '2026-11-20' };
    const full = (await platform.getStats({ campaignId: market.id, ...day })).days[0];
    const cheap = (await platform.getStats({ campaignId: low.id, ...day })).days[0];
    expect(full?.impressions).toBeGreaterThan(0);
    // Spend is impressions × the price paid, rounded to the cent once: spend × 10^7 ≈ impressions × CPM.
    const paid = (d: typeof full, price: number) =>
      Math.abs((d?.spend ?? 0) * 10_000_000 - (d?.impressions ?? 0) * price);
    expect(paid(full, cpm)).toBeLessThanOrEqual(5_000_000);
    expect(cheap?.impressions).toBeGreaterThan(0);
    expect(paid(cheap, bid)).toBeLessThanOrEqual(5_000_000);
  });

  it('refuses per-ad ranges it does not serve', async () => {
    const campaign = await platform.createCampaign(display());
    expect(
      await refusal(platform.getAdStats({ campaignId: campaign.id, from: '2026-11-05', to: '2026-11-01' })),
    ).toMatchObject({ param: 'to' });
    expect(
      await refusal(platform.getAdStats({ campaignId: 'cmp_nope', from: '2026-11-01', to: '2026-11-01' })),
    ).toMatchObject({ code: 'not_found' });
  });
});
