import { join } from 'node:path';
import { firstRow, sql } from '@app/db';
import { createLocalFileStorage } from '../../src/providers/files/local-file-storage.js';
import { png } from '../ad-creatives.js';
import { currentRun } from '../test-database.js';
import type { CaseContext, MatrixCase } from './cases.js';
import { openSimplifiInWorld } from './world.js';

/*
 * The banner builder's routes (issue 24, decision 0113). A banner's id is in scope when its company
 * is, so the rows vary a company and name a fresh banner of it, with a picture in the run's file
 * store (the product's own folder) so reading it answers the bytes. Saving a banner for a client is
 * refused with 400 (banners are agencies'), the matrix campaigns are local (attaching refuses them
 * with 400, Simplifi opened to Northwind first): both past the access layer. Who may act at all (the Ads Design switches, never
 * clients) is the policy's answer.
 */

const company = (field: string) => ({ resource: 'company', field }) as const;
const DESIGN = {
  headline: 'Matrix headline',
  text: 'Matrix text',
  cta: 'Go',
  clickUrl: 'https://matrix.example.com/',
  font: 'Inter',
  colors: {
    background: '#112233',
    headline: '#ffffff',
    text: '#eeeeee',
    ctaBackground: '#ff0000',
    ctaText: '#ffffff',
  },
};
const PICTURE_KEY = 'banner-images/matrix-picture';
let pictureStored = false;

/** A fresh banner of a company, with a stored picture. */
async function bannerOf(ctx: CaseContext, companyId: number): Promise<number> {
  if (!pictureStored) {
    await createLocalFileStorage(join(currentRun().dir, 'files')).put(PICTURE_KEY, png(40, 30), 'image/png');
    pictureStored = true;
  }
  const { rows } = (await ctx.db.execute(
    sql`insert into ad_banners (system_id, company_id, name, design, image_storage_key, image_content_type,
          image_width, image_height)
        select system_id, id, 'Matrix banner', ${JSON.stringify(DESIGN)}::jsonb, ${PICTURE_KEY}, 'image/png', 40, 30
        from companies where id = ${companyId}
        returning id`,
  )) as unknown as { rows: { id: number }[] };
  return Number(firstRow(rows, 'matrix banner').id);
}

/** A fresh banner of the varied id's company; missing and malformed ids are sent as they are. */
const freshBanner = async (ctx: CaseContext): Promise<number | string> =>
  typeof ctx.id === 'string' || !ctx.subject ? ctx.id : bannerOf(ctx, ctx.ids[ctx.subject].company);

/** The picture form naming the varied banner; the file is no image, so in scope it is a 400. */
const pictureForm = (bannerId: number | string) => {
  const b = 'matrixbanner';
  return {
    payload: `--${b}\r\nContent-Disposition: form-data; name="bannerID"\r\n\r\n${bannerId}\r\n--${b}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\nnot an image\r\n--${b}--\r\n`,
    contentType: `multipart/form-data; boundary=${b}`,
  };
};

const withBanner = (
  route: string,
  request: (bannerId: number | string, ctx: CaseContext) => { url: string; body?: unknown },
): MatrixCase => ({
  route,
  vary: company('banner_id'),
  request: async (ctx) => request(await freshBanner(ctx), ctx),
});

export const BANNER_MATRIX_CASES: MatrixCase[] = [
  {
    route: 'POST /api/banner/show',
    vary: company('companyID'),
    request: ({ id }) => ({ url: '/api/banner/show', body: { companyID: id } }),
  },
  {
    route: 'POST /api/banner/show',
    vary: company('bannerID'),
    request: async (ctx) => ({ url: '/api/banner/show', body: { bannerID: await freshBanner(ctx) } }),
  },
  {
    route: 'POST /api/banner/startbannercreate',
    vary: company('companyID'),
    request: ({ id }) => ({
      url: '/api/banner/startbannercreate',
      body: { companyID: id, name: 'Matrix new', design: DESIGN },
    }),
  },
  {
    route: 'POST /api/banner/startbannercreate',
    vary: company('bannerID'),
    request: async (ctx) => ({
      url: '/api/banner/startbannercreate',
      body: { bannerID: await freshBanner(ctx), name: 'Matrix saved', design: DESIGN },
    }),
  },
  withBanner('POST /api/banner/duplicate/:banner_id', (id) => ({ url: `/api/banner/duplicate/${id}` })),
  withBanner('DELETE /api/banner/:banner_id', (id) => ({ url: `/api/banner/${id}` })),
  {
    route: 'POST /api/banner/image',
    vary: company('bannerID'),
    request: async (ctx) => ({ url: '/api/banner/image', raw: pictureForm(await freshBanner(ctx)) }),
  },
  withBanner('DELETE /api/banner/image/:banner_id', (id) => ({ url: `/api/banner/image/${id}` })),
  withBanner('GET /api/banner/image/:banner_id', (id) => ({ url: `/api/banner/image/${id}` })),
  withBanner('GET /api/banner/export/:banner_id/:size', (id) => ({ url: `/api/banner/export/${id}/320x50` })),
  {
    route: 'POST /api/banner/attach',
    vary: company('bannerID'),
    request: async (ctx) => {
      await openSimplifiInWorld(ctx.db);
      return {
        url: '/api/banner/attach',
        body: { bannerID: await freshBanner(ctx), campaignID: ctx.home.campaign, sizes: ['320x50'] },
      };
    },
  },
  {
    route: 'POST /api/banner/attach',
    vary: { resource: 'campaign', field: 'campaignID' },
    request: async (ctx) => {
      await openSimplifiInWorld(ctx.db);
      return {
        url: '/api/banner/attach',
        body: { bannerID: await bannerOf(ctx, ctx.home.company), campaignID: ctx.id, sizes: ['320x50'] },
      };
    },
  },
];
