import { asCents } from '@app/contracts';
import { firstRow, minimumSpendPlans } from '@app/db';
import type { CaseContext, MatrixCase } from './cases.js';

/**
 * The settings routes' rows of the authorization matrix. Bodies are chosen so that an answer past
 * the access layer changes nothing another row depends on (same subdomain, same custom domain,
 * zero onboarding charge, no package on an agency without one).
 */
const company = { resource: 'company', field: 'companyID' } as const;

/** A plan of the caller's system, made for a row that updates or deletes one. */
async function freshPlan(ctx: CaseContext): Promise<number> {
  const rows = await ctx.db
    .insert(minimumSpendPlans)
    .values({ systemId: ctx.ids[ctx.p].system, name: 'matrix plan', months: 1, flatMonthCents: asCents(100) })
    .returning({ id: minimumSpendPlans.id });
  return firstRow(rows, 'matrix plan').id;
}

const emptyImageForm = (id: number | string) => {
  const b = 'matrixsettings';
  const field = (name: string, value: string | number) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return {
    payload: `${field('companyID', id)}${field('kind', 'logo')}--${b}--\r\n`,
    contentType: `multipart/form-data; boundary=${b}`,
  };
};

const testEmail = (companyID: number | string) => ({
  fromAddress: 'matrix@example.test',
  subject: 'matrix',
  testEmailAddress: 'matrix@example.test',
  companyID,
});

export const SETTINGS_MATRIX_CASES: MatrixCase[] = [
  {
    route: 'GET /api/configuration/setting/:companyID/:settingname',
    vary: company,
    request: ({ id }) => ({ url: `/api/configuration/setting/${id}/costagency` }),
  },
  {
    route: 'PUT /api/configuration/setting',
    vary: company,
    request: ({ id }) => ({
      url: '/api/configuration/setting',
      body: { companyID: id, comsetname: 'paymenttermDefault', comsetval: null },
    }),
  },
  {
    route: 'PUT /api/configuration/setting',
    vary: { resource: 'system', field: 'idSys' },
    request: ({ id, home }) => ({
      url: '/api/configuration/setting',
      body: { companyID: home.company, idSys: id, comsetname: 'paymenttermDefault', comsetval: null },
    }),
  },
  {
    route: 'POST /api/configuration/setting/branding-image',
    vary: company,
    // No file: in scope the answer is 'Choose an image to upload.' (400).
    request: ({ id }) => ({ url: '/api/configuration/setting/branding-image', raw: emptyImageForm(id) }),
  },
  {
    route: 'DELETE /api/configuration/setting/branding-image/:companyID/:kind',
    vary: company,
    request: ({ id }) => ({ url: `/api/configuration/setting/branding-image/${id}/favicon` }),
  },
  {
    route: 'POST /api/configuration/setting/test-email',
    vary: company,
    // No SMTP server is saved in the matrix world: in scope the answer is 400, nothing is sent.
    request: ({ id }) => ({ url: '/api/configuration/setting/test-email', body: testEmail(id) }),
  },
  {
    route: 'POST /api/configuration/user/testsmtp',
    vary: company,
    request: ({ id }) => ({
      url: '/api/configuration/user/testsmtp',
      body: { companyID: id, emailsent: 'matrix@example.test' },
    }),
  },
  {
    route: 'PUT /api/configuration/cancel-subscription',
    vary: company,
    request: ({ id }) => ({ url: '/api/configuration/cancel-subscription', body: { companyID: id } }),
    // The agency owner, for its own agency only (the cancellation stays recorded on Northwind).
    inScope: (p, subject) => (subject === p ? 'pass' : [404]),
  },
  {
    route: 'PUT /api/configuration/onboarding/set',
    vary: { resource: 'company', field: 'CompanyID' },
    request: ({ id }) => ({
      url: '/api/configuration/onboarding/set',
      body: { CompanyID: id, amount: 0, enable_coupon: false },
    }),
  },
  {
    route: 'GET /api/configuration/onboarding/get',
    vary: company,
    request: ({ id }) => ({ url: `/api/configuration/onboarding/get?companyID=${id}` }),
  },
  {
    route: 'PUT /api/configuration/setting/package',
    vary: { resource: 'company', field: 'CompanyID' },
    request: ({ id }) => ({
      url: '/api/configuration/setting/package',
      body: { CompanyID: id, packageID: '' },
    }),
  },
  {
    route: 'GET /api/configuration/setting/minvaluesimplifi',
    vary: { resource: 'system', field: 'idsys' },
    request: ({ id }) => ({ url: `/api/configuration/setting/minvaluesimplifi?idsys=${id}` }),
  },
  {
    route: 'GET /api/configuration/setting/minleaddayenhance',
    vary: { resource: 'system', field: 'idSys' },
    request: ({ id }) => ({ url: `/api/configuration/setting/minleaddayenhance?idSys=${id}` }),
  },
  {
    route: 'PUT /api/configuration/subdomain',
    vary: company,
    // Northwind keeps its subdomain; for anyone else it is taken (400).
    request: ({ id }) => ({
      url: '/api/configuration/subdomain',
      body: { companyID: id, subdomain: 'northwind' },
    }),
  },
  {
    route: 'PUT /api/configuration/subdomain',
    vary: { resource: 'system', field: 'idsys' },
    request: ({ id, home }) => ({
      url: '/api/configuration/subdomain',
      body: { companyID: home.company, subdomain: 'northwind', idsys: id },
    }),
  },
  {
    route: 'PUT /api/configuration/update-custom-domain',
    vary: company,
    // Northwind keeps its domain (status unchanged); for anyone else it is taken (400).
    request: ({ id }) => ({
      url: '/api/configuration/update-custom-domain',
      body: { companyID: id, DownlineDomain: 'leads.northwind.test', whitelabelling: 'T' },
    }),
  },
  {
    route: 'PUT /api/configuration/retrydomainssl',
    vary: company,
    request: ({ id }) => ({
      url: '/api/configuration/retrydomainssl',
      body: { companyID: id, domain: 'not-theirs.example.com' },
    }),
  },
  {
    route: 'GET /api/company/whitelabel-domain/:companyID',
    vary: company,
    request: ({ id }) => ({ url: `/api/company/whitelabel-domain/${id}` }),
  },
  {
    route: 'GET /api/general/minimum-spend-config',
    vary: null,
    request: () => ({ url: '/api/general/minimum-spend-config' }),
  },
  {
    route: 'POST /api/general/minimum-spend-config',
    vary: null,
    request: () => ({
      url: '/api/general/minimum-spend-config',
      body: { planName: 'matrix plan', months: 1, flatMonth: '1' },
    }),
  },
  {
    route: 'PUT /api/general/minimum-spend-config',
    vary: null,
    request: async (ctx) => ({
      url: '/api/general/minimum-spend-config',
      body: { idMinimumSpend: await freshPlan(ctx), planName: 'matrix plan', months: 2, flatMonth: '2' },
    }),
  },
  {
    route: 'DELETE /api/general/minimum-spend-config',
    vary: null,
    request: async (ctx) => ({
      url: '/api/general/minimum-spend-config',
      body: { idMinimumSpend: await freshPlan(ctx) },
    }),
  },
  {
    route: 'PUT /api/general/set-default-minimum-spend-config',
    vary: null,
    request: async (ctx) => ({
      url: '/api/general/set-default-minimum-spend-config',
      body: { id: await freshPlan(ctx) },
    }),
  },
  {
    route: 'GET /api/general/minimum-spend-setting',
    vary: null,
    request: () => ({ url: '/api/general/minimum-spend-setting' }),
  },
  {
    route: 'PUT /api/general/minimum-spend-setting',
    vary: null,
    request: () => ({
      url: '/api/general/minimum-spend-setting',
      body: { status: false, first_month: '0', second_month: '0', monthly: '0' },
    }),
  },
  {
    route: 'GET /api/general/minimum-spend-user',
    vary: { resource: 'company', field: 'company_id' },
    request: ({ id }) => ({ url: `/api/general/minimum-spend-user?company_id=${id}` }),
  },
];
