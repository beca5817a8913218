import type { MatrixCase } from './cases.js';
import { MATRIX_KEYWORD, worksForRoot } from './world.js';

/**
 * The keyword count and data enhancement routes' rows (decision 0093). Every world company has a
 * done count of `MATRIX_KEYWORD` (Search ID, nationwide): a count queued for it is answered from that
 * history (no vendor call), and a retry of it is refused as done (409) — both past the access layer.
 * The matrix campaigns are local: applying keywords to one, or counting its enhancement, is a 400.
 */
const P = '/api/data-vendor/services';
const company = (field: string) => ({ resource: 'company', field }) as const;
const campaign = (field: string) => ({ resource: 'campaign', field }) as const;

export const KEYWORD_COUNT_MATRIX_CASES: MatrixCase[] = [
  {
    route: `GET ${P}/configdata/:company_root_id`,
    vary: null,
    request: ({ ids }) => ({ url: `${P}/configdata/${ids.system.company}` }),
  },
  {
    route: `GET ${P}/configdata/:company_root_id`,
    vary: company('company_root_id'),
    request: ({ id }) => ({ url: `${P}/configdata/${id}` }),
    // Only the caller's own root company, which for sales staff lies outside the company scope.
    inScope: (_p, subject) => (worksForRoot(subject) ? 'pass' : [404]),
    ownOutsideScope: true,
  },
  {
    route: `GET ${P}/getcountcampaign/:id`,
    vary: company('id'),
    request: ({ id }) => ({
      url: `${P}/getcountcampaign/${id}?status=success&sortby=count_without_geo&order=desc`,
    }),
  },
  {
    route: `POST ${P}/queuecount`,
    vary: company('company_id'),
    request: ({ id }) => ({
      url: `${P}/queuecount`,
      body: {
        kind: 'keyword',
        company_id: id,
        module: 'locator',
        target_location: 'national',
        keywords: [MATRIX_KEYWORD],
      },
    }),
  },
  {
    route: `POST ${P}/queuecount`,
    vary: campaign('campaign_id'),
    request: ({ id }) => ({
      url: `${P}/queuecount`,
      body: { kind: 'enhancement', campaign_id: id, type: 'financial' },
    }),
  },
  {
    route: `PUT ${P}/retrycount/:id`,
    vary: { resource: 'keywordCount', field: 'id' },
    request: ({ id }) => ({ url: `${P}/retrycount/${id}`, body: {} }),
  },
  {
    route: `PUT ${P}/applycampaign/:campaign_id/:type`,
    vary: campaign('campaign_id'),
    request: ({ id }) => ({ url: `${P}/applycampaign/${id}/keyword`, body: { keywords: [MATRIX_KEYWORD] } }),
  },
  {
    route: `GET ${P}/getcountcampaignhistory/:campaign_id/:type`,
    vary: campaign('campaign_id'),
    request: ({ id }) => ({ url: `${P}/getcountcampaignhistory/${id}/all` }),
  },
  ...['', '-b2b'].map(
    (suffix): MatrixCase => ({
      route: `GET /api/configuration/list-advance-information${suffix}`,
      vary: null,
      request: () => ({ url: `/api/configuration/list-advance-information${suffix}` }),
    }),
  ),
  {
    route: 'GET /api/configuration/list-advance-information-type',
    vary: null,
    request: () => ({ url: '/api/configuration/list-advance-information-type?type=consumer' }),
  },
  {
    route: 'GET /api/general/enhance/location',
    vary: null,
    request: () => ({ url: '/api/general/enhance/location?type=city&param=TX&search=aus' }),
  },
];
