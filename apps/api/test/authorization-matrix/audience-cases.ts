import { firstRow, sql } from '@app/db';
import type { CaseContext, MatrixCase } from './cases.js';
import { type Actor, openSimplifiInWorld, type Person } from './world.js';

/*
 * The audiences' routes (issue 24, decision 0114). Beyond the company scope, an audience's company
 * must be able to open the Simplifi module: each request first opens it to Northwind (a beta tester
 * on the master system) and its client Harbor Dental (`openSimplifiInWorld`: another row may have
 * reset the beta's testers); every other company — the root company,
 * Cedar Family (module off), Summit (no beta), Brightreach's (not the master system) — is answered
 * 404, as a missing id.
 */

/** The people whose company holds audiences in the world. */
const SIMPLIFI_OPEN: readonly Person[] = [
  'agencyOwner',
  'agencyAdmin',
  'agencyAdminNoPermissions',
  'agencyAdminSettingsUpdate',
  'viewMode',
  'client',
  'singleSignOn',
];
const PASS = 'pass' as const;
const simplifiOpen = (_p: Actor, subject: Person) => (SIMPLIFI_OPEN.includes(subject) ? PASS : [404]);

const company = (field: string) => ({ resource: 'company', field }) as const;

const uploadForm = (ctx: CaseContext) => {
  const b = 'matrixaudiences';
  const field = (name: string, value: string | number) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return {
    payload: `${field('companyID', ctx.id)}${field('name', 'Matrix audience')}${field('kind', 'email')}--${b}\r\nContent-Disposition: form-data; name="audiencefile"; filename="matrix.csv"\r\nContent-Type: text/csv\r\n\r\nmatrix.person@example.com\r\n--${b}--\r\n`,
    contentType: `multipart/form-data; boundary=${b}`,
  };
};

/** A fresh ready audience of the varied company, so every delete has one of its own to delete. */
async function freshAudience(ctx: CaseContext): Promise<number | string> {
  if (typeof ctx.id === 'string' || !ctx.subject) return ctx.id;
  const owner = ctx.ids[ctx.subject];
  const { rows } = (await ctx.db.execute(
    sql`insert into ad_audiences (system_id, company_id, agency_id, name, key_kind, file_name, status)
        select system_id, id, coalesce(case kind when 'client' then parent_id end, id), 'Matrix audience',
               'md5', 'matrix.csv', 'ready'
          from companies where id = ${owner.company}
        returning id`,
  )) as unknown as { rows: { id: number }[] };
  return Number(firstRow(rows, 'matrix audience').id);
}

export const AUDIENCE_MATRIX_CASES: MatrixCase[] = [
  {
    route: 'POST /api/leadspeek/simplifi/audience/upload',
    vary: company('companyID'),
    request: async (ctx) => {
      await openSimplifiInWorld(ctx.db);
      return { url: '/api/leadspeek/simplifi/audience/upload', raw: uploadForm(ctx) };
    },
    inScope: simplifiOpen,
  },
  {
    route: 'GET /api/leadspeek/simplifi/audience/:user_id',
    vary: { resource: 'user', field: 'user_id' },
    request: async (ctx) => {
      await openSimplifiInWorld(ctx.db);
      return { url: `/api/leadspeek/simplifi/audience/${ctx.id}` };
    },
    inScope: simplifiOpen,
  },
  {
    route: 'DELETE /api/leadspeek/simplifi/audience/:id',
    vary: company('id'),
    request: async (ctx) => {
      await openSimplifiInWorld(ctx.db);
      return { url: `/api/leadspeek/simplifi/audience/${await freshAudience(ctx)}` };
    },
    inScope: simplifiOpen,
  },
];
