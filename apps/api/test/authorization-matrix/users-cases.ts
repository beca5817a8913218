import { firstRow, sql } from '@app/db';
import type { CaseContext, MatrixCase } from './cases.js';
import type { Actor, Person } from './world.js';

/**
 * Authorization-matrix rows for the users module (lists, management, row switches, root list,
 * sales downline), to be spread into MATRIX_CASES. They replace the two earlier rows of the list
 * route (sales staff get 404 there, decision 0014) and add a row for its group segment.
 *
 * Oracles for ids inside the caller's scope, from decision 0014: system staff manage the system;
 * agency staff their clients; account executives their agency's clients; nobody themselves.
 */
const PASS = 'pass' as const;
const LIST =
  'GET /api/configuration/user/:companyID/:group/:idsys/:userType/:module/:sortby/:order/:searchkey';
const isSales = (p: Actor) => p === 'sales' || p === 'accountExecutive';

/** The company a node must be named with: its parent for agencies and clients, its own for staff. */
async function nodeCompanyOf(ctx: CaseContext, userId: number | string): Promise<number | string> {
  if (typeof userId !== 'number') return ctx.home.company;
  const { rows } = (await ctx.db.execute(sql`select c.kind, c.id, c.parent_id, u.user_type
    from users u join companies c on c.id = u.company_id where u.id = ${userId}`)) as unknown as {
    rows: { kind: string; id: number; parent_id: number | null; user_type: string }[];
  };
  const row = rows[0];
  if (!row) return ctx.home.company;
  const node =
    (row.kind === 'agency' && row.user_type === 'userdownline') ||
    (row.kind === 'client' && row.user_type === 'client');
  return Number(node ? row.parent_id : row.id);
}

/**
 * Removal deletes what it is given: a fresh client of Northwind (for the sibling-client kind) or a
 * fresh agency of the master system (for the other-agency kind), so every case has its own victim.
 */
async function freshVictim(ctx: CaseContext): Promise<number | string> {
  if (typeof ctx.id !== 'number' || (ctx.subject !== 'siblingClient' && ctx.subject !== 'otherAgency'))
    return ctx.id;
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const agency = ctx.ids.agencyOwner.company;
  const { rows: roots } = (await ctx.db.execute(
    sql`select root_id, system_id from companies where id = ${agency}`,
  )) as unknown as { rows: { root_id: number; system_id: number }[] };
  const { root_id: root, system_id: system } = firstRow(roots, 'agency');
  const client = ctx.subject === 'siblingClient';
  const { rows } = (await ctx.db.execute(sql`insert into companies (system_id, kind, parent_id, root_id, name)
    values (${system}, ${client ? 'client' : 'agency'}, ${client ? agency : root}, ${root}, ${`Matrix victim ${tag}`})
    returning id`)) as unknown as { rows: { id: number }[] };
  const company = Number(firstRow(rows, 'victim company').id);
  const { rows: people } =
    (await ctx.db.execute(sql`insert into users (system_id, company_id, user_type, email, name)
    values (${system}, ${company}, ${client ? 'client' : 'userdownline'}, ${`victim.${tag}@matrix.test`}, 'Matrix victim')
    returning id`)) as unknown as { rows: { id: number }[] };
  return Number(firstRow(people, 'victim user').id);
}

/** An e-mail already in use, so an in-scope create answers 400 after every access check. */
const TAKEN = 'contact@harbordental.test';
const clientBody = (companyID: number | string, idsys: number | string) => ({
  companyID,
  idsys,
  userType: 'client',
  ClientCompanyName: 'Matrix Client',
  ClientFullName: 'Matrix Person',
  ClientEmail: TAKEN,
  ClientPhone: '3125550123',
});

/** Editing: system staff any node but themselves, agency staff and account executives their clients. */
const editOracle = (p: Actor, subject: Person): readonly number[] | 'pass' => {
  if (subject === p) return p === 'system' || p === 'agencyAdmin' ? [403] : [404];
  if (subject === 'siblingClient') return p === 'sales' ? [403] : PASS;
  return p === 'system' ? PASS : [404];
};

export const USERS_MATRIX_CASES: MatrixCase[] = [
  {
    route: LIST,
    vary: { resource: 'company', field: 'companyID' },
    request: ({ id, home }) => ({
      url: `/api/configuration/user/${id}/all/${home.system}/client/all/none/none/-`,
    }),
    // Sales staff use their downline (404); an account executive reads here only the clients of the
    // agency it is executive of, and no subject's company is that agency (own: the root company).
    inScope: (p) => (isSales(p) ? [404] : PASS),
  },
  {
    route: LIST,
    vary: { resource: 'company', field: 'companyID' },
    // The narrowing filters (decision 0094) read the named company's clients only: same answers.
    request: ({ id, home }) => ({
      url: `/api/configuration/user/${id}/all/${home.system}/client/local/none/none/-?CardStatus=without&CampaignStatus=inactive`,
    }),
    inScope: (p) => (isSales(p) ? [404] : PASS),
  },
  {
    route: LIST,
    vary: { resource: 'system', field: 'idsys' },
    request: ({ id, home }) => ({
      url: `/api/configuration/user/${home.company}/all/${id}/client/all/none/none/-`,
    }),
    // A sales person's home is Northwind: its account executive reads Northwind's clients (issue 20).
    inScope: (p) => (p === 'sales' ? [404] : PASS),
  },
  {
    route: LIST,
    vary: { resource: 'group', field: 'group' },
    request: ({ id, home }) => ({
      url: `/api/configuration/user/${home.company}/${id}/${home.system}/client/all/none/none/-`,
    }),
    // A group must be the listing company's own (the principal's own group); sales name no such group.
    inScope: (p, subject) => (subject === p && !isSales(p) ? PASS : [404]),
  },
  {
    route: 'GET /api/configuration/root/list',
    vary: null,
    request: () => ({ url: '/api/configuration/root/list' }),
    inScope: (p) => (p === 'system' ? PASS : [404]),
  },
  {
    route: 'GET /api/configuration/sales-downline/:companyID/:usrID/:idsys/:sort/:order/:search',
    vary: { resource: 'user', field: 'usrID' },
    request: ({ id, ids }) => ({
      url: `/api/configuration/sales-downline/${ids.system.company}/${id}/${ids.system.system}/none/none/-`,
    }),
    // Only a sales person's own downline (system staff: any sales person, and no subject here is one).
    inScope: (p, subject) => (isSales(p) && subject === p ? PASS : [404]),
  },
  {
    route: 'GET /api/configuration/sales-downline/:companyID/:usrID/:idsys/:sort/:order/:search',
    vary: { resource: 'system', field: 'idsys' },
    request: ({ id, ids, p }) => ({
      url: `/api/configuration/sales-downline/${ids.system.company}/${ids[p].user}/${id}/none/none/-`,
    }),
    inScope: (p) => (isSales(p) ? PASS : [404]),
  },
  {
    route: 'POST /api/configuration/user/create',
    vary: { resource: 'company', field: 'companyID' },
    request: ({ id, home }) => ({ url: '/api/configuration/user/create', body: clientBody(id, home.system) }),
  },
  {
    route: 'POST /api/configuration/user/create',
    vary: { resource: 'system', field: 'idsys' },
    request: ({ id, home }) => ({
      url: '/api/configuration/user/create',
      body: clientBody(home.company, id),
    }),
    // A sales representative (not account executive) may not add clients to Northwind.
    inScope: (p) => (p === 'sales' ? [403] : PASS),
  },
  {
    route: 'PUT /api/configuration/user/update',
    vary: { resource: 'user', field: 'ClientID' },
    // Writes the person's own name back: in scope the answer is a save that changes nothing.
    request: async (ctx) => {
      const { rows } = (await ctx.db.execute(
        sql`select name from users where id = ${typeof ctx.id === 'number' ? ctx.id : 0}`,
      )) as unknown as { rows: { name: string }[] };
      return {
        url: '/api/configuration/user/update',
        body: {
          ClientID: ctx.id,
          companyID: await nodeCompanyOf(ctx, ctx.id),
          ClientFullName: rows[0]?.name ?? 'Nobody',
        },
      };
    },
    inScope: editOracle,
  },
  {
    route: 'PUT /api/configuration/user/update',
    vary: { resource: 'company', field: 'companyID' },
    request: async (ctx) => ({
      url: '/api/configuration/user/update',
      body: { ClientID: ctx.ids.siblingClient.user, companyID: ctx.id, action: 'client' },
    }),
    // Only the client's own agency id matches (decision 0014: a mismatched company is 404).
    inScope: (p, subject) => (subject === p && (p === 'agencyOwner' || p === 'agencyAdmin') ? PASS : [404]),
  },
  {
    route: 'DELETE /api/configuration/user/remove/:companyID/:userID',
    vary: { resource: 'user', field: 'userID' },
    request: async (ctx) => {
      const victim = await freshVictim(ctx);
      return { url: `/api/configuration/user/remove/${await nodeCompanyOf(ctx, victim)}/${victim}` };
    },
    // Nobody removes themselves; sales never remove; system staff remove agencies and clients.
    inScope: (p, subject) => {
      if (subject === p) return p === 'system' || p === 'agencyAdmin' ? [403] : [404];
      if (subject === 'siblingClient') return isSales(p) ? [403] : PASS;
      return p === 'system' ? PASS : [404];
    },
  },
  {
    route: 'DELETE /api/configuration/user/remove/:companyID/:userID',
    vary: { resource: 'company', field: 'companyID' },
    request: async (ctx) => {
      const victim = await freshVictim({ ...ctx, subject: 'siblingClient', id: 0 });
      return { url: `/api/configuration/user/remove/${ctx.id}/${victim}` };
    },
    inScope: (p, subject) => (subject === p && (p === 'agencyOwner' || p === 'agencyAdmin') ? PASS : [404]),
  },
  {
    route: 'POST /api/configuration/user/resendinvitation',
    vary: { resource: 'user', field: 'ClientID' },
    // Everyone here has a password: in scope the answer is 400 (not invited), nothing is sent.
    request: ({ id }) => ({ url: '/api/configuration/user/resendinvitation', body: { ClientID: id } }),
    inScope: (p, subject) => {
      if (subject === p) return [403];
      if (subject === 'siblingClient') return p === 'sales' ? [403] : PASS;
      return p === 'system' ? PASS : [404];
    },
  },
  {
    route: 'PUT /api/configuration/user/manual-bill',
    vary: { resource: 'company', field: 'companyID' },
    request: ({ id }) => ({
      url: '/api/configuration/user/manual-bill',
      body: { companyID: id, manualBill: 'F' },
    }),
  },
  ...(['exclude-include-mininum-spend', 'exclude-include-onboard-charge'] as const).map(
    (path): MatrixCase => ({
      route: `PUT /api/configuration/setting/${path}`,
      vary: { resource: 'company', field: 'CompanyID' },
      request: ({ id }) => ({ url: `/api/configuration/setting/${path}`, body: { CompanyID: id } }),
    }),
  ),
];
