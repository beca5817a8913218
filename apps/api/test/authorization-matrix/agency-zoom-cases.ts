import type { MatrixCase } from './cases.js';

/*
 * AgencyZoom's calls (decision 0106): the same rule as the other integration reads (a client's
 * integrations are kept by the client and its agency's people). The world has no AgencyZoom
 * connection: both calls answer an empty list past the access layer.
 */

export const AGENCY_ZOOM_MATRIX_CASES: MatrixCase[] = [
  {
    route: 'GET /api/agency-zoom/getcampaignwebhook/:id',
    vary: { resource: 'campaign', field: 'id' },
    request: ({ id }) => ({ url: `/api/agency-zoom/getcampaignwebhook/${id}` }),
  },
  {
    route: 'GET /api/agency-zoom/getclientwebhook/:id',
    vary: { resource: 'company', field: 'id' },
    request: ({ id }) => ({ url: `/api/agency-zoom/getclientwebhook/${id}` }),
  },
];
