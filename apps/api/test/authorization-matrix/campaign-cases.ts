import type { MatrixCase } from './cases.js';
import type { Actor, Person } from './world.js';

/**
 * The campaign routes' rows (decision 0045). Every world company has a stopped matrix campaign whose
 * client is that company; ids in scope must get past the access layer (a refused state move is a
 * 409, a company that is not a client a 400). A resource call needs the campaign of the client it
 * names, so only the principal's own pair passes there.
 */
const campaign = (field: string) => ({ resource: 'campaign', field }) as const;
const company = (field: string) => ({ resource: 'company', field }) as const;
const ownPair = (p: Actor, subject: Person) => (subject === p ? ('pass' as const) : [404]);

const bodyRoutes: { route: string; url: string; field: string; body: Record<string, unknown> }[] = [
  {
    route: 'PUT /api/leadspeek/client/update',
    url: '/api/leadspeek/client/update',
    field: 'leadspeekID',
    body: { reportType: 'CSV' },
  },
  {
    route: 'PUT /api/leadspeek/client/local/update',
    url: '/api/leadspeek/client/local/update',
    field: 'leadspeekID',
    body: { gtminstalled: 'F' },
  },
  {
    route: 'PUT /api/leadspeek/client/locator/update',
    url: '/api/leadspeek/client/locator/update',
    field: 'leadspeekID',
    body: { nationaltargeting: 'T' },
  },
  // A stopped campaign cannot be paused: the machine refuses after the access layer (409).
  {
    route: 'PUT /api/leadspeek/client/activepause',
    url: '/api/leadspeek/client/activepause',
    field: 'leadspeekID',
    body: { status: 'paused' },
  },
  {
    route: 'PUT /api/leadspeek/client/archive',
    url: '/api/leadspeek/client/archive',
    field: 'lpuserid',
    body: { status: 'F' },
  },
  {
    route: 'PUT /api/leadspeek/client/remove',
    url: '/api/leadspeek/client/remove',
    field: 'leadspeekID',
    body: {},
  },
  {
    route: 'PUT /api/configuration/user/costmodule',
    url: '/api/configuration/user/costmodule',
    field: 'leadspeekID',
    body: {
      PaymentTerm: 'Weekly',
      PlatformFee: '0',
      CostMonth: '0',
      CostSet: '0',
      LimitLead: 0,
      LimitLeadFreq: 'day',
    },
  },
];

export const CAMPAIGN_MATRIX_CASES: MatrixCase[] = [
  {
    route: 'GET /api/leadspeek/client/:group/:type/:companyID/:clientID/:sort/:order/:search',
    vary: company('companyID'),
    request: ({ id }) => ({ url: `/api/leadspeek/client/all/local/${id}/0/none/none/-` }),
  },
  {
    route: 'POST /api/leadspeek/client/create',
    vary: company('clientID'),
    request: ({ id }) => ({
      url: '/api/leadspeek/client/create',
      body: { leadspeekType: 'local', clientID: id, campaignName: 'Matrix campaign' },
    }),
  },
  ...bodyRoutes.map(
    (r): MatrixCase => ({
      route: r.route,
      vary: campaign(r.field),
      request: ({ id }) => ({ url: r.url, body: { [r.field]: id, ...r.body } }),
    }),
  ),
  {
    route: 'GET /api/leadspeek/getcampaign/:campaign_id',
    vary: campaign('campaign_id'),
    request: ({ id }) => ({ url: `/api/leadspeek/getcampaign/${id}` }),
  },
  {
    route: 'GET /api/campaigns/:companyID/:groupCompanyID',
    vary: company('companyID'),
    request: ({ id }) => ({ url: `/api/campaigns/${id}/0` }),
  },
  {
    route: 'GET /api/leadspeek/check-campaign-active/:companyID',
    vary: company('companyID'),
    request: ({ id }) => ({ url: `/api/leadspeek/check-campaign-active/${id}` }),
  },
  {
    route: 'GET /api/leadspeek/keyword-to-tags',
    vary: null,
    request: () => ({ url: '/api/leadspeek/keyword-to-tags?keyword=dentist%2C%20implants' }),
  },
  {
    route: 'GET /api/leadspeek/getcampaignresource/:organizationID/:campaignID',
    vary: company('organizationID'),
    request: ({ id, home }) => ({ url: `/api/leadspeek/getcampaignresource/${id}/${home.campaign}` }),
    inScope: ownPair,
  },
  {
    route: 'GET /api/leadspeek/getcampaignresource/:organizationID/:campaignID',
    vary: campaign('campaignID'),
    request: ({ id, home }) => ({ url: `/api/leadspeek/getcampaignresource/${home.company}/${id}` }),
    inScope: ownPair,
  },
  // Site tests (decision 0050). The check's url is a loopback address, which the guarded fetcher
  // refuses before any connection (no network in the matrix); a second test lead within the minute
  // is a 429, past the access layer.
  {
    route: 'GET /api/check-run-embeded-code',
    vary: campaign('leadspeekID'),
    request: ({ id }) => ({ url: `/api/check-run-embeded-code?leadspeekID=${id}` }),
  },
  {
    route: 'POST /api/check-site-embeded-code',
    vary: campaign('leadspeekID'),
    request: ({ id }) => ({
      url: '/api/check-site-embeded-code',
      body: { leadspeekID: id, url: 'http://127.0.0.1/' },
    }),
  },
  {
    route: 'POST /api/send-test-lead',
    vary: campaign('leadspeekID'),
    request: ({ id }) => ({ url: '/api/send-test-lead', body: { leadspeekID: id } }),
  },
];
