import { firstRow, queryRows, sql } from '@app/db';
import type { CaseContext, MatrixCase } from './cases.js';

/*
 * The Simplifi campaign routes (issue 24, decision 0110). Their campaign ids are scope-checked like
 * every campaign id; an id in scope gets past the access layer (the world's matrix campaigns are lead
 * campaigns, so the service answers 400 "This is not a Simplifi campaign." — past the layer).
 */
const campaign = (field: string) => ({ resource: 'campaign', field }) as const;
const company = (field: string) => ({ resource: 'company', field }) as const;

const BUDGET = {
  maxBid: '5',
  monthlyBudget: '300',
  dailyBudget: '10',
  goalType: 'cpm',
  goalValue: '0',
  agencyMarkup: 10,
};

/** The public id of the principal's own matrix campaign (the remaining-budget route takes it). */
async function ownPublicId(ctx: CaseContext): Promise<string> {
  const rows = await queryRows<{ public_id: string }>(
    ctx.db,
    sql`select public_id from campaigns where id = ${ctx.home.campaign}`,
  );
  return firstRow(rows, 'matrix campaign').public_id;
}

export const SIMPLIFI_MATRIX_CASES: MatrixCase[] = [
  {
    route: 'POST /api/leadspeek/simplifi',
    vary: company('clientID'),
    request: ({ id }) => ({
      url: '/api/leadspeek/simplifi',
      body: { clientID: id, campaignName: 'Matrix display', clickUrl: 'https://example.com/', ...BUDGET },
    }),
    // Harbor Dental may run Simplifi, but Northwind has not accepted the beta agreement in the world:
    // the beta gate's 403 (decision 0064); any other client in scope is refused past the layer.
    inScope: (_p, subject) => (subject === 'client' ? [403] : 'pass'),
  },
  {
    route: 'PUT /api/leadspeek/simplifi/:campaignId',
    vary: campaign('campaignId'),
    request: ({ id }) => ({ url: `/api/leadspeek/simplifi/${id}`, body: { campaignName: 'Matrix display' } }),
  },
  {
    route: 'GET /api/leadspeek/simplifi/details',
    vary: campaign('leadspeekID'),
    request: ({ id }) => ({ url: `/api/leadspeek/simplifi/details?leadspeekID=${id}` }),
  },
  {
    route: 'GET /api/leadspeek/simplifi/stats',
    vary: campaign('campaign_ids'),
    request: ({ id }) => ({ url: `/api/leadspeek/simplifi/stats?campaign_ids=${id}` }),
  },
  {
    route: 'GET /api/leadspeek/simplifi/campaign-reports/:campaign_id',
    vary: campaign('campaign_id'),
    request: ({ id }) => ({
      url: `/api/leadspeek/simplifi/campaign-reports/${id}?client_now_date=2026-03-01&date_range=last_7_days`,
    }),
  },
  {
    route: 'GET /api/leadspeek/simplifi/remaining-budget/:leadspeek_api_id',
    vary: null,
    request: async (ctx) => ({ url: `/api/leadspeek/simplifi/remaining-budget/${await ownPublicId(ctx)}` }),
  },
  {
    route: 'GET /api/leadspeek/simplifi/check-budget-increase',
    vary: campaign('leadspeekID'),
    request: ({ id }) => ({
      url: `/api/leadspeek/simplifi/check-budget-increase?leadspeekID=${id}&dailyBudget=20`,
    }),
  },
  {
    route: 'POST /api/leadspeek/simplifi/charge-campaign-by-remaining-days',
    vary: campaign('leadspeekID'),
    request: ({ id }) => ({
      url: '/api/leadspeek/simplifi/charge-campaign-by-remaining-days',
      body: { leadspeekID: id, dailyBudget: '20' },
    }),
  },
  {
    route: 'PUT /api/leadspeek/simplifi/costmodule',
    vary: campaign('leadspeekID'),
    request: ({ id }) => ({
      url: '/api/leadspeek/simplifi/costmodule',
      body: { leadspeekID: id, ...BUDGET },
    }),
  },
  {
    route: 'GET /api/marketing/getorganization/:id/:type',
    vary: company('id'),
    request: ({ id }) => ({ url: `/api/marketing/getorganization/${id}/client` }),
  },
  {
    route: 'POST /api/marketing/createorganization',
    vary: company('companyID'),
    request: ({ id }) => ({
      url: '/api/marketing/createorganization',
      body: { companyID: id, OrganizationName: 'Matrix organization' },
    }),
  },
  {
    route: 'DELETE /api/marketing/deleteorganization/:id',
    vary: company('id'),
    request: ({ id }) => ({ url: `/api/marketing/deleteorganization/${id}` }),
  },
];
