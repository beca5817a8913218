import type { MatrixCase } from './cases.js';
import type { Person } from './world.js';

/**
 * The Developer screen's routes (decision 0100). A company's key state is read for agencies and root
 * companies (a client holds no key: 404); keys are made and rotated only by the company's own people
 * (another company in scope is a 404; their own answers 409 while developer mode is off); revoking is
 * idempotent.
 */
const PASS = 'pass' as const;
const company = (field: string) => ({ resource: 'company', field }) as const;
const clients: readonly Person[] = [
  'client',
  'siblingClient',
  'otherAgencyClient',
  'otherSystem',
  'singleSignOn',
];
const holdersOnly = (_p: string, subject: Person) => (clients.includes(subject) ? [404] : PASS);
const ownOnly = (p: string, subject: Person) => (subject === p ? PASS : [404]);

export const DEVELOPER_MATRIX_CASES: MatrixCase[] = [
  {
    route: 'GET /api/v1/developer/userapi/:companyID',
    vary: company('companyID'),
    request: ({ id }) => ({ url: `/api/v1/developer/userapi/${id}` }),
    inScope: holdersOnly,
  },
  {
    route: 'POST /api/v1/developer/create/userapi',
    vary: company('companyID'),
    request: ({ id }) => ({ url: '/api/v1/developer/create/userapi', body: { companyID: id } }),
    inScope: ownOnly,
  },
  {
    route: 'POST /api/v1/developer/userapi/:companyID/rotate',
    vary: company('companyID'),
    request: ({ id }) => ({ url: `/api/v1/developer/userapi/${id}/rotate`, body: {} }),
    inScope: ownOnly,
  },
  {
    route: 'DELETE /api/v1/developer/userapi/:companyID',
    vary: company('companyID'),
    request: ({ id }) => ({ url: `/api/v1/developer/userapi/${id}` }),
    inScope: holdersOnly,
  },
  {
    route: 'GET /api/v1/developer/settings',
    vary: null,
    request: () => ({ url: '/api/v1/developer/settings' }),
  },
  {
    route: 'PUT /api/v1/developer/settings',
    vary: null,
    request: () => ({ url: '/api/v1/developer/settings', body: { first_time_charge: '0' } }),
  },
];
