import type { MatrixCase } from './cases.js';

/**
 * The lead report routes' rows (decision 0048). The path's company is the access rule's scope
 * check; the campaign under it is the service's (a campaign outside the company is 404 like another
 * tenant's). The matrix campaigns and their one lead each are the world's.
 */
const company = (field: string) => ({ resource: 'company', field }) as const;
const campaign = (field: string) => ({ resource: 'campaign', field }) as const;

const byCompany: { route: string; url: (id: number | string) => string }[] = [
  {
    route: 'GET /api/leadspeek/report/lead/:companyID/:clientID/:campaignID',
    url: (id) => `/api/leadspeek/report/lead/${id}/0/0?PerPage=5`,
  },
  {
    route: 'GET /api/leadspeek/report/lead-download/:companyID/:clientID/:campaignID',
    url: (id) => `/api/leadspeek/report/lead-download/${id}/0/0?format=csv`,
  },
  {
    route: 'GET /api/leadspeek/report/initdate/:companyID/:clientID',
    url: (id) => `/api/leadspeek/report/initdate/${id}/0`,
  },
  {
    route: 'GET /api/leadspeek/report/chart/:companyID/:clientID/:campaignID',
    url: (id) => `/api/leadspeek/report/chart/${id}/0/0`,
  },
  {
    route: 'GET /api/leadspeek/report/invoice/:companyID/:clientID/:start/:end',
    url: (id) => `/api/leadspeek/report/invoice/${id}/0/2026-01-01/2026-01-31`,
  },
  {
    route: 'GET /api/leadspeek/report/dashboard/:companyID/:clientID/:moduleType',
    url: (id) => `/api/leadspeek/report/dashboard/${id}/0/local`,
  },
];

export const LEAD_REPORT_MATRIX_CASES: MatrixCase[] = [
  ...byCompany.map(
    (r): MatrixCase => ({
      route: r.route,
      vary: company('companyID'),
      request: ({ id }) => ({ url: r.url(id) }),
    }),
  ),
  {
    route: 'GET /api/leadspeek/report/lead/:companyID/:clientID/:campaignID',
    vary: campaign('campaignID'),
    request: ({ id, home }) => ({ url: `/api/leadspeek/report/lead/${home.company}/0/${id}` }),
  },
  {
    route: 'GET /api/leadspeek/report/rejections/:campaignID',
    vary: campaign('campaignID'),
    request: ({ id }) => ({ url: `/api/leadspeek/report/rejections/${id}` }),
  },
  {
    route: 'GET /api/leadspeek/report/lead-detail/:leadID',
    vary: { resource: 'lead', field: 'leadID' },
    request: ({ id }) => ({ url: `/api/leadspeek/report/lead-detail/${id}` }),
  },
];
