import type { MatrixCase } from './cases.js';

/*
 * SendGrid's and Kartra's calls (decision 0103): the same rule as the other integration reads (a
 * client's integrations are read by the client and its agency's people). The world has neither
 * connected: the list reads answer 200 with no items and "not connected", and
 * `/integration/details` answers 400 "not connected".
 */

const company = (field: string) => ({ resource: 'company', field }) as const;

export const SENDGRID_KARTRA_MATRIX_CASES: MatrixCase[] = [
  {
    route: 'GET /api/sendgridlist/:companyID',
    vary: company('companyID'),
    request: ({ id }) => ({ url: `/api/sendgridlist/${id}` }),
  },
  {
    route: 'GET /api/kartra/list/:companyID',
    vary: company('companyID'),
    request: ({ id }) => ({ url: `/api/kartra/list/${id}` }),
  },
  {
    route: 'GET /api/GetKartraListAndTag/:companyID',
    vary: company('companyID'),
    request: ({ id }) => ({ url: `/api/GetKartraListAndTag/${id}` }),
  },
  {
    route: 'POST /api/integration/details',
    vary: company('company_id'),
    request: ({ id }) => ({ url: '/api/integration/details', body: { company_id: id, slug: 'kartra' } }),
  },
];
