import { AD_MEDIA_TEXTS, type AdMedia, BANNER_TEXTS, type Banner, IAB_SIZES } from '@app/contracts';
import { DEMO, queryRows, sql } from '@app/db';
import { Resvg } from '@resvg/resvg-js';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gif, png } from '../../../test/ad-creatives.js';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign } from '../../../test/kits/campaigns.js';
import { openSimplifi } from '../../../test/kits/simplifi-open.js';
import { companyByName, del, get, PEOPLE, post, type Who, who } from '../../../test/kits/users.js';
import { multipart } from '../../../test/multipart.js';
import { bearer } from '../../../test/sign-in.js';

/*
 * The banner builder through the routes (issue 24, decision 0113): save, show, duplicate, delete, the
 * picture checked by content, PNGs of every IAB size, attaching them to a Simplifi campaign as its
 * client's media, scope (another agency's banner is unknown) and the Ads Design switches.
 */

let rt: TestRuntime;
const people: Record<string, Who> = {};
let northwind: number;
let harbor: number;
let simplifiCampaign: number;
let localCampaign: number;
let summitCampaign: number;

const design = {
  headline: 'Spring cleaning, 30% off',
  text: 'Book before May 31 and smile brighter this summer.',
  cta: 'Book now',
  clickUrl: 'https://harbor.example.com/spring',
  font: 'Inter',
  colors: {
    background: '#1D3557',
    headline: '#ffffff',
    text: '#f1faee',
    ctaBackground: '#e63946',
    ctaText: '#ffffff',
  },
};

beforeAll(async () => {
  rt = await startTestRuntime({}, { IN_PROCESS_WORKER: 'false' });
  const { db } = rt.database;
  northwind = (await companyByName(rt, DEMO.northwind.name)).id;
  harbor = (await companyByName(rt, DEMO.northwind.clients[0].name)).id;
  await openSimplifi(db, northwind, [harbor]);
  people.agency = await who(rt, PEOPLE.northwind);
  people.client = await who(rt, PEOPLE.client);
  people.summit = await who(rt, PEOPLE.summit);
  people.root = await who(rt, PEOPLE.root);
  people.otherSystem = await who(rt, PEOPLE.otherAgency, DEMO.brightreach.domain);
  simplifiCampaign = (await insertCampaign(db, { module: 'simplifi', status: 'stopped' })).id;
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

async function saved(person = 'agency', body: Record<string, unknown> = {}): Promise<Banner> {
  const res = await post(rt, '/banner/startbannercreate', { name: 'Spring', design, ...body }, token(person));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const show = (person: string, body: Record<string, unknown>) => post(rt, '/banner/show', body, token(person));
/** `POST /banner/duplicate/{id}`: no body at all. */
const duplicate = (bannerId: number, bearerToken: string) =>
  rt.app.inject({ method: 'POST', url: `/api/banner/duplicate/${bannerId}`, headers: bearer(bearerToken) });

function uploadPicture(
  person: string,
  bannerId: number | string,
  file: { bytes: Buffer; name: string; type: string },
) {
  const form = multipart({ bannerID: bannerId }, { ...file, field: 'file' });
  return rt.app.inject({
    method: 'POST',
    url: '/api/banner/image',
    headers: { ...form.headers, ...bearer(token(person)) },
    payload: form.payload,
  });
}

const bannerCount = async () =>
  Number(
    (await queryRows<{ n: number }>(rt.database.db, sql`select count(*)::int as n from ad_banners`))[0]?.n,
  );
const mediaOf = async (campaignId: number) =>
  queryRows<{ id: number }>(rt.database.db, sql`select id from ad_media where campaign_id = ${campaignId}`);

/** A picture of random noise, which no PNG compresses: the weight limit's test. */
const noise = (side: number) =>
  new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="4" seed="7"/></filter><rect width="100%" height="100%" filter="url(#n)"/></svg>`,
  )
    .render()
    .asPng();

describe('saving and showing banners', () => {
  it('saves a new banner of the caller’s agency, shows it alone and in the list, and saves changes', async () => {
    const banner = await saved();
    expect(banner).toMatchObject({ name: 'Spring', company_id: northwind, image: null });
    expect(banner.design.colors.background).toBe('#1d3557');
    expect(banner.created_by).toBe(DEMO.northwind.owner.name);
    const one = await show('agency', { bannerID: banner.id });
    expect(one.json().data.map((b: Banner) => b.id)).toEqual([banner.id]);
    const changed = await post(
      rt,
      '/banner/startbannercreate',
      { bannerID: banner.id, name: 'Spring v2', design: { ...design, cta: 'Call us' } },
      token('agency'),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ id: banner.id, name: 'Spring v2' });
    const list = (await show('agency', {})).json().data as Banner[];
    expect(list[0]).toMatchObject({ id: banner.id, design: { cta: 'Call us' } });
  });

  it('refuses a design without a headline, with a colour that is no colour or a click address that is no web address', async () => {
    const before = await bannerCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...design, headline: '  ' }, BANNER_TEXTS.headlineRequired],
      [{ ...design, cta: 'x'.repeat(25) }, BANNER_TEXTS.ctaTooLong],
      [{ ...design, colors: { ...design.colors, text: 'red;background:url(x)' } }, 'Colour must be #rrggbb'],
      [{ ...design, clickUrl: 'javascript:alert(1)' }, AD_MEDIA_TEXTS.clickUrlInvalid],
      [{ ...design, font: 'Comic Sans' }, ''],
      [{ ...design, extra: 1 }, ''],
    ];
    for (const [bad, message] of cases) {
      const res = await post(rt, '/banner/startbannercreate', { name: 'Bad', design: bad }, token('agency'));
      expect(res.statusCode, res.body).toBe(400);
      if (message) expect(JSON.stringify(res.json().error)).toContain(message);
    }
    expect(await bannerCount()).toBe(before);
  });

  it('duplicates a banner with its picture and deletes one', async () => {
    const banner = await saved('agency', { name: 'Original' });
    expect(
      (await uploadPicture('agency', banner.id, { bytes: png(400, 300), name: 'p.png', type: 'image/png' }))
        .statusCode,
    ).toBe(200);
    const copy = await duplicate(banner.id, token('agency'));
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data).toMatchObject({ name: 'Original (copy)', image: { width: 400, height: 300 } });
    const copyId = copy.json().data.id;
    expect(copyId).not.toBe(banner.id);
    const removed = await del(rt, `/banner/${banner.id}`, token('agency'));
    expect([removed.statusCode, removed.json().message]).toEqual([200, BANNER_TEXTS.deleted]);
    expect((await show('agency', { bannerID: banner.id })).statusCode).toBe(404);
    // The copy keeps its picture after the original is gone.
    const picture = await get(rt, `/banner/image/${copyId}`, token('agency'));
    expect(picture.rawPayload.equals(png(400, 300))).toBe(true);
  });

  it('lets the system’s staff keep banners for an agency, never for a client', async () => {
    expect((await saved('root', { companyID: northwind })).company_id).toBe(northwind);
    const client = await post(
      rt,
      '/banner/startbannercreate',
      { name: 'C', design, companyID: harbor },
      token('root'),
    );
    expect([client.statusCode, client.json().error.message]).toEqual([400, BANNER_TEXTS.companyKind]);
  });
});

describe('the picture', () => {
  it('takes a PNG or JPEG checked by content and answers its bytes without sniffing', async () => {
    const banner = await saved();
    const bytes = png(640, 480);
    const res = await uploadPicture('agency', banner.id, { bytes, name: 'photo.png', type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.image).toEqual({ content_type: 'image/png', width: 640, height: 480 });
    const back = await get(rt, `/banner/image/${banner.id}`, token('agency'));
    expect(back.rawPayload.equals(bytes)).toBe(true);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    const removed = await del(rt, `/banner/image/${banner.id}`, token('agency'));
    expect(removed.json().data.image).toBeNull();
    expect((await get(rt, `/banner/image/${banner.id}`, token('agency'))).statusCode).toBe(404);
  });

  it('refuses HTML claiming to be a PNG, a GIF, an oversize file and a foreign banner id', async () => {
    const banner = await saved();
    const html = {
      bytes: Buffer.from('<html><script>alert(1)</script></html>'),
      name: 'a.png',
      type: 'image/png',
    };
    const cases: [{ bytes: Buffer; name: string; type: string }, number, string][] = [
      [html, 400, BANNER_TEXTS.imageType],
      [{ bytes: gif(300, 250), name: 'a.gif', type: 'image/gif' }, 400, BANNER_TEXTS.imageType],
      [
        {
          bytes: Buffer.concat([png(10, 10), Buffer.alloc(2 * 1024 * 1024)]),
          name: 'big.png',
          type: 'image/png',
        },
        413,
        BANNER_TEXTS.imageTooLarge,
      ],
    ];
    for (const [file, status, message] of cases) {
      const res = await uploadPicture('agency', banner.id, file);
      expect([res.statusCode, res.json().error.message]).toEqual([status, message]);
    }
    const png10 = { bytes: png(10, 10), name: 'p.png', type: 'image/png' };
    expect((await uploadPicture('summit', banner.id, png10)).statusCode).toBe(404);
    expect((await uploadPicture('agency', 'abc', png10)).statusCode).toBe(404);
    expect((await show('agency', { bannerID: banner.id })).json().data[0].image).toBeNull();
  });
});

describe('PNG export and attaching to a campaign', () => {
  it('renders every IAB size as a PNG download of exactly that size', async () => {
    const banner = await saved('agency', { name: 'Export me' });
    await uploadPicture('agency', banner.id, { bytes: png(800, 600), name: 'p.png', type: 'image/png' });
    for (const size of IAB_SIZES) {
      const res = await get(rt, `/banner/export/${banner.id}/${size.key}`, token('agency'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toContain(`filename="Export me-${size.key}.png"`);
      expect(imageSize(res.rawPayload)).toMatchObject({
        type: 'png',
        width: size.width,
        height: size.height,
      });
    }
    expect((await get(rt, `/banner/export/${banner.id}/250x250`, token('agency'))).statusCode).toBe(400);
  });

  it('adds the rendered sizes to a Simplifi campaign as its client’s media, with the design’s click address', async () => {
    const banner = await saved('agency', { name: 'Attach me' });
    const res = await post(
      rt,
      '/banner/attach',
      { bannerID: banner.id, campaignID: simplifiCampaign, sizes: ['300x250', '728x90'] },
      token('agency'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(BANNER_TEXTS.attached(2));
    const added = res.json().data as AdMedia[];
    expect(added.map((m) => [m.name, m.width, m.height])).toEqual([
      ['Attach me 300x250', 300, 250],
      ['Attach me 728x90', 728, 90],
    ]);
    for (const media of added)
      expect(media).toMatchObject({
        origin: 'builder',
        kind: 'image',
        content_type: 'image/png',
        company_id: harbor,
        campaign_id: simplifiCampaign,
        click_url: design.clickUrl,
      });
    const all = await post(
      rt,
      '/banner/attach',
      { bannerID: banner.id, campaignID: simplifiCampaign },
      token('agency'),
    );
    expect(all.json().data).toHaveLength(5);
    const listed = await get(rt, `/media/campaign/${simplifiCampaign}`, token('client'));
    expect(listed.json().data.filter((m: AdMedia) => m.origin === 'builder')).toHaveLength(7);
  });

  it('refuses other campaigns, clients, and a render heavier than an ad may be, adding nothing', async () => {
    const banner = await saved('agency', { name: 'Heavy' });
    const before = (await mediaOf(simplifiCampaign)).length;
    const local = await post(
      rt,
      '/banner/attach',
      { bannerID: banner.id, campaignID: localCampaign },
      token('agency'),
    );
    expect([local.statusCode, local.json().error.message]).toEqual([400, AD_MEDIA_TEXTS.notSimplifiCampaign]);
    expect(
      (await post(rt, '/banner/attach', { bannerID: banner.id, campaignID: summitCampaign }, token('agency')))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          rt,
          '/banner/attach',
          { bannerID: banner.id, campaignID: simplifiCampaign },
          token('client'),
        )
      ).statusCode,
    ).toBe(404);
    const picture = await uploadPicture('agency', banner.id, {
      bytes: noise(600),
      name: 'noise.png',
      type: 'image/png',
    });
    expect(picture.statusCode, picture.body).toBe(200);
    const heavy = await post(
      rt,
      '/banner/attach',
      { bannerID: banner.id, campaignID: simplifiCampaign },
      token('agency'),
    );
    expect(heavy.statusCode, heavy.body).toBe(413);
    expect(heavy.json().error.message).toMatch(/^The \d+×\d+ ad renders to \d+ KB, over the 150 KB/);
    expect((await mediaOf(simplifiCampaign)).length).toBe(before);
  });
});

describe('who may', () => {
  it('answers another agency’s or system’s banner as unknown (404) on every route, and clients never reach banners', async () => {
    const banner = await saved();
    for (const person of ['summit', 'otherSystem']) {
      expect((await show(person, { bannerID: banner.id })).statusCode, person).toBe(404);
      expect((await show(person, { companyID: northwind })).statusCode, person).toBe(404);
      expect(
        (
          await post(
            rt,
            '/banner/startbannercreate',
            { bannerID: banner.id, name: 'Mine', design },
            token(person),
          )
        ).statusCode,
      ).toBe(404);
      expect((await duplicate(banner.id, token(person))).statusCode).toBe(404);
      expect((await del(rt, `/banner/${banner.id}`, token(person))).statusCode).toBe(404);
      expect((await get(rt, `/banner/export/${banner.id}/300x250`, token(person))).statusCode).toBe(404);
      expect((await get(rt, `/banner/image/${banner.id}`, token(person))).statusCode).toBe(404);
    }
    expect((await show('client', {})).statusCode).toBe(404);
    expect((await show('agency', { bannerID: banner.id })).statusCode).toBe(200);
  });

  it('enforces the Ads Design switches: none 403, read-only reads but neither creates, saves nor deletes', async () => {
    const { db } = rt.database;
    const banner = await saved();
    const roleWith = async (name: string, enable: boolean) => {
      const [role] = await queryRows<{ id: number }>(
        db,
        sql`insert into roles (company_id, name) values (${northwind}, ${name}) returning id`,
      );
      await db.execute(sql`insert into role_permissions (role_id, module, can_enable, can_create, can_update, can_delete)
        values (${role?.id}, 'ads_design', ${enable}, false, false, false),
               (${role?.id}, 'leadspeek', true, true, true, true),
               (${role?.id}, 'settings', true, true, true, true),
               (${role?.id}, 'campaign', true, true, true, true)`);
      return role?.id ?? 0;
    };
    const admin = DEMO.northwind.administrator.email;
    await db.execute(
      sql`update users set role_id = ${await roleWith('No design', false)} where email = ${admin}`,
    );
    const none = await who(rt, admin);
    const refusal = await post(rt, '/banner/show', {}, none.token);
    expect(refusal.statusCode).toBe(403);
    // Attaching takes the campaign's switches, which this role has, and reading the banner, which it has not.
    const attach = { bannerID: banner.id, campaignID: simplifiCampaign, sizes: ['320x50'] };
    expect((await post(rt, '/banner/attach', attach, none.token)).statusCode).toBe(403);
    await db.execute(
      sql`update users set role_id = ${await roleWith('Design viewer', true)} where email = ${admin}`,
    );
    const viewer = await who(rt, admin);
    expect((await post(rt, '/banner/show', {}, viewer.token)).statusCode).toBe(200);
    expect((await get(rt, `/banner/export/${banner.id}/320x50`, viewer.token)).statusCode).toBe(200);
    const writes = [
      await post(rt, '/banner/startbannercreate', { name: 'New', design }, viewer.token),
      await post(
        rt,
        '/banner/startbannercreate',
        { bannerID: banner.id, name: 'Changed', design },
        viewer.token,
      ),
      await duplicate(banner.id, viewer.token),
      await del(rt, `/banner/${banner.id}`, viewer.token),
    ];
    expect(writes.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    expect((await show('agency', { bannerID: banner.id })).json().data[0].name).toBe('Spring');
  });
});
