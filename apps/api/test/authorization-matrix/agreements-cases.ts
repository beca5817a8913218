import { sql } from '@app/db';
import type { CaseContext, MatrixCase } from './cases.js';

/**
 * The agreements and beta-feature routes' rows of the authorization matrix. Where a route's answer
 * in scope depends on data (a feature's gate, an acceptance to download), the row makes that data
 * first so an id in scope really gets past the access layer.
 */
const PASS = 'pass' as const;
const user = (field: string) => ({ resource: 'user', field }) as const;
const company = (field: string) => ({ resource: 'company', field }) as const;

const isSalesLike = (p: string) => p === 'sales' || p === 'accountExecutive';

/** One's own company for the body; sales staff send their linked agency, which is not theirs. */
const bodyCompany = (ctx: CaseContext) =>
  isSalesLike(ctx.p) || ctx.p === 'referrer' ? ctx.home.company : ctx.ids[ctx.p].company;

/** A feature made non-beta in the caller's system, so its gate is open to that system's agencies. */
export async function openFeature(ctx: CaseContext, feature: 1 | 2) {
  await ctx.db.execute(sql`insert into system_beta_features (system_id, feature_id, is_beta, apply_to_all_agency)
    values (${ctx.ids[ctx.p].system}, ${feature}, false, false) on conflict do nothing`);
}

/** An acceptance of the varied user, so a download link can be made for them. */
async function acceptanceOf(ctx: CaseContext) {
  if (typeof ctx.id !== 'number' || !ctx.subject) return;
  const ids = ctx.ids[ctx.subject];
  await ctx.db.execute(sql`insert into agreement_acceptances (system_id, company_id, user_id, accepted_by_user_id,
      document_id, document_name, document_version, party_name, content_sha256, company_name, ip)
    select ${ids.system}, ${ids.company}, ${ids.user}, ${ids.user}, d.id, d.name, d.version, 'matrix', 'matrix',
      'matrix', '192.0.2.1'
    from documents d where d.name = 'default_agency' and d.system_id is null order by d.version desc limit 1`);
}

const withdrawDeveloper = (userId: number | string, companyId: number | string) => ({
  user_id: userId,
  is_marketing_services_agreement_developer: 'F',
  company_id: companyId,
});

export const AGREEMENTS_MATRIX_CASES: MatrixCase[] = [
  {
    route: 'GET /api/marketing-services-agreement',
    vary: null,
    request: () => ({ url: '/api/marketing-services-agreement' }),
  },
  {
    route: 'GET /api/marketing-services-agreement/:company_id',
    vary: company('company_id'),
    request: ({ id }) => ({ url: `/api/marketing-services-agreement/${id}` }),
  },
  {
    // In scope: an agency answers its agreements; a client or root company is refused with 400.
    route: 'GET /api/agreement-minimum-spend-latest/:company_id',
    vary: company('company_id'),
    request: ({ id }) => ({ url: `/api/agreement-minimum-spend-latest/${id}` }),
  },
  {
    route: 'PUT /api/marketing-services-agreement',
    vary: user('user_id'),
    // Withdrawing (F) records nothing; only one's own, for one's own company.
    request: (ctx) => ({
      url: '/api/marketing-services-agreement',
      body: withdrawDeveloper(ctx.id, bodyCompany(ctx)),
    }),
    inScope: (p, subject) => (subject === p && !isSalesLike(p) ? PASS : [404]),
  },
  {
    route: 'PUT /api/marketing-services-agreement',
    vary: company('company_id'),
    request: (ctx) => ({
      url: '/api/marketing-services-agreement',
      body: withdrawDeveloper(ctx.home.user, ctx.id),
    }),
    inScope: (p, subject) => (subject === p ? PASS : [404]),
  },
  {
    route: 'PUT /api/marketing-services-agreement/:company_id',
    vary: company('company_id'),
    request: (ctx) => ({
      url: `/api/marketing-services-agreement/${ctx.id}`,
      body: withdrawDeveloper(ctx.home.user, typeof ctx.id === 'number' ? ctx.id : ctx.home.company),
    }),
    inScope: (p, subject) => (subject === p ? PASS : [404]),
  },
  {
    route: 'GET /api/marketing-services-agreement-feature/:user_id/:feature_id',
    vary: user('user_id'),
    request: ({ id }) => ({ url: `/api/marketing-services-agreement-feature/${id}/1` }),
  },
  {
    route: 'PUT /api/marketing-services-agreement-feature/:user_id/:feature_id',
    vary: user('user_id'),
    // b2b made non-beta: the agency's own people accept for it; nobody for someone else or a client.
    request: async (ctx) => {
      await openFeature(ctx, 2);
      return {
        url: `/api/marketing-services-agreement-feature/${ctx.id}/2`,
        body: { feature_id: 2, user_id: ctx.id, is_marketing_services_agreement_feature: 'T' },
      };
    },
    inScope: (p, subject) => (subject === p && (p === 'agencyOwner' || p === 'agencyAdmin') ? PASS : [404]),
  },
  {
    route: 'POST /api/general/user-service-agreement-confirm',
    vary: user('user_id'),
    request: ({ id }) => ({
      url: '/api/general/user-service-agreement-confirm',
      body: { user_id: id, document_type: 'default_agency' },
    }),
    inScope: (p, subject) => (subject === p ? PASS : [404]),
  },
  {
    route: 'POST /api/general/user-service-agreement-download/:user_id',
    vary: user('user_id'),
    request: async (ctx) => {
      await acceptanceOf(ctx);
      return { url: `/api/general/user-service-agreement-download/${ctx.id}`, body: {} };
    },
  },
  {
    route: 'POST /api/docauth',
    vary: null,
    // A link nobody made: past access it is gone (410) for everyone; a stand-in is refused first.
    request: () => ({ url: '/api/docauth', body: { pwd: 'not-the-password', urldata: 'a'.repeat(43) } }),
  },
  {
    route: 'GET /api/configuration/beta-features',
    vary: null,
    request: () => ({ url: '/api/configuration/beta-features' }),
  },
  {
    route: 'PUT /api/configuration/beta-features/:feature_id',
    vary: null,
    request: () => ({
      url: '/api/configuration/beta-features/3',
      body: { is_beta: true, apply_to_all_agency: false, testers: [] },
    }),
  },
  {
    route: 'GET /api/beta-feature/gate/:feature_id',
    vary: null,
    request: () => ({ url: '/api/beta-feature/gate/1' }),
  },
];
