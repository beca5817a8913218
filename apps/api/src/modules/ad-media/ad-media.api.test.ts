import { AD_MEDIA_TEXTS, type AdMedia } from '@app/contracts';
import { DEMO, queryRows, sql } from '@app/db';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../../test/ad-creatives.js';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { adPage, html5AdOf, zipOf } from '../../../test/kits/ad-media-files.js';
import { insertCampaign } from '../../../test/kits/campaigns.js';
import { openSimplifi } from '../../../test/kits/simplifi-open.js';
import { companyByName, get, PEOPLE, put, type Who, who } from '../../../test/kits/users.js';
import { multipart } from '../../../test/multipart.js';
import { bearer } from '../../../test/sign-in.js';

/*
 * Ad media through the routes (issue 24, decision 0113): uploads checked by their bytes (never by
 * name or claimed type) and refused without a trace, the lists, attaching to Simplifi campaigns,
 * single-use download links (one winner among concurrent uses), scope and the Simplifi gate.
 * Northwind (master system) tests Simplifi with its client Harbor Dental; Summit (master system) does
 * not; Brightreach is another system.
 */

let rt: TestRuntime;
const people: Record<string, Who> = {};
let harbor: number;
let cedar: number;
let northwind: number;
let summit: number;
let simplifiCampaign: number;
let localCampaign: number;
let summitCampaign: number;

beforeAll(async () => {
  rt = await startTestRuntime({}, { IN_PROCESS_WORKER: 'false' });
  const { db } = rt.database;
  harbor = (await companyByName(rt, DEMO.northwind.clients[0].name)).id;
  cedar = (await companyByName(rt, DEMO.northwind.clients[1].name)).id;
  northwind = (await companyByName(rt, DEMO.northwind.name)).id;
  summit = (await companyByName(rt, DEMO.summit.name)).id;
  await openSimplifi(db, northwind, [harbor, cedar]);
  people.agency = await who(rt, PEOPLE.northwind);
  people.client = await who(rt, PEOPLE.client);
  people.cedar = await who(rt, DEMO.northwind.clients[1].contact.email);
  people.summit = await who(rt, PEOPLE.summit);
  people.root = await who(rt, PEOPLE.root);
  people.otherSystem = await who(rt, PEOPLE.otherAgency, DEMO.brightreach.domain);
  simplifiCampaign = (
    await insertCampaign(db, { module: 'simplifi', status: 'stopped', name: 'Spring display' })
  ).id;
  localCampaign = (await insertCampaign(db, { module: 'local' })).id;
  summitCampaign = (
    await insertCampaign(db, {
      module: 'simplifi',
      status: 'stopped',
      clientName: DEMO.summit.clients[0].name,
    })
  ).id;
}, 60_000);
afterAll(() => rt?.close());

const token = (person: string) => people[person]?.token ?? '';

function upload(
  person: string,
  fields: Record<string, string | number>,
  file?: { bytes: Buffer; name: string; type: string },
) {
  const form = multipart(fields, file && { ...file, field: 'file' });
  return rt.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: { ...form.headers, ...bearer(token(person)) },
    payload: form.payload,
  });
}

const image = (width = 300, height = 250) => ({
  bytes: png(width, height),
  name: 'spring.png',
  type: 'image/png',
});
const mediaCount = async () =>
  Number(
    (await queryRows<{ n: number }>(rt.database.db, sql`select count(*)::int as n from ad_media`))[0]?.n,
  );

async function uploaded(
  person: string,
  fields: Record<string, string | number>,
  file = image(),
): Promise<AdMedia> {
  const res = await upload(person, { kind: 'image', ...fields }, file);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A download link's path (the API answers it under its public base, /api here). */
async function linkFor(person: string, ids: number[]) {
  const res = await get(rt, `/generate-download-token/${ids.join(',')}`, token(person));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
}

describe('uploads', () => {
  it('keeps an image ad of a Simplifi campaign as its client’s, with its bytes in the file store', async () => {
    const file = image(728, 90);
    const media = await uploaded('agency', { campaign_id: simplifiCampaign, name: 'Leaderboard' }, file);
    expect(media).toMatchObject({
      name: 'Leaderboard',
      kind: 'image',
      origin: 'upload',
      content_type: 'image/png',
      width: 728,
      height: 90,
      size_bytes: file.bytes.length,
      company_id: harbor,
      campaign_id: simplifiCampaign,
      platform_ad_id: null,
    });
    expect(media.uploaded_by).toBe(DEMO.northwind.owner.name);
    const [row] = await queryRows<{ storage_key: string; agency_id: number }>(
      rt.database.db,
      sql`select storage_key, agency_id from ad_media where id = ${media.id}`,
    );
    expect(row?.agency_id).toBe(northwind);
    expect((await rt.services.storage.get(row?.storage_key ?? ''))?.equals(file.bytes)).toBe(true);
  });

  it('keeps an HTML5 ad with the size its index.html declares, named after the file when unnamed', async () => {
    const media = await uploaded(
      'client',
      { kind: 'html5' },
      { bytes: html5AdOf(300, 600), name: 'Half page.zip', type: 'application/zip' },
    );
    expect(media).toMatchObject({
      name: 'Half page',
      kind: 'html5',
      content_type: 'application/zip',
      width: 300,
      height: 600,
      company_id: harbor,
      campaign_id: null,
    });
  });

  it('refuses bad files by their content and stores nothing', async () => {
    const before = await mediaCount();
    const cases: [
      Record<string, string | number>,
      { bytes: Buffer; name: string; type: string },
      number,
      string,
    ][] = [
      // A PNG renamed .zip and sent as an HTML5 ad.
      [
        { kind: 'html5' },
        { bytes: png(300, 250), name: 'ad.zip', type: 'application/zip' },
        400,
        AD_MEDIA_TEXTS.notZip,
      ],
      // A ZIP with an entry that climbs out of its folder.
      [
        { kind: 'html5' },
        {
          bytes: zipOf({ 'index.html': adPage(300, 250), '../../evil.html': '<script></script>' }),
          name: 'ad.zip',
          type: 'application/zip',
        },
        400,
        AD_MEDIA_TEXTS.zipBadPath('../../evil.html'),
      ],
      // An HTML page claiming to be a PNG.
      [
        { kind: 'image' },
        {
          bytes: Buffer.from('<html><script>alert(document.cookie)</script></html>'),
          name: 'ad.png',
          type: 'image/png',
        },
        400,
        AD_MEDIA_TEXTS.notImage,
      ],
      // An image of no IAB size.
      [{ kind: 'image' }, image(300, 251), 400, AD_MEDIA_TEXTS.imageNotIab(300, 251)],
      // Over the limits: an image over 150 KB, an archive over 1 MB.
      [
        { kind: 'image' },
        {
          bytes: Buffer.concat([png(300, 250), Buffer.alloc(160 * 1024)]),
          name: 'big.png',
          type: 'image/png',
        },
        413,
        AD_MEDIA_TEXTS.imageTooLarge,
      ],
      [
        { kind: 'html5' },
        {
          bytes: Buffer.concat([html5AdOf(), Buffer.alloc(1100 * 1024)]),
          name: 'big.zip',
          type: 'application/zip',
        },
        413,
        AD_MEDIA_TEXTS.zipTooLarge,
      ],
    ];
    for (const [fields, file, status, message] of cases) {
      const res = await upload('agency', { ...fields, company_id: harbor }, file);
      expect(res.statusCode, `${file.name}: ${res.body}`).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    const missing = await upload('agency', { kind: 'image' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(AD_MEDIA_TEXTS.chooseFile);
    const badKind = await upload('agency', { kind: 'video' }, image());
    expect(badKind.json().error.message).toBe(AD_MEDIA_TEXTS.kindInvalid);
    expect(await mediaCount()).toBe(before);
  });

  it('goes only to a Simplifi campaign of the media’s own company, and to companies in scope', async () => {
    const before = await mediaCount();
    const local = await upload('agency', { kind: 'image', campaign_id: localCampaign }, image());
    expect([local.statusCode, local.json().error.message]).toEqual([400, AD_MEDIA_TEXTS.notSimplifiCampaign]);
    const otherClient = await upload(
      'agency',
      { kind: 'image', campaign_id: simplifiCampaign, company_id: cedar },
      image(),
    );
    expect([otherClient.statusCode, otherClient.json().error.message]).toEqual([
      400,
      AD_MEDIA_TEXTS.notSameCompany,
    ]);
    const foreign: Record<string, string | number>[] = [
      { campaign_id: summitCampaign },
      { company_id: summit },
      { company_id: 'abc' },
    ];
    for (const fields of foreign)
      expect((await upload('agency', { kind: 'image', ...fields }, image())).statusCode).toBe(404);
    expect((await upload('cedar', { kind: 'image', company_id: harbor }, image())).statusCode).toBe(404);
    expect(await mediaCount()).toBe(before);
  });
});

describe('lists and changes', () => {
  it('lists a person’s company’s media (an agency’s with its clients’) and a campaign’s', async () => {
    const own = await uploaded('agency', { name: 'Agency stock' });
    const cedars = await uploaded('cedar', { name: 'Cedar own' });
    const ids = async (person: string, url: string) => {
      const res = await get(rt, url, token(person));
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as AdMedia[]).map((m) => m.id);
    };
    const agencyList = await ids('agency', `/media/user/${people.agency?.id}`);
    expect(agencyList).toEqual(expect.arrayContaining([own.id, cedars.id]));
    const clientList = await ids('client', `/media/user/${people.client?.id}`);
    expect(clientList).not.toContain(own.id);
    expect(clientList).not.toContain(cedars.id);
    expect(await ids('agency', `/media/user/${people.cedar?.id}`)).toEqual([cedars.id]);
    const onCampaign = await ids('client', `/media/campaign/${simplifiCampaign}`);
    expect(onCampaign.length).toBeGreaterThan(0);
    expect(onCampaign).not.toContain(own.id);
  });

  it('renames, attaches (the media become the campaign client’s) and detaches; refuses other campaigns', async () => {
    const media = await uploaded('agency', { name: 'Stock' });
    expect(media.company_id).toBe(northwind);
    const attached = await put(
      rt,
      `/media/${media.id}`,
      { name: 'Spring 300', campaign_id: simplifiCampaign },
      token('agency'),
    );
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data).toMatchObject({
      name: 'Spring 300',
      campaign_id: simplifiCampaign,
      company_id: harbor,
    });
    const detached = await put(
      rt,
      `/media/${media.id}`,
      { campaign_id: null, click_url: 'https://harbor.example.com/' },
      token('client'),
    );
    expect(detached.json().data).toMatchObject({
      campaign_id: null,
      company_id: harbor,
      click_url: 'https://harbor.example.com/',
    });
    const local = await put(rt, `/media/${media.id}`, { campaign_id: localCampaign }, token('agency'));
    expect([local.statusCode, local.json().error.message]).toEqual([400, AD_MEDIA_TEXTS.notSimplifiCampaign]);
    expect(
      (await put(rt, `/media/${media.id}`, { campaign_id: summitCampaign }, token('agency'))).statusCode,
    ).toBe(404);
    const empty = await put(rt, `/media/${media.id}`, {}, token('agency'));
    expect([empty.statusCode, empty.json().error.message]).toEqual([400, AD_MEDIA_TEXTS.nothingToUpdate]);
    const badUrl = await put(rt, `/media/${media.id}`, { click_url: 'javascript:alert(1)' }, token('agency'));
    expect([badUrl.statusCode, badUrl.json().error.message]).toEqual([400, AD_MEDIA_TEXTS.clickUrlInvalid]);
  });

  it('keeps media the platform made an ad of with their campaign (the public face records it)', async () => {
    const media = await uploaded('agency', { campaign_id: simplifiCampaign });
    await rt.services.adMedia.recordPlatformAd(media.id, 'ad-123');
    const moved = await put(rt, `/media/${media.id}`, { campaign_id: null }, token('agency'));
    expect([moved.statusCode, moved.json().error.message]).toEqual([409, AD_MEDIA_TEXTS.onPlatform]);
    const ofCampaign = await rt.services.adMedia.mediaOfCampaign(simplifiCampaign);
    expect(ofCampaign.find((m) => m.id === media.id)).toMatchObject({
      platformAdId: 'ad-123',
      width: 300,
      height: 250,
    });
    expect((await rt.services.adMedia.fileOf(media.id))?.bytes.equals(png(300, 250))).toBe(true);
  });
});

describe('single-use download links', () => {
  it('answers the file once, as an attachment of its own type with no sniffing; then never again', async () => {
    const file = image(160, 600);
    const media = await uploaded('agency', { campaign_id: simplifiCampaign, name: 'Sky "tall"' }, file);
    const url = await linkFor('client', [media.id]);
    expect(url).toMatch(/^\/api\/media\/download\/[A-Za-z0-9_-]{43}$/);
    const first = await rt.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(file.bytes)).toBe(true);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['content-disposition']).toMatch(/^attachment; filename="Sky _tall_\.png"/);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['content-security-policy']).toContain('sandbox');
    const again = await rt.app.inject({ url });
    expect([again.statusCode, again.json().error.message]).toEqual([404, AD_MEDIA_TEXTS.linkUsed]);
  });

  it('gives an HTML5 ad as application/zip, never as a page; several media as one archive', async () => {
    const zip = html5AdOf(320, 50);
    const html5 = await uploaded(
      'agency',
      { kind: 'html5', company_id: harbor },
      { bytes: zip, name: 'm.zip', type: 'application/zip' },
    );
    const one = await rt.app.inject({ url: await linkFor('agency', [html5.id]) });
    expect(one.headers['content-type']).toBe('application/zip');
    expect(one.rawPayload.equals(zip)).toBe(true);
    const picture = await uploaded('agency', { company_id: harbor, name: 'Pic' });
    const both = await rt.app.inject({ url: await linkFor('agency', [html5.id, picture.id]) });
    expect(both.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(both.rawPayload));
    expect(Object.keys(entries).sort()).toEqual([`${html5.id}-m.zip`, `${picture.id}-Pic.png`].sort());
    expect(Buffer.from(entries[`${picture.id}-Pic.png`] ?? []).equals(png(300, 250))).toBe(true);
  });

  it('lets exactly one of 20 concurrent uses of a link have the file', async () => {
    const media = await uploaded('agency', { company_id: harbor });
    const url = await linkFor('agency', [media.id]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => rt.app.inject({ url })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(19);
  });

  it('expires a link after five minutes and refuses unknown and malformed tokens', async () => {
    const media = await uploaded('agency', { company_id: harbor });
    const url = await linkFor('agency', [media.id]);
    await rt.database.db.execute(
      sql`update ad_media_download_tokens set expires_at = now() - interval '1 second' where used_at is null`,
    );
    expect((await rt.app.inject({ url })).statusCode).toBe(404);
    expect((await rt.app.inject({ url: `/api/media/download/${'A'.repeat(43)}` })).statusCode).toBe(404);
    expect((await rt.app.inject({ url: '/api/media/download/short' })).statusCode).toBe(404);
    const stored = await queryRows<{ token_hash: string }>(
      rt.database.db,
      sql`select token_hash from ad_media_download_tokens`,
    );
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    expect(stored.some((r) => url.endsWith(r.token_hash))).toBe(false);
  });
});

describe('who may', () => {
  it('answers another agency’s, a sibling client’s and another system’s media as unknown (404)', async () => {
    const media = await uploaded('client', {});
    for (const person of ['summit', 'cedar', 'otherSystem']) {
      expect((await get(rt, `/generate-download-token/${media.id}`, token(person))).statusCode, person).toBe(
        404,
      );
      expect((await put(rt, `/media/${media.id}`, { name: 'Mine' }, token(person))).statusCode, person).toBe(
        404,
      );
      expect((await get(rt, `/media/user/${people.client?.id}`, token(person))).statusCode, person).toBe(404);
      expect((await get(rt, `/media/campaign/${simplifiCampaign}`, token(person))).statusCode, person).toBe(
        404,
      );
    }
    // One foreign id among own ones refuses the whole link.
    const own = await uploaded('agency', { company_id: harbor });
    const summitMedia = await rt.services.adMedia.addGenerated({
      userId: people.summit?.id ?? 0,
      campaignId: summitCampaign,
      name: 'Summit ad',
      png: png(300, 250),
      clickUrl: null,
    });
    expect(
      (await get(rt, `/generate-download-token/${own.id},${summitMedia.id}`, token('agency'))).statusCode,
    ).toBe(404);
  });

  it('keeps Simplifi media from agencies that may not open Simplifi, and from the system’s staff', async () => {
    const summitOwn = await get(rt, `/media/user/${people.summit?.id}`, token('summit'));
    expect(summitOwn.statusCode).toBe(404);
    expect((await upload('summit', { kind: 'image' }, image())).statusCode).toBe(404);
    expect((await upload('root', { kind: 'image', company_id: harbor }, image())).statusCode).toBe(404);
    const rootList = await get(rt, `/media/user/${people.client?.id}`, token('root'));
    expect(rootList.statusCode, rootList.body).toBe(200);
  });

  it('needs the role’s LeadsPeek switches: an administrator without them is refused (403)', async () => {
    const { db } = rt.database;
    const [role] = await queryRows<{ id: number }>(
      db,
      sql`insert into roles (company_id, name) values (${northwind}, 'Viewer') returning id`,
    );
    await db.execute(sql`insert into role_permissions (role_id, module, can_enable, can_create, can_update, can_delete)
      select ${role?.id}, m, true, false, false, false
      from unnest(array['ads_design', 'campaign', 'leadspeek', 'settings']::role_module[]) as m`);
    await db.execute(
      sql`update users set role_id = ${role?.id} where email = ${DEMO.northwind.administrator.email}`,
    );
    const admin = await who(rt, DEMO.northwind.administrator.email);
    people.admin = admin;
    expect((await upload('admin', { kind: 'image', company_id: harbor }, image())).statusCode).toBe(403);
    expect((await get(rt, `/media/user/${admin.id}`, admin.token)).statusCode).toBe(200);
  });
});
