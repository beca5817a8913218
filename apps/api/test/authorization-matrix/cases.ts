import { type Database, firstRow, sql } from '@app/db';
import { AGENCY_ZOOM_MATRIX_CASES } from './agency-zoom-cases.js';
import { AGREEMENTS_MATRIX_CASES } from './agreements-cases.js';
import { AUDIENCE_MATRIX_CASES } from './audience-cases.js';
import { BANNER_MATRIX_CASES } from './banner-cases.js';
import { BILLING_MATRIX_CASES } from './billing-cases.js';
import { CAMPAIGN_MATRIX_CASES } from './campaign-cases.js';
import { CARDS_MATRIX_CASES } from './cards-cases.js';
import { CLICK_FUNNELS_MAILBOXPOWER_MATRIX_CASES } from './click-funnels-mailboxpower-cases.js';
import { DATA_WALLET_MATRIX_CASES } from './data-wallet-cases.js';
import { DEVELOPER_MATRIX_CASES } from './developer-cases.js';
import { EXCLUSION_MATRIX_CASES } from './exclusion-cases.js';
import { GOHIGHLEVEL_MATRIX_CASES } from './gohighlevel-cases.js';
import { INTEGRATION_MATRIX_CASES } from './integration-cases.js';
import { KEYWORD_COUNT_MATRIX_CASES } from './keyword-count-cases.js';
import { LEAD_REPORT_MATRIX_CASES } from './lead-report-cases.js';
import { MEDIA_MATRIX_CASES } from './media-cases.js';
import { PAYMENT_ACCOUNT_MATRIX_CASES } from './payment-account-cases.js';
import { PREPAID_MATRIX_CASES } from './prepaid-cases.js';
import { SENDGRID_KARTRA_MATRIX_CASES } from './sendgrid-kartra-cases.js';
import { SENDJIM_MATRIX_CASES } from './sendjim-cases.js';
import { SETTINGS_MATRIX_CASES } from './settings-cases.js';
import { SIMPLIFI_MATRIX_CASES } from './simplifi-cases.js';
import { USERS_MATRIX_CASES } from './users-cases.js';
import { type Actor, type IdResource, LIKE, type Person, type PersonIds } from './world.js';

/**
 * One row per (route, id it takes): how to call the route as a principal with the varied id in
 * place, every other id being one of the principal's own. `inScope` states a route's own rule for
 * ids inside the caller's scope when the route is narrower than its scope (e.g. only oneself);
 * without it an id in scope must get past the access layer (anything but 401, 403, 404 or 5xx).
 * Every route with a `user` rule must have at least one row: the matrix test fails otherwise.
 */
export interface MatrixCase {
  route: string;
  vary: { resource: IdResource; field: string } | null;
  request(ctx: CaseContext): Promise<MatrixRequest> | MatrixRequest;
  inScope?: (p: Actor, subject: Person, ctx: CaseContext) => readonly number[] | 'pass';
  /** The principal's own row is accepted even where the scope oracle says it is outside. */
  ownOutsideScope?: boolean;
  /** Runs after every other row (it ends the principal's session). */
  last?: boolean;
}

export interface MatrixRequest {
  url: string;
  body?: unknown;
  /** Multipart and other bodies sent as they are, without the dt envelope. */
  raw?: { payload: string; contentType: string };
}

export interface CaseContext {
  p: Actor;
  /** The varied id as sent: a number, or 'abc' for the malformed kind. */
  id: number | string;
  subject: Person | null;
  /** The principal's own ids; for sales staff the company is their linked agency (Northwind). */
  home: PersonIds;
  ids: Record<Person, PersonIds>;
  db: Database;
}

const PASS = 'pass' as const;
const onlySelf = (p: Actor, subject: Person) => (subject === p ? PASS : [404]);

/** View mode and single sign-on: the system user anyone of the system but themselves; agency staff their clients. */
const actAsOracle = (p: Actor, subject: Person) => {
  if (subject === p) return [400, 404];
  if (p === 'system') return PASS;
  return subject === 'client' || subject === 'siblingClient' ? PASS : [404];
};

/** Report Analytics: the system user, and whoever the system user is acting as (global view mode). */
const reportReaders = (_p: Actor, _subject: Person, ctx: CaseContext) =>
  ctx.p === 'system' || ctx.p === 'viewMode' ? PASS : [404];

const isClient = (person: Person) => person === 'client' || person === 'siblingClient';

/**
 * A fresh group or role in the varied id's company, for routes that delete what they are given:
 * every case then has something of its own to delete.
 */
async function fresh(ctx: CaseContext, table: 'company_groups' | 'roles'): Promise<number | string> {
  if (typeof ctx.id === 'string' || !ctx.subject) return ctx.id;
  const company = ctx.ids[ctx.subject].company;
  const { rows } = (await ctx.db.execute(
    table === 'roles'
      ? sql`insert into roles (company_id, name) values (${company}, ${`matrix victim ${Math.random()}`}) returning id`
      : sql`insert into company_groups (company_id, name) values (${company}, ${`matrix victim ${Math.random()}`}) returning id`,
  )) as unknown as { rows: { id: number }[] };
  return Number(firstRow(rows, 'fresh row').id);
}

export const MATRIX_CASES: MatrixCase[] = [
  // identity and session
  { route: 'GET /api/user', vary: null, request: () => ({ url: '/api/user' }) },
  {
    route: 'GET /api/user/:usrID',
    vary: { resource: 'user', field: 'usrID' },
    request: ({ id }) => ({ url: `/api/user/${id}` }),
  },
  {
    route: 'GET /api/user/checksetupcomplete/:usrID',
    vary: { resource: 'user', field: 'usrID' },
    request: ({ id }) => ({ url: `/api/user/checksetupcomplete/${id}` }),
  },
  {
    route: 'GET /api/user/onboarding-status/:user_id',
    vary: { resource: 'user', field: 'user_id' },
    request: ({ id }) => ({ url: `/api/user/onboarding-status/${id}` }),
  },
  {
    route: 'POST /api/user/resetpassword',
    vary: { resource: 'user', field: 'usrID' },
    // A wrong current password: in scope it answers 400 and changes nothing.
    request: ({ id }) => ({
      url: '/api/user/resetpassword',
      body: { usrID: id, currpassword: 'not-the-password', newpassword: 'Another!2026pass' },
    }),
    inScope: (p, subject) => (subject === p ? [400] : [404]),
  },
  {
    route: 'GET /api/setting/twofactorauth/:userId',
    vary: { resource: 'user', field: 'userId' },
    request: ({ id }) => ({ url: `/api/setting/twofactorauth/${id}` }),
    inScope: onlySelf,
  },
  {
    route: 'PUT /api/setting/twofactorauth/:userId',
    vary: { resource: 'user', field: 'userId' },
    // Switching two-factor off for someone who has it off changes nothing.
    request: ({ id, home }) => ({
      url: `/api/setting/twofactorauth/${id}`,
      body: { userId: home.user, two_factor_auth: false, two_factor_auth_type: null },
    }),
    inScope: onlySelf,
  },
  {
    route: 'GET /api/setting/get-google-tfa/:userId/:companyId',
    vary: { resource: 'user', field: 'userId' },
    request: ({ id, ids, p }) => ({ url: `/api/setting/get-google-tfa/${id}/${ids[p].company}` }),
    inScope: onlySelf,
  },
  {
    route: 'GET /api/setting/get-google-tfa/:userId/:companyId',
    vary: { resource: 'company', field: 'companyId' },
    request: ({ id, ids, p }) => ({ url: `/api/setting/get-google-tfa/${ids[p].user}/${id}` }),
    // Only one's own company, which for sales staff lies outside the company scope.
    inScope: onlySelf,
    ownOutsideScope: true,
  },
  {
    route: 'POST /api/general/user-log-saved',
    vary: { resource: 'user', field: 'target_userID' },
    request: ({ id, home }) => ({
      url: '/api/general/user-log-saved',
      body: { userID: home.user, action: 'matrix', desc: 'authorization matrix', target_userID: id },
    }),
  },
  {
    route: 'POST /api/configuration/user/switch',
    vary: { resource: 'user', field: 'usrID' },
    request: ({ id }) => ({ url: '/api/configuration/user/switch', body: { usrID: id } }),
    inScope: actAsOracle,
  },
  {
    route: 'POST /api/configuration/user/revert-view-mode',
    vary: null,
    request: () => ({ url: '/api/configuration/user/revert-view-mode', body: {} }),
    // A single sign-on session has no session of the issuer's behind it to return to: sign in again.
    inScope: (_p, _s, ctx) => (ctx.p === 'singleSignOn' ? [401] : PASS),
    // Ends the view-mode session it is called in.
    last: true,
  },
  {
    route: 'POST /api/v1/developer/sso/create',
    vary: { resource: 'user', field: 'userID' },
    request: ({ id }) => ({ url: '/api/v1/developer/sso/create', body: { userID: id, host: 'localhost' } }),
    inScope: actAsOracle,
  },
  {
    route: 'POST /api/general/referralink/create',
    vary: { resource: 'user', field: 'userID' },
    request: ({ id }) => ({ url: '/api/general/referralink/create', body: { userID: id } }),
    inScope: onlySelf,
  },
  {
    route: 'PUT /api/leadspeek/user/setupcomplete',
    vary: { resource: 'user', field: 'usrID' },
    request: ({ id }) => ({
      url: '/api/leadspeek/user/setupcomplete',
      body: { usrID: id, statuscomplete: 'T' },
    }),
    inScope: onlySelf,
  },
  // A client's campaign setup names a company group (decision 0094): the group list's company (a
  // client's agency, a company's own staff's) or a client's own, so of the groups in anyone's scope
  // only their own company's gets past (then non-clients get 400); sales staff have no group list.
  {
    route: 'PUT /api/leadspeek/user/setupcomplete',
    vary: { resource: 'group', field: 'companyGroupID' },
    request: ({ id, home }) => ({
      url: '/api/leadspeek/user/setupcomplete',
      body: { usrID: home.user, statuscomplete: 'T', companyGroupID: id },
    }),
    inScope: onlySelf,
  },
  {
    route: 'POST /api/user/update',
    vary: null,
    // An empty multipart form: signed-in people get past access and are told what is missing.
    request: () => ({
      url: '/api/user/update',
      raw: { payload: '--matrix--\r\n', contentType: 'multipart/form-data; boundary=matrix' },
    }),
  },
  { route: 'GET /api/outbox', vary: null, request: () => ({ url: '/api/outbox' }) },
  { route: 'POST /api/logout', vary: null, request: () => ({ url: '/api/logout', body: {} }), last: true },

  // company groups
  {
    route: 'GET /api/company/group/:companyID/:module',
    vary: { resource: 'company', field: 'companyID' },
    request: ({ id }) => ({ url: `/api/company/group/${id}/all` }),
  },
  {
    // The company the sidebar's group list reads (spec 2 §6 "Clients use the parent company for the
    // group list"): a client its agency, staff their own company, sales staff their linked agency.
    route: 'GET /api/company/group/:companyID/:module',
    vary: null,
    request: ({ p, ids, home }) => ({
      url: `/api/company/group/${LIKE[p] === 'client' ? ids.agencyOwner.company : home.company}/all`,
    }),
  },
  {
    route: 'POST /api/company/group',
    vary: { resource: 'company', field: 'companyID' },
    request: ({ id }) => ({
      url: '/api/company/group',
      body: { companyGroupName: 'matrix group', companyID: id },
    }),
  },
  {
    route: 'DELETE /api/company/group/remove/:companyGroupID',
    vary: { resource: 'group', field: 'companyGroupID' },
    request: async (ctx) => ({ url: `/api/company/group/remove/${await fresh(ctx, 'company_groups')}` }),
  },

  // roles
  {
    route: 'GET /api/configuration/role-module/:getType/:companyID/:roleID/:usrID',
    vary: { resource: 'company', field: 'companyID' },
    request: ({ id, home }) => ({ url: `/api/configuration/role-module/getrole/${id}/0/${home.user}` }),
  },
  {
    route: 'GET /api/configuration/role-module/:getType/:companyID/:roleID/:usrID',
    vary: { resource: 'user', field: 'usrID' },
    request: ({ id, home }) => ({ url: `/api/configuration/role-module/getrole/${home.company}/0/${id}` }),
  },

  {
    route: 'PUT /api/configuration/role-module/addupdate',
    vary: { resource: 'company', field: 'companyID' },
    request: ({ id }) => ({
      url: '/api/configuration/role-module/addupdate',
      body: { companyID: id, roleName: `matrix role ${Math.random()}` },
    }),
    // Roles belong to root companies and agencies, not to clients.
    inScope: (_p, subject) => (isClient(subject) ? [400, 404] : PASS),
  },
  {
    route: 'DELETE /api/configuration/role-module/remove/:companyID/:roleID',
    vary: { resource: 'company', field: 'companyID' },
    request: async (ctx) => ({
      url: `/api/configuration/role-module/remove/${ctx.id}/${await fresh(ctx, 'roles')}`,
    }),
    inScope: (_p, subject) => (isClient(subject) ? [400, 404] : PASS),
  },
  {
    route: 'DELETE /api/configuration/role-module/remove/:companyID/:roleID',
    vary: { resource: 'role', field: 'roleID' },
    // The role must be the named company's: only the principal's own company's roles match.
    request: async (ctx) => ({
      url: `/api/configuration/role-module/remove/${ctx.home.company}/${await fresh(ctx, 'roles')}`,
    }),
    inScope: (p, subject, ctx) =>
      ctx.ids[subject].company === ctx.home.company && !isClient(p) ? PASS : [404],
  },

  // user logs (agency and system staff; 9999 means all)
  ...(['show-user', 'show-campaigns', 'log-user'] as const).map(
    (call): MatrixCase => ({
      route: `POST /api/configuration/user/${call}`,
      vary: { resource: 'company', field: 'companyID' },
      request: ({ id }) => ({ url: `/api/configuration/user/${call}`, body: { companyID: id } }),
    }),
  ),
  {
    route: 'POST /api/configuration/user/log-category',
    vary: null,
    request: () => ({ url: '/api/configuration/user/log-category', body: {} }),
  },
  {
    route: 'GET /api/configuration/user/log-download/:company/:userType/:user/:category/:dateRange/:campaign',
    vary: { resource: 'company', field: 'company' },
    request: ({ id }) => ({ url: `/api/configuration/user/log-download/${id}/all/all/all/all/all` }),
  },
  {
    route: 'GET /api/configuration/user/log-download/:company/:userType/:user/:category/:dateRange/:campaign',
    vary: { resource: 'user', field: 'user' },
    request: ({ id, home }) => ({
      url: `/api/configuration/user/log-download/${home.company}/all/${id}/all/all/all`,
    }),
    // The company filter covers the company's whole tree: anyone in scope below it is a valid filter.
  },

  // reports (report analytics: system users of the root company; root revenue and agencies report: root only)
  {
    route: 'GET /api/configuration/report-analytics/:start/:end/:companyid/:campaignid',
    vary: { resource: 'company', field: 'companyid' },
    request: ({ id }) => ({ url: `/api/configuration/report-analytics/2026-01-01/2026-01-31/${id}/0` }),
    inScope: reportReaders,
  },
  // One campaign of the company (decision 0083): the system user's root company holds every campaign
  // of the system; an agency's holds its clients' (the matrix's agency campaign is its own client row).
  {
    route: 'GET /api/configuration/report-analytics/:start/:end/:companyid/:campaignid',
    vary: { resource: 'campaign', field: 'campaignid' },
    request: ({ id, home }) => ({
      url: `/api/configuration/report-analytics/2026-01-01/2026-01-31/${home.company}/${id}`,
    }),
    inScope: (_p, subject, ctx) =>
      ctx.p === 'system' || (ctx.p === 'viewMode' && isClient(subject)) ? PASS : [404],
  },
  {
    route: 'GET /api/configuration/get-under-perform-campaigns',
    vary: { resource: 'campaign', field: 'campaign_ids' },
    request: ({ id }) => ({
      url: `/api/configuration/get-under-perform-campaigns?campaign_ids=${id}&selected_date=2026-01-01`,
    }),
  },
  {
    route: 'GET /api/configuration/report-analytics/:start/:end/:companyrootid',
    vary: { resource: 'company', field: 'companyrootid' },
    request: ({ id }) => ({ url: `/api/configuration/report-analytics/0/0/${id}` }),
    inScope: reportReaders,
  },
  {
    route: 'GET /api/configuration/root-revenue/:startDate/:endDate',
    vary: null,
    request: () => ({ url: '/api/configuration/root-revenue/2026-01-01/2026-01-31' }),
    inScope: (p) => (p === 'system' ? PASS : [404]),
  },
  {
    route: 'GET /api/configuration/agencies-report/:group/:sort/:order/:search',
    vary: null,
    request: () => ({ url: '/api/configuration/agencies-report/all/none/none/-' }),
    inScope: (p) => (p === 'system' ? PASS : [404]),
  },

  // sales people of an agency (system staff)
  {
    route: 'GET /api/configuration/sales/list/:companyID',
    vary: { resource: 'company', field: 'companyID' },
    request: ({ id }) => ({ url: `/api/configuration/sales/list/${id}` }),
  },
  {
    route: 'PUT /api/configuration/sales',
    vary: { resource: 'company', field: 'companyID' },
    // Sends the agency's current sales people back: in scope the answer is a save that changes nothing.
    request: async ({ id, db }) => {
      const links = typeof id === 'number' ? await salesLinksOf(db, id) : {};
      return {
        url: '/api/configuration/sales',
        body: {
          companyID: id,
          salesRep: links.sales_rep ?? null,
          salesAE: links.account_executive ?? null,
          salesRef: links.referrer ?? null,
        },
      };
    },
    // Only agencies have sales people.
    inScope: (_p, subject) => (subject === 'otherAgency' ? PASS : [400, 404]),
  },

  // agency, client and staff management (rows kept beside their routes)
  ...USERS_MATRIX_CASES,
  ...SETTINGS_MATRIX_CASES,
  ...CARDS_MATRIX_CASES,
  ...CAMPAIGN_MATRIX_CASES,
  ...LEAD_REPORT_MATRIX_CASES,
  ...PAYMENT_ACCOUNT_MATRIX_CASES,
  ...PREPAID_MATRIX_CASES,
  ...BILLING_MATRIX_CASES,
  ...AGREEMENTS_MATRIX_CASES,
  ...DATA_WALLET_MATRIX_CASES,
  ...EXCLUSION_MATRIX_CASES,
  ...MEDIA_MATRIX_CASES,
  ...BANNER_MATRIX_CASES,
  ...AUDIENCE_MATRIX_CASES,
  ...SIMPLIFI_MATRIX_CASES,
  ...KEYWORD_COUNT_MATRIX_CASES,
  ...INTEGRATION_MATRIX_CASES,
  ...GOHIGHLEVEL_MATRIX_CASES,
  ...SENDGRID_KARTRA_MATRIX_CASES,
  ...SENDJIM_MATRIX_CASES,
  ...AGENCY_ZOOM_MATRIX_CASES,
  ...CLICK_FUNNELS_MAILBOXPOWER_MATRIX_CASES,
  ...DEVELOPER_MATRIX_CASES,
];

async function salesLinksOf(db: Database, companyId: number): Promise<Record<string, number>> {
  const { rows } = (await db.execute(
    sql`select role, sales_user_id from company_sales_links where company_id = ${companyId}`,
  )) as unknown as { rows: { role: string; sales_user_id: number }[] };
  return Object.fromEntries(rows.map((r) => [r.role, Number(r.sales_user_id)]));
}
