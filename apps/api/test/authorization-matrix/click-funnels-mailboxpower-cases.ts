import type { MatrixCase } from './cases.js';

/*
 * ClickFunnels' and Mailbox Power's calls (decision 0104): the same rule as the other integration
 * routes (a client's integrations are kept by the client and its agency's people). The world has
 * neither connected: the workspace's tags, the account's groups and a campaign's group answer 400
 * "not connected", a campaign's ClickFunnels tags `connected: false`, and saving them 400.
 */

const company = (field: string) => ({ resource: 'company', field }) as const;
const campaign = (field: string) => ({ resource: 'campaign', field }) as const;

export const CLICK_FUNNELS_MAILBOXPOWER_MATRIX_CASES: MatrixCase[] = [
  {
    route: 'GET /api/click-funnels/tags/:company_id',
    vary: company('company_id'),
    request: ({ id }) => ({ url: `/api/click-funnels/tags/${id}` }),
  },
  {
    route: 'GET /api/click-funnels/campaign/tags/:campaign_id',
    vary: campaign('campaign_id'),
    request: ({ id }) => ({ url: `/api/click-funnels/campaign/tags/${id}` }),
  },
  {
    route: 'POST /api/click-funnels/tags',
    vary: campaign('campaign_id'),
    request: ({ id }) => ({ url: '/api/click-funnels/tags', body: { campaign_id: id, tags: ['matrix'] } }),
  },
  {
    route: 'GET /api/mailboxpower/usergroups/:companyID',
    vary: company('companyID'),
    request: ({ id }) => ({ url: `/api/mailboxpower/usergroups/${id}` }),
  },
  {
    route: 'GET /api/mailboxpower/groups/:campaignID/:companyID',
    vary: company('companyID'),
    request: ({ id, home }) => ({ url: `/api/mailboxpower/groups/${home.campaign}/${id}` }),
  },
  {
    route: 'GET /api/mailboxpower/groups/:campaignID/:companyID',
    vary: campaign('campaignID'),
    request: ({ id, home }) => ({ url: `/api/mailboxpower/groups/${id}/${home.company}` }),
  },
];
