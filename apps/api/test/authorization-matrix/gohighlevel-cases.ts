import type { MatrixCase } from './cases.js';

/*
 * GoHighLevel's calls (decision 0097): the same rule as the other integration routes (a client's
 * integrations are kept by the client and its agency's people). The world has no GoHighLevel
 * connection: the reads that need one answer 400 "not connected", check-connected answers
 * `connected: false`, and generateauthurl answers the sandbox's consent page.
 */

const company = (field: string) => ({ resource: 'company', field }) as const;

export const GOHIGHLEVEL_MATRIX_CASES: MatrixCase[] = [
  ...(['list-subaccounts-all', 'list-subaccounts'] as const).map(
    (call): MatrixCase => ({
      route: `GET /api/gohighlevel/v2/${call}/:company_id`,
      vary: company('company_id'),
      request: ({ id }) => ({ url: `/api/gohighlevel/v2/${call}/${id}` }),
    }),
  ),
  ...(['generateauthurl', 'disconnect'] as const).map(
    (call): MatrixCase => ({
      route: `POST /api/gohighlevel/v2/${call}`,
      vary: company('company_id'),
      request: ({ id }) => ({ url: `/api/gohighlevel/v2/${call}`, body: { company_id: id } }),
    }),
  ),
  {
    route: 'GET /api/general/check-connected-gohighlevel/:companyID',
    vary: company('companyID'),
    request: ({ id }) => ({ url: `/api/general/check-connected-gohighlevel/${id}` }),
  },
  {
    route: 'GET /api/gohighlevel/tags/:companyID',
    vary: company('companyID'),
    request: ({ id }) => ({ url: `/api/gohighlevel/tags/${id}` }),
  },
  {
    route: 'GET /api/gohighlevel/usertags/:campaignID/:companyID',
    vary: company('companyID'),
    request: ({ id, home }) => ({ url: `/api/gohighlevel/usertags/${home.campaign}/${id}` }),
  },
  {
    route: 'GET /api/gohighlevel/usertags/:campaignID/:companyID',
    vary: { resource: 'campaign', field: 'campaignID' },
    request: ({ id, home }) => ({ url: `/api/gohighlevel/usertags/${id}/${home.company}` }),
  },
];
