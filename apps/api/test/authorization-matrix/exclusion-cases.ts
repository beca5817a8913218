import type { CaseContext, MatrixCase } from './cases.js';
import type { Actor, Person } from './world.js';

/*
 * The exclusion lists' routes (issue 22, decision 0092). A list is named by a company id and the
 * kind of list it keeps: the request sends the kind of the varied company (a root company's
 * opt-out list, an agency's list, a client's list). Within the company scope, the product guide's
 * rule (issue 22): the system's staff keep their system's opt-out list and any agency's, not a
 * client's; an agency's staff their own and their clients'; a client its own.
 */

const KIND_OF: Record<Person, 'optout' | 'agency' | 'client'> = {
  system: 'optout',
  rootAdmin: 'optout',
  sales: 'optout',
  accountExecutive: 'optout',
  referrer: 'optout',
  agencyOwner: 'agency',
  agencyAdmin: 'agency',
  agencyAdminNoPermissions: 'agency',
  agencyAdminSettingsUpdate: 'agency',
  viewMode: 'agency',
  singleSignOn: 'client',
  client: 'client',
  siblingClient: 'client',
  otherAgency: 'agency',
  otherAgencyClient: 'client',
  otherSystem: 'client',
};
const kindOf = (ctx: CaseContext) => (ctx.subject ? KIND_OF[ctx.subject] : 'client');

const PASS = 'pass' as const;
/** In scope: everyone keeps what their place allows, except system staff a client's list. */
const keeps = (p: Actor, subject: Person) => (p === 'system' && KIND_OF[subject] === 'client' ? [404] : PASS);
/** The opt-out list and its settings: only a root company names one. */
const optOutOnly = (_p: Actor, subject: Person) => (KIND_OF[subject] === 'optout' ? PASS : [404]);

const company = (field: string) => ({ resource: 'company', field }) as const;
const query = (ctx: CaseContext) => `companyId=${ctx.id}&campaignType=${kindOf(ctx)}`;

const uploadForm = (ctx: CaseContext) => {
  const b = 'matrixexclusions';
  const field = (name: string, value: string | number) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return {
    payload: `${field('ClientCompanyID', ctx.id)}${field('campaigntype', kindOf(ctx))}--${b}\r\nContent-Disposition: form-data; name="clientoptoutfile"; filename="matrix.csv"\r\nContent-Type: text/csv\r\n\r\nmatrix.person@example.com\r\n--${b}--\r\n`,
    contentType: `multipart/form-data; boundary=${b}`,
  };
};

export const EXCLUSION_MATRIX_CASES: MatrixCase[] = [
  {
    route: 'POST /api/tools/optout-client/upload',
    vary: company('ClientCompanyID'),
    request: (ctx) => ({ url: '/api/tools/optout-client/upload', raw: uploadForm(ctx) }),
    inScope: keeps,
  },
  ...(['progress', 'list', 'download'] as const).map(
    (call): MatrixCase => ({
      route: `GET /api/leadspeek/suppressionlist/${call}`,
      vary: company('companyId'),
      request: (ctx) => ({ url: `/api/leadspeek/suppressionlist/${call}?${query(ctx)}` }),
      inScope: keeps,
    }),
  ),
  {
    route: 'POST /api/leadspeek/suppressionlist/search',
    vary: company('companyId'),
    request: (ctx) => ({
      url: '/api/leadspeek/suppressionlist/search',
      body: { companyId: ctx.id, campaignType: kindOf(ctx), query: 'matrix.person@example.com' },
    }),
    inScope: keeps,
  },
  {
    route: 'DELETE /api/leadspeek/suppressionlist/purge/:paramID/:campaignType',
    vary: company('paramID'),
    request: (ctx) => ({ url: `/api/leadspeek/suppressionlist/purge/${ctx.id}/${kindOf(ctx)}` }),
    inScope: keeps,
  },
  {
    route: 'DELETE /api/tools/optout/purge/:companyRootId',
    vary: company('companyRootId'),
    request: (ctx) => ({ url: `/api/tools/optout/purge/${ctx.id}` }),
    inScope: optOutOnly,
  },
  {
    route: 'PUT /api/leadspeek/suppressionlist/settings',
    vary: company('companyRootId'),
    request: (ctx) => ({
      url: '/api/leadspeek/suppressionlist/settings',
      body: { companyRootId: ctx.id, uploadRowLimit: 10_000 },
    }),
    inScope: optOutOnly,
  },
];
