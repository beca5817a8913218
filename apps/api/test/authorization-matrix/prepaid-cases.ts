import type { MatrixCase } from './cases.js';
import type { Actor, Person } from './world.js';

/**
 * Prepaid blocks' routes (decision 0078): every campaign is named by its public id. The matrix
 * campaigns are Weekly, so an id in scope gets past the access layer to the refusal of a campaign
 * that is not prepaid (400). The refund names the campaign's company too: only the campaign's own
 * client or agency passes, any other company in scope answers 404 like one outside it.
 */
const publicId = (field: string) => ({ resource: 'campaignPublicId', field }) as const;
const company = (field: string) => ({ resource: 'company', field }) as const;
const ownPair = (p: Actor, subject: Person) => (subject === p ? ('pass' as const) : [404]);
const refundBody = (campaign: number | string, companyId: number | string) => ({
  leadspeek_api_id: campaign,
  company_id: companyId,
  ip_user: '127.0.0.1',
  timezone: 'America/Chicago',
  payment_type: 'Prepaid',
});

export const PREPAID_MATRIX_CASES: MatrixCase[] = [
  {
    route: 'GET /api/leadspeek/client/estimeate-refund-topup',
    vary: publicId('leadspeek_api_id'),
    request: ({ id }) => ({ url: `/api/leadspeek/client/estimeate-refund-topup?leadspeek_api_id=${id}` }),
  },
  {
    route: 'POST /api/leadspeek/client/refund-topup',
    vary: publicId('leadspeek_api_id'),
    request: ({ id, subject, ids, home }) => ({
      url: '/api/leadspeek/client/refund-topup',
      body: refundBody(id, subject ? ids[subject].company : home.company),
    }),
  },
  {
    route: 'POST /api/leadspeek/client/refund-topup',
    vary: company('company_id'),
    request: ({ id, home }) => ({
      url: '/api/leadspeek/client/refund-topup',
      body: refundBody(home.campaignPublicId, id),
    }),
    inScope: ownPair,
  },
  {
    route: 'GET /api/leadspeek/client/local/currenttopup/:id',
    vary: publicId('id'),
    request: ({ id }) => ({ url: `/api/leadspeek/client/local/currenttopup/${id}` }),
  },
  {
    route: 'GET /api/leadspeek/client/local/remainingbalanceleads/:id',
    vary: publicId('id'),
    request: ({ id }) => ({ url: `/api/leadspeek/client/local/remainingbalanceleads/${id}` }),
  },
  {
    route: 'PUT /api/leadspeek/client/local/stopcontinualtopup',
    vary: publicId('leadspeek_api_id'),
    request: ({ id }) => ({
      url: '/api/leadspeek/client/local/stopcontinualtopup',
      body: { leadspeek_api_id: id, lp_limit_freq: 'day' },
    }),
  },
];
