import type { MatrixCase } from './cases.js';

/*
 * SendJim's calls (decision 0105): the same rule as the other integration routes (a client's
 * integrations are kept by the client and its agency's people). The world has no SendJim
 * connection: the QuickSends answer 400 "not connected", a campaign's tags an empty list,
 * generateauthurl the sandbox's sign-in page, disconnect 400.
 */

const company = { resource: 'company', field: 'company_id' } as const;

export const SENDJIM_MATRIX_CASES: MatrixCase[] = [
  ...(['generateauthurl', 'disconnect'] as const).map(
    (call): MatrixCase => ({
      route: `POST /api/sendjim/${call}`,
      vary: company,
      request: ({ id }) => ({ url: `/api/sendjim/${call}`, body: { company_id: id } }),
    }),
  ),
  {
    route: 'GET /api/sendjim/quicksends',
    vary: company,
    request: ({ id }) => ({ url: `/api/sendjim/quicksends?company_id=${id}` }),
  },
  {
    route: 'GET /api/sendjim/getcampaigntags/:id',
    vary: { resource: 'campaign', field: 'id' },
    request: ({ id }) => ({ url: `/api/sendjim/getcampaigntags/${id}` }),
  },
];
