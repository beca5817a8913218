import type { MatrixCase } from './cases.js';

/*
 * The integrations' routes (issue 23, decision 0096): a client's integrations are kept by the client
 * and its agency's people; the policy refuses everyone else. The world has no connections: a
 * matrix save connects a webhook to a public IP literal (no DNS), and the calls that need a
 * connection answer 400 where there is none; a delivery's attempts are 404 (the world has none).
 */

const company = (field: string) => ({ resource: 'company', field }) as const;
const campaign = (field: string) => ({ resource: 'campaign', field }) as const;
/** Nothing listens on the discard port: the matrix runtime's permit lets 127.0.0.1 through. */
const HOOK_URL = 'http://127.0.0.1:9/matrix-hook';

export const INTEGRATION_MATRIX_CASES: MatrixCase[] = [
  {
    route: 'GET /api/integrations/:company_id',
    vary: company('company_id'),
    request: ({ id }) => ({ url: `/api/integrations/${id}` }),
  },
  {
    route: 'GET /api/integrations/:company_id/:integration_id',
    vary: company('company_id'),
    request: ({ id }) => ({ url: `/api/integrations/${id}/webhook` }),
  },
  {
    route: 'POST /api/saveintegration',
    vary: company('company_id'),
    request: ({ id }) => ({
      url: '/api/saveintegration',
      body: { company_id: id, slug: 'webhook', settings: { url: HOOK_URL } },
    }),
  },
  {
    route: 'PUT /api/integrations/:company_id/:integration_id/pause',
    vary: company('company_id'),
    request: ({ id }) => ({ url: `/api/integrations/${id}/webhook/pause`, body: { paused: false } }),
  },
  {
    route: 'POST /api/integrations/:company_id/:integration_id/test',
    vary: company('company_id'),
    request: ({ id }) => ({ url: `/api/integrations/${id}/webhook/test`, body: {} }),
  },
  {
    route: 'GET /api/integrations/:company_id/:integration_id/signing-secret',
    vary: company('company_id'),
    request: ({ id }) => ({ url: `/api/integrations/${id}/webhook/signing-secret` }),
  },
  {
    route: 'GET /api/integrations/deliveries/:company_id',
    vary: company('company_id'),
    request: ({ id }) => ({ url: `/api/integrations/deliveries/${id}?status=failed` }),
  },
  {
    route: 'GET /api/integrations/deliveries/:company_id/:delivery_id/attempts',
    vary: company('company_id'),
    request: ({ id }) => ({ url: `/api/integrations/deliveries/${id}/1/attempts` }),
    // Delivery 1 exists when the company's test payload was the first one queued.
    inScope: () => [200, 404],
  },
  {
    route: 'POST /api/integrations/deliveries/replay',
    vary: company('company_id'),
    request: ({ id }) => ({
      url: '/api/integrations/deliveries/replay',
      body: { company_id: id, all_failed: true },
    }),
  },
  {
    route: 'GET /api/integrations/:company_id/:integration_id/targets/:kind',
    vary: company('company_id'),
    request: ({ id }) => ({ url: `/api/integrations/${id}/webhook/targets/tags` }),
  },
  {
    route: 'POST /api/integrations/:company_id/:integration_id/authorize',
    vary: company('company_id'),
    // The webhook is connected with its URL, not by signing in: 400 past the access layer.
    request: ({ id }) => ({ url: `/api/integrations/${id}/webhook/authorize`, body: {} }),
  },
  {
    route: 'GET /api/integrations/campaign/:campaign_id',
    vary: campaign('campaign_id'),
    request: ({ id }) => ({ url: `/api/integrations/campaign/${id}` }),
  },
  {
    route: 'POST /api/savecampaignintegrationdetails',
    vary: campaign('campaign_id'),
    request: ({ id }) => ({
      url: '/api/savecampaignintegrationdetails',
      body: { campaign_id: id, slug: 'webhook', enabled: true, settings: {} },
    }),
  },
  {
    route: 'GET /api/getcompanyintegrationlist/:companyID/:companyParent',
    vary: company('companyID'),
    request: ({ id }) => ({ url: `/api/getcompanyintegrationlist/${id}/0` }),
  },
  {
    route: 'GET /api/getcompanyintegrationdetail/:companyID/:slug',
    vary: company('companyID'),
    request: ({ id }) => ({ url: `/api/getcompanyintegrationdetail/${id}/webhook` }),
  },
  ...(['getcampaignwebhook', 'getcampaigntags'] as const).map(
    (call): MatrixCase => ({
      route: `GET /api/${call}/:id`,
      vary: campaign('id'),
      request: ({ id }) => ({ url: `/api/${call}/${id}` }),
    }),
  ),
  ...(['getagencywebhook', 'getagencytags'] as const).map(
    (call): MatrixCase => ({
      route: `GET /api/${call}/:id`,
      vary: company('id'),
      request: ({ id }) => ({ url: `/api/${call}/${id}` }),
    }),
  ),
  {
    route: 'GET /api/get-custom-fields',
    vary: null,
    request: () => ({ url: '/api/get-custom-fields' }),
  },
  {
    route: 'GET /api/get-custom-fields/:slug',
    vary: null,
    request: () => ({ url: '/api/get-custom-fields/webhook' }),
  },
  {
    route: 'DELETE /api/integrations/:company_id/:integration_id',
    vary: company('company_id'),
    request: ({ id }) => ({ url: `/api/integrations/${id}/webhook` }),
  },
  // The campaign screens' Google Sheets calls (decision 0098). The world has no Google Sheets
  // connection: check-connect and revoke answer "not connected", a campaign's spreadsheet none, a
  // reset replays nothing, and the connect link is e-mailed to the campaign's client (200).
  ...(['check-connect', 'revoke'] as const).map(
    (call): MatrixCase => ({
      route: `GET /api/leadspeek/googlespreadsheet/${call}/:companyID`,
      vary: { resource: 'company', field: 'companyID' },
      request: ({ id }) => ({ url: `/api/leadspeek/googlespreadsheet/${call}/${id}` }),
    }),
  ),
  {
    route: 'PUT /api/leadspeek/spreadsheet/check',
    vary: { resource: 'campaign', field: 'campaignID' },
    request: ({ id, home }) => ({
      url: '/api/leadspeek/spreadsheet/check',
      body: { userID: home.user, campaignID: id },
    }),
  },
  {
    route: 'PUT /api/leadspeek/spreadsheet/check',
    vary: { resource: 'user', field: 'userID' },
    request: ({ id, home }) => ({
      url: '/api/leadspeek/spreadsheet/check',
      body: { userID: id, campaignID: home.campaign },
    }),
  },
  {
    route: 'GET /api/leadspeek/spreadsheet/history/:campaignID',
    vary: { resource: 'campaign', field: 'campaignID' },
    request: ({ id }) => ({ url: `/api/leadspeek/spreadsheet/history/${id}` }),
  },
  {
    route: 'PUT /api/leadspeek/spreadsheet/reset',
    vary: { resource: 'campaign', field: 'campaignID' },
    request: ({ id, home }) => ({
      url: '/api/leadspeek/spreadsheet/reset',
      body: { userLogin: home.user, campaignID: id },
    }),
  },
  {
    route: 'PUT /api/leadspeek/spreadsheet/reset',
    vary: { resource: 'user', field: 'userLogin' },
    request: ({ id, home }) => ({
      url: '/api/leadspeek/spreadsheet/reset',
      body: { userLogin: id, campaignID: home.campaign },
    }),
  },
  {
    route: 'POST /api/leadspeek/client/resendgooglelink',
    vary: { resource: 'campaign', field: 'leadspeekID' },
    request: ({ id }) => ({ url: '/api/leadspeek/client/resendgooglelink', body: { leadspeekID: id } }),
  },
];
