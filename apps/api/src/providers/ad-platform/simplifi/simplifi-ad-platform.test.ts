import { createHash } from 'node:crypto';
import { asCents, asMicros } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { png, zip } from '../../../../test/ad-creatives.js';
import { type FakeSimplifi, startFakeSimplifi } from '../../../../test/fake-simplifi.js';
import { type AdPlatform, AdPlatformError, type CreateCampaignInput } from '../ad-platform.js';
import { createSimplifiAdPlatform } from './simplifi-ad-platform.js';

/*
 * The real Simpli.fi adapter (decision 0112) against a local fake of its documented API: the keys on
 * every call; organisations, campaigns (a draft then a PUT, keywords as a CSV upload, moves as
 * actions), first-party segments as audiences, ads as multipart uploads, stats by day and by ad;
 * money as dollar text both ways; Simpli.fi's 404 and 422 as AdPlatformErrors, its outages thrown
 * to be retried; and retries after a lost answer that find what the first attempt made.
 */

let fake: FakeSimplifi;
let platform: AdPlatform;
let agencyId: string;
let clientId: string;
let keys = 0;
const key = (what: string) => `${what}:${++keys}`;

beforeAll(async () => {
  fake = await startFakeSimplifi();
  platform = createSimplifiAdPlatform({
    baseUrl: fake.baseUrl,
    appKey: fake.appKey,
    userKey: fake.userKey,
    rootOrganizationId: fake.rootOrganizationId,
    timeoutMs: 2_000,
  });
  agencyId = (
    await platform.createOrganization({ idempotencyKey: 'adorg:1', name: 'Northwind', reference: '1' })
  ).id;
  clientId = (
    await platform.createOrganization({
      idempotencyKey: 'adorg:2',
      name: 'Contoso',
      parentId: agencyId,
      reference: '2',
    })
  ).id;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.seen.length = 0;
});

async function refusal(call: Promise<unknown>) {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AdPlatformError);
  const { code, param, message } = err as AdPlatformError;
  return { code, param, message };
}

const display = (overrides: Partial<CreateCampaignInput> = {}): CreateCampaignInput => ({
  idempotencyKey: key('cmp'),
  organizationId: clientId,
  reference: '56785678',
  name: 'Smiles in Texas',
  kind: 'display',
  keywords: [],
  geography: { national: false, states: ['TX'], cities: [{ city: 'Tulsa', state: 'OK' }], zips: ['78701'] },
  budget: { daily: asCents(2_550), total: asCents(76_500) },
  maxBid: asMicros(6_500_000),
  goal: { type: 'ctr', value: 80 },
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  timeZone: 'America/Denver',
  ...overrides,
});

describe('Simpli.fi adapter: organisations', () => {
  it('creates under the platform account or a parent, with both keys on every call', async () => {
    expect(await platform.getOrganization(clientId)).toEqual({
      id: clientId,
      parentId: agencyId,
      name: 'Contoso',
      reference: '2',
      customId: '2',
    });
    expect(await platform.getOrganization(agencyId)).toMatchObject({ parentId: null });
    for (const call of fake.seen) {
      expect(call.headers['x-app-key']).toBe(fake.appKey);
      expect(call.headers['x-user-key']).toBe(fake.userKey);
    }
    expect((await platform.listOrganizations({ parentId: agencyId })).map((o) => o.id)).toEqual([clientId]);
    expect((await platform.listOrganizations({ parentId: null })).map((o) => o.id)).toContain(agencyId);
    expect(await platform.getOrganization('999999')).toBeNull();
  });

  it('finds the organisation a lost answer made instead of making another', async () => {
    const input = {
      idempotencyKey: key('adorg'),
      name: 'Fabrikam',
      parentId: agencyId,
      reference: '3',
      customId: 'FAB-3',
    };
    const first = await platform.createOrganization(input);
    const again = await platform.createOrganization(input);
    expect(again.id).toBe(first.id);
    expect(fake.calls('POST /api/organizations')).toHaveLength(1);
    expect(first).toMatchObject({ customId: 'FAB-3', reference: 'FAB-3' });
  });

  it('renames, and says it cannot delete', async () => {
    const renamed = await platform.updateOrganization({
      idempotencyKey: key('upd'),
      id: clientId,
      name: 'Contoso Dental',
    });
    expect(renamed.name).toBe('Contoso Dental');
    expect(fake.calls(`PUT /api/organizations/${clientId}`)[0]?.json).toEqual({
      organization: { name: 'Contoso Dental' },
    });
    expect(
      await refusal(platform.deleteOrganization({ idempotencyKey: key('del'), id: clientId })),
    ).toMatchObject({
      code: 'unsupported',
    });
    expect(
      await refusal(
        platform.updateOrganization({ idempotencyKey: key('upd'), id: '999999', name: 'Nobody' }),
      ),
    ).toMatchObject({ code: 'not_found' });
    expect(
      await refusal(
        platform.createOrganization({
          idempotencyKey: key('o'),
          name: 'X',
          parentId: '999999',
          reference: '4',
        }),
      ),
    ).toMatchObject({ code: 'not_found', param: 'parentId' });
  });
});

describe('Simpli.fi adapter: campaigns', () => {
  it('makes a draft, then PUTs its attributes with money as dollar text, and reads it back whole', async () => {
    const campaign = await platform.createCampaign(display());
    const put = fake.calls(`PUT /api/organizations/${clientId}/campaigns/${campaign.id}`)[0]?.json as {
      campaign: Record<string, unknown>;
    };
    expect(put.campaign).toMatchObject({
      name: 'Smiles in Texas',
      campaign_type_id: 5,
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      daily_budget: '25.50',
      total_budget: '765.00',
      bid: '6.50',
      campaign_goal: { goal_type: 'ctr', goal_value: '0.80' },
      postal_codes: { values: [{ postal_code: '78701', country_code: 'USA' }] },
    });
    expect(put.campaign.geo_target_ids).toHaveLength(2);
    expect(campaign).toMatchObject({
      organizationId: clientId,
      reference: '56785678',
      kind: 'display',
      status: 'draft',
      keywords: [],
      geography: {
        national: false,
        states: ['TX'],
        cities: [{ city: 'Tulsa', state: 'OK' }],
        zips: ['78701'],
      },
      budget: { daily: 2_550, total: 76_500 },
      maxBid: 6_500_000,
      goal: { type: 'ctr', value: 80 },
      timeZone: 'America/Denver',
      history: [],
    });
    expect(fake.problems).toEqual([]);
  });

  it('sends a search campaign’s keywords as a CSV upload and finds the campaign again on a retry', async () => {
    const input: CreateCampaignInput = {
      idempotencyKey: 'locator-mirror:1:1:create',
      organizationId: clientId,
      reference: '12345678',
      name: 'Dentists',
      keywords: ['dentist', 'teeth, whitening'],
      geography: { national: true, states: [], cities: [], zips: [] },
      startDate: '2026-11-01',
      timeZone: 'America/Chicago',
    };
    const first = await platform.createCampaign(input);
    expect(first).toMatchObject({
      kind: 'search',
      keywords: ['dentist', 'teeth, whitening'],
      geography: { national: true },
    });
    const csv = fake.calls(`PUT /api/organizations/${clientId}/campaigns/${first.id}/keywords`)[0]?.form[
      'keyword[csv]'
    ];
    expect(csv?.bytes?.toString()).toBe('dentist\n"teeth, whitening"');
    // The answer was lost; the mirror sends the same call again: the same campaign, no second draft.
    const again = await platform.createCampaign(input);
    expect(again.id).toBe(first.id);
    expect(fake.calls(`POST /api/organizations/${clientId}/campaigns`)).toHaveLength(1);
  });

  it('refuses what Simpli.fi cannot hold before any call', async () => {
    const before = fake.seen.length;
    expect(
      await refusal(
        platform.createCampaign(display({ kind: 'search', keywords: ['a'], contextualKeywords: ['b'] })),
      ),
    ).toMatchObject({
      param: 'contextualKeywords',
    });
    expect(await refusal(platform.createCampaign(display({ keywords: ['dentist'] })))).toMatchObject({
      param: 'keywords',
    });
    expect(
      await refusal(platform.createCampaign(display({ goal: { type: 'cpm', value: 1 } as never }))),
    ).toMatchObject({
      param: 'goal.type',
    });
    expect(fake.seen.length).toBe(before);
    expect(
      await refusal(
        platform.createCampaign(
          display({
            geography: { national: false, states: [], cities: [{ city: 'Atlantis', state: 'TX' }], zips: [] },
          }),
        ),
      ),
    ).toEqual({
      code: 'invalid_request',
      param: 'geography.cities',
      message: 'Simpli.fi has no place named Atlantis in Texas.',
    });
    expect(await refusal(platform.createCampaign(display({ organizationId: '999999' })))).toMatchObject({
      code: 'not_found',
    });
  });

  it('moves by actions, skipping a move already made, and reads Simpli.fi’s refusals as illegal moves', async () => {
    const { id } = await platform.createCampaign(display());
    expect(await refusal(platform.pauseCampaign({ idempotencyKey: key('p'), campaignId: id }))).toMatchObject(
      {
        code: 'illegal_transition',
      },
    );
    expect((await platform.activateCampaign({ idempotencyKey: key('a'), campaignId: id })).status).toBe(
      'active',
    );
    expect((await platform.activateCampaign({ idempotencyKey: key('a'), campaignId: id })).status).toBe(
      'active',
    );
    expect(fake.calls(`POST /api/campaigns/${id}/activate`)).toHaveLength(1);
    expect((await platform.pauseCampaign({ idempotencyKey: key('p'), campaignId: id })).status).toBe(
      'paused',
    );
    expect((await platform.stopCampaign({ idempotencyKey: key('s'), campaignId: id })).status).toBe('ended');
    expect(
      await refusal(platform.activateCampaign({ idempotencyKey: key('a'), campaignId: id })),
    ).toMatchObject({
      code: 'illegal_transition',
    });
    expect(
      await refusal(platform.updateCampaign({ idempotencyKey: key('u'), campaignId: id, name: 'Later' })),
    ).toMatchObject({ code: 'illegal_transition' });
    // Simpli.fi's own refusal: no place to serve.
    const nowhere = await platform.createCampaign(display());
    fake.clearPlaces(nowhere.id); // changed in Simpli.fi's own screens
    expect(
      await refusal(platform.activateCampaign({ idempotencyKey: key('a'), campaignId: nowhere.id })),
    ).toEqual({
      code: 'illegal_transition',
      param: null,
      message: 'Geo targets Select at least 1 location or postal code',
    });
    expect(await platform.getCampaign('999999')).toBeNull();
  });

  it('updates only what changed, clearing a bid and a goal', async () => {
    const { id } = await platform.createCampaign(display());
    const updated = await platform.updateCampaign({
      idempotencyKey: key('u'),
      campaignId: id,
      budget: { daily: asCents(1_000) },
      maxBid: null,
      goal: { type: 'cpa', value: asMicros(12_340_000) },
      contextualKeywords: ['dental care'],
    });
    expect(fake.calls(`PUT /api/organizations/${clientId}/campaigns/${id}`).at(-1)?.json).toEqual({
      campaign: {
        daily_budget: '10.00',
        total_budget: null,
        bid: null,
        campaign_goal: { goal_type: 'cpa', goal_value: '12.34' },
      },
    });
    expect(updated).toMatchObject({
      budget: { daily: 1_000 },
      maxBid: null,
      goal: { type: 'cpa', value: 12_340_000 },
      contextualKeywords: ['dental care'],
    });
  });

  it('throws an outage for 429 and 5xx (to be retried), not a refusal', async () => {
    const { id } = await platform.createCampaign(display());
    fake.failNext(`GET /api/campaigns/${id}`, { status: 503, body: { errors: ['down'] } });
    const outage = await platform.getCampaign(id).catch((e: unknown) => e);
    expect(outage).toBeInstanceOf(Error);
    expect(outage).not.toBeInstanceOf(AdPlatformError);
    fake.failNext(`POST /api/campaigns/${id}/activate`, { status: 429 });
    const limited = await platform
      .activateCampaign({ idempotencyKey: key('a'), campaignId: id })
      .catch((e: unknown) => e);
    expect(String(limited)).toMatch(/rate limit/);
    expect(limited).not.toBeInstanceOf(AdPlatformError);
  });
});

describe('Simpli.fi adapter: audiences (first-party segments)', () => {
  it('reads, attaches and deletes segments; refuses an upload it cannot make', async () => {
    const segment = fake.addSegment(clientId, 'Past patients', 4_096);
    expect(await platform.getAudience(segment)).toEqual({
      id: segment,
      organizationId: clientId,
      name: 'Past patients',
      size: 4_096,
      status: 'ready',
    });
    expect(
      await refusal(
        platform.createAudience({
          idempotencyKey: key('aud'),
          organizationId: clientId,
          name: 'List',
          keys: ['nope'],
        }),
      ),
    ).toMatchObject({ code: 'invalid_request', param: 'keys' });
    const md5 = createHash('md5').update('a@example.com').digest('hex');
    expect(
      await refusal(
        platform.createAudience({
          idempotencyKey: key('aud'),
          organizationId: clientId,
          name: 'List',
          keys: [md5],
        }),
      ),
    ).toMatchObject({ code: 'unsupported' });

    const { id } = await platform.createCampaign(display());
    const attach = { idempotencyKey: key('att'), campaignId: id, audienceIds: [segment] };
    expect((await platform.attachAudiences(attach)).audienceIds).toEqual([segment]);
    expect((await platform.attachAudiences(attach)).audienceIds).toEqual([segment]);
    expect(fake.calls(`PUT /api/campaigns/${id}/campaign_first_party_segments/change`)).toHaveLength(1);
    await platform.activateCampaign({ idempotencyKey: key('a'), campaignId: id });
    expect(await refusal(platform.deleteAudience({ idempotencyKey: key('d'), id: segment }))).toMatchObject({
      code: 'illegal_transition',
      message: expect.stringContaining('is currently being used by campaigns'),
    });
    expect(
      (await platform.attachAudiences({ idempotencyKey: key('att'), campaignId: id, audienceIds: [] }))
        .audienceIds,
    ).toEqual([]);
    await platform.deleteAudience({ idempotencyKey: key('d'), id: segment });
    await platform.deleteAudience({ idempotencyKey: key('d'), id: segment }); // gone already: done
    expect(await platform.getAudience(segment)).toBeNull();
  });
});

describe('Simpli.fi adapter: ads', () => {
  it('uploads an image as multipart with its Simpli.fi size and file type, once', async () => {
    const { id } = await platform.createCampaign(display());
    const input = {
      idempotencyKey: key('ad'),
      organizationId: clientId,
      campaignId: id,
      name: 'Smile 300x250',
      kind: 'image' as const,
      width: 300,
      height: 250,
      bytes: png(300, 250),
      contentType: 'image/png',
      clickUrl: 'https://contoso.example/smile',
    };
    const ad = await platform.createAd(input);
    expect(ad).toEqual({
      id: ad.id,
      campaignId: id,
      name: 'Smile 300x250',
      kind: 'image',
      width: 300,
      height: 250,
      clickUrl: 'https://contoso.example/smile',
      status: 'active',
    });
    const form = fake.calls(`POST /api/organizations/${clientId}/campaigns/${id}/ads`)[0]?.form;
    expect(form?.['ad[ad_size_id]']?.value).toBe('1');
    expect(form?.['ad[ad_file_type_id]']?.value).toBe('1');
    expect(form?.['ad[primary_creative]']?.bytes).toEqual(png(300, 250));
    expect(form?.['ad[primary_creative]']?.contentType).toBe('image/png');
    expect((await platform.createAd(input)).id).toBe(ad.id);
    expect(fake.calls(`POST /api/organizations/${clientId}/campaigns/${id}/ads`)).toHaveLength(1);

    const html5 = await platform.createAd({
      ...input,
      idempotencyKey: key('ad'),
      name: 'Banner',
      kind: 'html5',
      width: 728,
      height: 90,
      bytes: zip({ 'index.html': '<p>Smile</p>' }),
      contentType: 'application/zip',
    });
    expect(html5).toMatchObject({ kind: 'html5', width: 728, height: 90 });
    expect((await platform.listAds(id)).map((a) => a.id)).toEqual([ad.id, html5.id]);
    expect(
      await refusal(platform.createAd({ ...input, idempotencyKey: key('ad'), bytes: png(300, 600) })),
    ).toMatchObject({
      param: 'bytes',
    });
    expect(
      await refusal(platform.createAd({ ...input, idempotencyKey: key('ad'), organizationId: agencyId })),
    ).toMatchObject({ param: 'organizationId' });
  });

  it('pauses and resumes by the ad’s own actions, and deletes', async () => {
    const { id } = await platform.createCampaign(display());
    const ad = await platform.createAd({
      idempotencyKey: key('ad'),
      organizationId: clientId,
      campaignId: id,
      name: 'Sky',
      kind: 'image',
      width: 160,
      height: 600,
      bytes: png(160, 600),
      contentType: 'image/png',
      clickUrl: 'https://contoso.example/',
    });
    expect((await platform.pauseAd({ idempotencyKey: key('p'), id: ad.id })).status).toBe('paused');
    expect((await platform.pauseAd({ idempotencyKey: key('p'), id: ad.id })).status).toBe('paused');
    expect(fake.calls(`POST /api/organizations/${clientId}/campaigns/${id}/ads/${ad.id}/pause`)).toHaveLength(
      1,
    );
    expect((await platform.resumeAd({ idempotencyKey: key('r'), id: ad.id })).status).toBe('active');
    expect((await platform.deleteAd({ idempotencyKey: key('d'), id: ad.id })).status).toBe('deleted');
    expect(await refusal(platform.resumeAd({ idempotencyKey: key('r'), id: ad.id }))).toMatchObject({
      code: 'illegal_transition',
    });
    expect(await platform.listAds(id)).toEqual([]);
    expect(await refusal(platform.pauseAd({ idempotencyKey: key('p'), id: '999999' }))).toMatchObject({
      code: 'not_found',
    });
  });
});

describe('Simpli.fi adapter: stats', () => {
  it('reads days (zeros where Simpli.fi reports none) and days per ad, spend in cents by its digits', async () => {
    const { id } = await platform.createCampaign(display());
    fake.addStats({ campaign: id, day: '2026-11-02', impressions: 11_237, clicks: 15, spend: '11.05' });
    fake.addStats({ campaign: id, day: '2026-11-03', impressions: 448, clicks: 1, spend: '0.29' });
    fake.addStats({
      campaign: id,
      ad: '640',
      day: '2026-11-02',
      impressions: 10_000,
      clicks: 10,
      spend: '9.83',
    });
    fake.addStats({
      campaign: id,
      ad: '641',
      day: '2026-11-02',
      impressions: 1_237,
      clicks: 5,
      spend: '1.22',
    });
    const stats = await platform.getStats({ campaignId: id, from: '2026-11-01', to: '2026-11-03' });
    expect(stats.days).toEqual([
      { day: '2026-11-01', impressions: 0, clicks: 0, spend: 0 },
      { day: '2026-11-02', impressions: 11_237, clicks: 15, spend: 1_105 },
      { day: '2026-11-03', impressions: 448, clicks: 1, spend: 29 },
    ]);
    expect(stats.totals).toEqual({ impressions: 11_685, clicks: 16, spend: 1_134 });
    expect(
      (await platform.getAdStats({ campaignId: id, from: '2026-11-01', to: '2026-11-03' })).rows,
    ).toEqual([
      { day: '2026-11-02', adId: '640', impressions: 10_000, clicks: 10, spend: 983 },
      { day: '2026-11-02', adId: '641', impressions: 1_237, clicks: 5, spend: 122 },
    ]);
    expect(
      await platform.pollConversions({
        campaignId: id,
        since: new Date('2026-11-01'),
        until: new Date('2026-11-02'),
      }),
    ).toEqual([]);
    expect(
      await refusal(platform.getStats({ campaignId: id, from: '2026-11-03', to: '2026-11-01' })),
    ).toMatchObject({ param: 'to' });
    expect(
      await refusal(platform.getStats({ campaignId: '999999', from: '2026-11-01', to: '2026-11-01' })),
    ).toMatchObject({ code: 'not_found' });
  });

  it('says plainly when the keys are wrong', async () => {
    const wrong = createSimplifiAdPlatform({ baseUrl: fake.baseUrl, appKey: 'nope', userKey: fake.userKey });
    const err = await wrong.getOrganization(clientId).catch((e: unknown) => e);
    expect(String(err)).toMatch(/refused the API keys \(401\).*SIMPLIFI_APP_KEY/);
  });
});
