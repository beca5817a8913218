import { firstRow, sql } from '@app/db';
import type { CaseContext, MatrixCase, MatrixRequest } from './cases.js';
import { openSimplifiInWorld } from './world.js';

/*
 * The ad-media routes (issue 24, decision 0113). A media's id is in scope when its company is, so the
 * rows vary a company and name a fresh media of it (the "own", sibling, other agency's and other
 * system's company each get one). The Simplifi gate is the caller's own company: each row first
 * opens Simplifi to Northwind and Harbor Dental (`openSimplifiInWorld`: another row may have reset the
 * beta's testers), the companies of every principal that reaches these actions (the system's staff
 * are not gated), so in scope every row gets past the access layer (the matrix campaigns are local,
 * which media refuse with 400).
 */

const company = (field: string) => ({ resource: 'company', field }) as const;

/** A fresh media of a company (an agency's own, or a client's under its agency). */
async function mediaOf(ctx: CaseContext, companyId: number): Promise<number> {
  const { rows } = (await ctx.db.execute(
    sql`insert into ad_media (system_id, company_id, agency_id, kind, origin, name, content_type, size_bytes,
          width, height, sha256, storage_key)
        select system_id, id, coalesce(case kind when 'client' then parent_id end, id), 'image', 'upload',
          'Matrix media', 'image/png', 1, 300, 250, 'matrix', 'ad-media/matrix-missing'
        from companies where id = ${companyId}
        returning id`,
  )) as unknown as { rows: { id: number }[] };
  return Number(firstRow(rows, 'matrix media').id);
}

/** A fresh media of the varied id's company; missing and malformed ids are sent as they are. */
const freshMedia = async (ctx: CaseContext): Promise<number | string> =>
  typeof ctx.id === 'string' || !ctx.subject ? ctx.id : mediaOf(ctx, ctx.ids[ctx.subject].company);

/**
 * The upload form with one field naming the varied id. Its file is text, not an image: ids are
 * checked before the bytes, so in scope the upload is refused by content (400), past the access layer.
 */
function uploadForm(field: 'company_id' | 'campaign_id', id: number | string): MatrixRequest['raw'] {
  const b = 'matrixmedia';
  const text = (name: string, value: string | number) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return {
    payload: `${text('kind', 'image')}${text(field, id)}--${b}\r\nContent-Disposition: form-data; name="file"; filename="m.png"\r\nContent-Type: image/png\r\n\r\nnot an image\r\n--${b}--\r\n`,
    contentType: `multipart/form-data; boundary=${b}`,
  };
}

/** The row with Simplifi opened before its request. */
const opened = (row: MatrixCase): MatrixCase => ({
  ...row,
  request: async (ctx) => {
    await openSimplifiInWorld(ctx.db);
    return row.request(ctx);
  },
});

export const MEDIA_MATRIX_CASES: MatrixCase[] = (
  [
    {
      route: 'POST /api/media/upload',
      vary: company('company_id'),
      request: ({ id }) => ({ url: '/api/media/upload', raw: uploadForm('company_id', id) }),
    },
    {
      route: 'POST /api/media/upload',
      vary: { resource: 'campaign', field: 'campaign_id' },
      request: ({ id }) => ({ url: '/api/media/upload', raw: uploadForm('campaign_id', id) }),
    },
    {
      route: 'GET /api/media/user/:user_id',
      vary: { resource: 'user', field: 'user_id' },
      request: ({ id }) => ({ url: `/api/media/user/${id}` }),
    },
    {
      route: 'GET /api/media/campaign/:campaign_id',
      vary: { resource: 'campaign', field: 'campaign_id' },
      request: ({ id }) => ({ url: `/api/media/campaign/${id}` }),
    },
    {
      route: 'PUT /api/media/:media_id',
      vary: company('media_id'),
      request: async (ctx) => ({
        url: `/api/media/${await freshMedia(ctx)}`,
        body: { name: 'Matrix renamed' },
      }),
    },
    {
      route: 'PUT /api/media/:media_id',
      vary: { resource: 'campaign', field: 'campaign_id' },
      // The caller's own media moved to the varied campaign: local in the world, so 400 in scope.
      request: async (ctx) => ({
        url: `/api/media/${await mediaOf(ctx, ctx.home.company)}`,
        body: { campaign_id: ctx.id },
      }),
    },
    {
      route: 'GET /api/generate-download-token/:media_ids',
      vary: company('media_ids'),
      request: async (ctx) => ({ url: `/api/generate-download-token/${await freshMedia(ctx)}` }),
    },
  ] satisfies MatrixCase[]
).map(opened);
