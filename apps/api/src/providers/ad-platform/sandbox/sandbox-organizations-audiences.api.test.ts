import { createHash } from 'node:crypto';
import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../../../../test/test-database.js';
import {
  type AdPlatform,
  AdPlatformError,
  type CreateCampaignInput,
  createSandboxAdPlatform,
  MAX_AUDIENCE_KEYS_PER_CALL,
} from '../index.js';

/*
 * The sandbox ad platform's organisation and audience calls (decision 0112), on both databases:
 * each call valid, refused with nothing stored, replayed under its key, and refused for a key used
 * with other input; deletions refused while something still depends on the object.
 */

const TZ = 'America/Chicago';
const chicagoMidnight = (day: string) => new Date(`${day}T06:00:00.000Z`);
const md5 = (email: string) => createHash('md5').update(email).digest('hex');
const emails = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => md5(`person${from + i}@example.com`));

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
      customId: 'NW-1',
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

const displayCampaign = (organizationId: string, overrides: Partial<CreateCampaignInput> = {}) =>
  platform.createCampaign({
    idempotencyKey: key('adcampaign'),
    organizationId,
    reference: '45674567',
    name: 'Smiles in Austin',
    kind: 'display',
    keywords: [],
    geography: { national: false, states: ['TX'], cities: [], zips: [] },
    startDate: '2026-11-01',
    timeZone: TZ,
    ...overrides,
  });

describe('sandbox ad platform: organisations listed, renamed and deleted', () => {
  it('keeps a custom id and lists an organisation’s children, oldest first', async () => {
    expect(await platform.getOrganization(agencyId)).toMatchObject({ customId: 'NW-1', parentId: null });
    const second = await platform.createOrganization({
      idempotencyKey: key('adorg'),
      name: 'Fabrikam Ortho',
      parentId: agencyId,
      reference: '3',
      customId: ' FAB-3 ',
    });
    expect(second.customId).toBe('FAB-3');
    const children = await platform.listOrganizations({ parentId: agencyId });
    expect(children.map((o) => o.id)).toEqual([clientId, second.id]);
    expect((await platform.listOrganizations({ parentId: null })).map((o) => o.id)).toContain(agencyId);
    expect(await refusal(platform.listOrganizations({ parentId: 'org_nope' }))).toEqual({
      code: 'not_found',
      param: 'parentId',
      message: "No such organisation: 'org_nope'",
    });
  });

  it('renames and sets or clears the custom id, once per key', async () => {
    const input = {
      idempotencyKey: key('adorg-update'),
      id: clientId,
      name: 'Contoso Dental Care',
      customId: 'CD-2',
    };
    const renamed = await platform.updateOrganization(input);
    expect(renamed).toMatchObject({ name: 'Contoso Dental Care', customId: 'CD-2', reference: '2' });
    expect((await platform.updateOrganization(input)).name).toBe('Contoso Dental Care');
    expect(await refusal(platform.updateOrganization({ ...input, name: 'Other' }))).toMatchObject({
      code: 'idempotency_mismatch',
    });
    const cleared = await platform.updateOrganization({
      idempotencyKey: key('adorg-update'),
      id: clientId,
      customId: null,
    });
    expect(cleared.customId).toBeNull();
    expect(
      await refusal(platform.updateOrganization({ idempotencyKey: key('x'), id: clientId })),
    ).toMatchObject({
      code: 'invalid_request',
      param: 'changes',
    });
    expect(
      await refusal(
        platform.updateOrganization({ idempotencyKey: key('x'), id: clientId, customId: 'x'.repeat(101) }),
      ),
    ).toMatchObject({ code: 'invalid_request', param: 'customId' });
    expect(
      await refusal(
        platform.updateOrganization({ idempotencyKey: key('x'), id: 'org_nope', name: 'Nobody' }),
      ),
    ).toMatchObject({ code: 'not_found', param: 'id' });
    expect((await platform.getOrganization(clientId))?.name).toBe('Contoso Dental Care');
  });

  it('refuses to delete an organisation holding organisations or campaigns that have not ended', async () => {
    const parent = await platform.createOrganization({
      idempotencyKey: key('adorg'),
      name: 'Parent',
      reference: '10',
    });
    const child = await platform.createOrganization({
      idempotencyKey: key('adorg'),
      name: 'Child',
      parentId: parent.id,
      reference: '11',
    });
    expect(await refusal(platform.deleteOrganization({ idempotencyKey: key('del'), id: parent.id }))).toEqual(
      {
        code: 'illegal_transition',
        param: null,
        message: 'The organisation holds other organisations; delete those first.',
      },
    );
    const campaign = await displayCampaign(child.id);
    expect(
      await refusal(platform.deleteOrganization({ idempotencyKey: key('del'), id: child.id })),
    ).toMatchObject({
      code: 'illegal_transition',
      message: 'The organisation holds campaigns that have not ended; stop them first.',
    });
    expect(await platform.getOrganization(child.id)).not.toBeNull();

    await platform.stopCampaign({ idempotencyKey: key('stop'), campaignId: campaign.id });
    const deletion = { idempotencyKey: key('del'), id: child.id };
    await platform.deleteOrganization(deletion);
    await platform.deleteOrganization(deletion); // the same call again
    await platform.deleteOrganization({ idempotencyKey: key('del'), id: child.id }); // already gone: fine
    expect(await platform.getOrganization(child.id)).toBeNull();
    expect(await platform.listOrganizations({ parentId: parent.id })).toEqual([]);
    // Its ended campaign is still readable (its stats stay), but nothing new goes under it.
    expect((await platform.getCampaign(campaign.id))?.status).toBe('ended');
    expect(await refusal(displayCampaign(child.id))).toMatchObject({
      code: 'not_found',
      param: 'organizationId',
    });
    await platform.deleteOrganization({ idempotencyKey: key('del'), id: parent.id });
    expect(
      await refusal(platform.deleteOrganization({ idempotencyKey: key('del'), id: 'org_nope' })),
    ).toMatchObject({
      code: 'not_found',
    });
  });
});

describe('sandbox ad platform: audiences', () => {
  it('stores distinct keys in lower case, processes for a minute, then is ready', async () => {
    clock = chicagoMidnight('2026-11-02');
    const keys = [...emails(5), emails(1)[0]?.toUpperCase() as string];
    const audience = await platform.createAudience({
      idempotencyKey: key('aud'),
      organizationId: clientId,
      name: ' Past patients ',
      keys,
    });
    expect(audience).toMatchObject({
      organizationId: clientId,
      name: 'Past patients',
      size: 5,
      status: 'processing',
    });
    clock = new Date(clock.getTime() + 60_000);
    expect(await platform.getAudience(audience.id)).toMatchObject({ size: 5, status: 'ready' });
    expect(await platform.getAudience('aud_nope')).toBeNull();
  });

  it('adds keys in parts, counting a key already there once', async () => {
    const audience = await platform.createAudience({
      idempotencyKey: key('aud'),
      organizationId: clientId,
      name: 'Newsletter',
      keys: emails(MAX_AUDIENCE_KEYS_PER_CALL),
    });
    expect(audience.size).toBe(MAX_AUDIENCE_KEYS_PER_CALL);
    const more = {
      idempotencyKey: key('aud-keys'),
      audienceId: audience.id,
      keys: emails(20, MAX_AUDIENCE_KEYS_PER_CALL - 10),
    };
    const grown = await platform.addAudienceKeys(more);
    expect(grown).toMatchObject({ size: MAX_AUDIENCE_KEYS_PER_CALL + 10, status: 'processing' });
    expect((await platform.addAudienceKeys(more)).size).toBe(MAX_AUDIENCE_KEYS_PER_CALL + 10);
    expect(await refusal(platform.addAudienceKeys({ ...more, keys: emails(1, 99_999) }))).toMatchObject({
      code: 'idempotency_mismatch',
    });
    expect(
      await refusal(
        platform.addAudienceKeys({ idempotencyKey: key('k'), audienceId: 'aud_nope', keys: emails(1) }),
      ),
    ).toMatchObject({ code: 'not_found', param: 'audienceId' });
  });

  it('refuses bad keys, too many keys and an unknown organisation, storing nothing', async () => {
    const before = [await count('sandbox_ad_audiences'), await count('sandbox_ad_audience_keys')];
    const base = { idempotencyKey: key('aud'), organizationId: clientId, name: 'Bad list' };
    expect(
      await refusal(platform.createAudience({ ...base, keys: [...emails(2), 'jane@example.com'] })),
    ).toEqual({
      code: 'invalid_request',
      param: 'keys',
      message: 'Key 3 is not an MD5 (32 hexadecimal digits): jane@example.com',
    });
    expect(await refusal(platform.createAudience({ ...base, keys: [] }))).toMatchObject({ param: 'keys' });
    expect(
      await refusal(platform.createAudience({ ...base, keys: emails(MAX_AUDIENCE_KEYS_PER_CALL + 1) })),
    ).toMatchObject({ param: 'keys', message: expect.stringContaining('At most 10,000 keys a call') });
    expect(await refusal(platform.createAudience({ ...base, name: ' ', keys: emails(1) }))).toMatchObject({
      param: 'name',
    });
    expect(
      await refusal(platform.createAudience({ ...base, organizationId: 'org_nope', keys: emails(1) })),
    ).toMatchObject({
      code: 'not_found',
      param: 'organizationId',
    });
    expect([await count('sandbox_ad_audiences'), await count('sandbox_ad_audience_keys')]).toEqual(before);
  });

  it('makes one audience of many concurrent calls with one key, and refuses the key for another list', async () => {
    const input = {
      idempotencyKey: 'aud-once',
      organizationId: clientId,
      name: 'Concurrent',
      keys: emails(50, 500),
    };
    const made = await Promise.all(Array.from({ length: 8 }, () => platform.createAudience(input)));
    expect(new Set(made.map((a) => a.id)).size).toBe(1);
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from sandbox_ad_audiences where name = 'Concurrent'`,
    );
    expect(rows[0]?.n).toBe(1);
    expect(await refusal(platform.createAudience({ ...input, keys: emails(50, 600) }))).toMatchObject({
      code: 'idempotency_mismatch',
    });
  });

  it('is targeted by campaigns of its organisation or below, and refused to others', async () => {
    const audience = await platform.createAudience({
      idempotencyKey: key('aud'),
      organizationId: agencyId,
      name: 'Agency list',
      keys: emails(3),
    });
    const own = await platform.createAudience({
      idempotencyKey: key('aud'),
      organizationId: clientId,
      name: 'Own',
      keys: emails(3),
    });
    const campaign = await displayCampaign(clientId);
    const attach = {
      idempotencyKey: key('attach'),
      campaignId: campaign.id,
      audienceIds: [own.id, audience.id, own.id],
    };
    expect((await platform.attachAudiences(attach)).audienceIds).toEqual([own.id, audience.id]);
    expect((await platform.attachAudiences(attach)).audienceIds).toEqual([own.id, audience.id]);
    expect(await refusal(platform.attachAudiences({ ...attach, audienceIds: [own.id] }))).toMatchObject({
      code: 'idempotency_mismatch',
    });

    const stranger = await platform.createOrganization({
      idempotencyKey: key('adorg'),
      name: 'Stranger',
      reference: '99',
    });
    const theirs = await platform.createAudience({
      idempotencyKey: key('aud'),
      organizationId: stranger.id,
      name: 'Theirs',
      keys: emails(2),
    });
    expect(
      await refusal(
        platform.attachAudiences({
          idempotencyKey: key('attach'),
          campaignId: campaign.id,
          audienceIds: [theirs.id],
        }),
      ),
    ).toEqual({
      code: 'invalid_request',
      param: 'audienceIds',
      message: `The audience '${theirs.id}' belongs to another organisation.`,
    });
    expect(
      await refusal(
        platform.attachAudiences({
          idempotencyKey: key('attach'),
          campaignId: campaign.id,
          audienceIds: ['aud_nope'],
        }),
      ),
    ).toMatchObject({ code: 'not_found', param: 'audienceIds' });
    expect(
      await refusal(
        platform.attachAudiences({ idempotencyKey: key('attach'), campaignId: 'cmp_nope', audienceIds: [] }),
      ),
    ).toMatchObject({ code: 'not_found', param: 'campaignId' });
    expect((await platform.getCampaign(campaign.id))?.audienceIds).toEqual([own.id, audience.id]);
    // An empty list targets everyone in the geography again.
    expect(
      (
        await platform.attachAudiences({
          idempotencyKey: key('attach'),
          campaignId: campaign.id,
          audienceIds: [],
        })
      ).audienceIds,
    ).toEqual([]);
  });

  it('refuses deletion while an active campaign targets it; a paused one simply lets it go', async () => {
    const audience = await platform.createAudience({
      idempotencyKey: key('aud'),
      organizationId: clientId,
      name: 'Leaving',
      keys: emails(4),
    });
    const campaign = await displayCampaign(clientId);
    await platform.attachAudiences({
      idempotencyKey: key('attach'),
      campaignId: campaign.id,
      audienceIds: [audience.id],
    });
    await platform.activateCampaign({ idempotencyKey: key('activate'), campaignId: campaign.id });
    expect(
      await refusal(platform.deleteAudience({ idempotencyKey: key('del-aud'), id: audience.id })),
    ).toEqual({
      code: 'illegal_transition',
      param: null,
      message: `The audience is targeted by the active campaign '${campaign.id}'; remove it from the campaign first.`,
    });
    expect(await platform.getAudience(audience.id)).not.toBeNull();

    await platform.pauseCampaign({ idempotencyKey: key('pause'), campaignId: campaign.id });
    const deletion = { idempotencyKey: key('del-aud'), id: audience.id };
    await platform.deleteAudience(deletion);
    await platform.deleteAudience(deletion);
    expect(await platform.getAudience(audience.id)).toBeNull();
    expect((await platform.getCampaign(campaign.id))?.audienceIds).toEqual([]);
    expect(
      await refusal(
        platform.attachAudiences({
          idempotencyKey: key('attach'),
          campaignId: campaign.id,
          audienceIds: [audience.id],
        }),
      ),
    ).toMatchObject({ code: 'not_found' });
    expect(
      await refusal(platform.deleteAudience({ idempotencyKey: key('del-aud'), id: 'aud_nope' })),
    ).toMatchObject({
      code: 'not_found',
      param: 'id',
    });
    expect(await refusal(platform.deleteAudience({ idempotencyKey: '', id: audience.id }))).toMatchObject({
      param: 'idempotencyKey',
    });
  });
});
