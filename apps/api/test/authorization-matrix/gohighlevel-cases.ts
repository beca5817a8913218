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
  // Decision 0109. Making a client of a sub-account is also the users module's `users.create`: a
  // client may not (404), an administrator without the create switch may not (403); whoever may
  // reaches the service, which answers 400 (no GoHighLevel connection in the world).
  {
    route: 'POST /api/gohighlevel/v2/create-client-from-subaccount',
    vary: company('company_id'),
    request: ({ id }) => ({
      url: '/api/gohighlevel/v2/create-client-from-subaccount',
      body: { company_id: id, location_id: 'sbx_loc_downtown' },
    }),
    inScope: (p, _subject, ctx) =>
      p === 'client' ? [404] : ctx.p === 'agencyAdminSettingsUpdate' ? [403] : 'pass',
  },
  ...(['company_id', 'client_company_id'] as const).flatMap((field): MatrixCase[] => [
    {
      route: 'POST /api/gohighlevel/v2/create-iframe/client',
      vary: company(field),
      request: ({ id, home }) => ({
        url: '/api/gohighlevel/v2/create-iframe/client',
        body: { company_id: home.company, client_company_id: home.company, [field]: id },
      }),
    },
    {
      route: 'DELETE /api/gohighlevel/v2/delete-iframe/client',
      vary: company(field),
      request: ({ id, home }) => {
        const query = new URLSearchParams({
          company_id: String(home.company),
          client_company_id: String(home.company),
          [field]: String(id),
        });
        return { url: `/api/gohighlevel/v2/delete-iframe/client?${query}` };
      },
    },
  ]),
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
