import type { MatrixCase } from './cases.js';
import type { Actor, Person } from './world.js';

/**
 * The connected payment account routes' rows (decision 0033). Bodies change nothing other rows
 * depend on: the agencies of the world that may connect already have an account (a link to it is
 * all the answer), and the reset names an unknown connection type, refused after the access layer.
 */
const company = { resource: 'company', field: 'companyID' } as const;
const system = { resource: 'system', field: 'idsys' } as const;
const onlySelf = (p: Actor, subject: Person) => (subject === p ? ('pass' as const) : [404]);

export const PAYMENT_ACCOUNT_MATRIX_CASES: MatrixCase[] = [
  {
    route: 'GET /api/general/check-connected-account/:companyID/:idsys',
    vary: company,
    request: ({ id, home }) => ({ url: `/api/general/check-connected-account/${id}/${home.system}` }),
  },
  {
    route: 'GET /api/general/check-connected-account/:companyID/:idsys',
    vary: system,
    request: ({ id, home }) => ({ url: `/api/general/check-connected-account/${home.company}/${id}` }),
  },
  ...(['get-connected-account-link', 'get-existing-connected-account-link'] as const).flatMap(
    (path): MatrixCase[] => [
      {
        route: `POST /api/general/${path}`,
        vary: company,
        request: ({ id, home }) => ({
          url: `/api/general/${path}`,
          body: { companyID: id, idsys: home.system },
        }),
      },
      {
        route: `POST /api/general/${path}`,
        vary: system,
        request: ({ id, home }) => ({
          url: `/api/general/${path}`,
          body: { companyID: home.company, idsys: id },
        }),
      },
    ],
  ),
  {
    route: 'POST /api/general/create-connected-account',
    vary: company,
    request: ({ id, home }) => ({
      url: '/api/general/create-connected-account',
      body: { companyID: id, idsys: home.system, company_name: 'Matrix', email: 'matrix@example.test' },
    }),
  },
  {
    route: 'POST /api/general/create-connected-account',
    vary: system,
    request: ({ id, home }) => ({
      url: '/api/general/create-connected-account',
      body: { companyID: home.company, idsys: id, company_name: 'Matrix', email: 'matrix@example.test' },
    }),
  },
  {
    route: 'POST /api/general/create-sales-connected-account',
    vary: { resource: 'user', field: 'userID' },
    request: ({ id, home }) => ({
      url: '/api/general/create-sales-connected-account',
      body: { userID: id, idsys: home.system },
    }),
    // Only the sales person themselves; anyone else's id is answered like a missing one.
    inScope: onlySelf,
  },
  {
    route: 'POST /api/general/create-sales-connected-account',
    vary: system,
    request: ({ id, home }) => ({
      url: '/api/general/create-sales-connected-account',
      body: { userID: home.user, idsys: id },
    }),
  },
  {
    route: 'GET /api/general/check-sales-connected-account/:usrID/:idsys',
    vary: { resource: 'user', field: 'usrID' },
    request: ({ id, home }) => ({ url: `/api/general/check-sales-connected-account/${id}/${home.system}` }),
  },
  {
    route: 'GET /api/general/check-sales-connected-account/:usrID/:idsys',
    vary: system,
    request: ({ id, home }) => ({ url: `/api/general/check-sales-connected-account/${home.user}/${id}` }),
  },
  {
    route: 'DELETE /api/general/reset-payment-connection/:companyID/:typeConnection',
    vary: company,
    request: ({ id }) => ({ url: `/api/general/reset-payment-connection/${id}/matrix` }),
  },
  // The system's own Stripe keys (decision 0039): no id is sent. The bodies are refused after the
  // access layer (malformed keys; nothing to remove on a sandbox system), so no system changes gateway.
  {
    route: 'GET /api/configuration/payment-gateway',
    vary: null,
    request: () => ({ url: '/api/configuration/payment-gateway' }),
  },
  {
    route: 'PUT /api/configuration/payment-gateway',
    vary: null,
    request: () => ({
      url: '/api/configuration/payment-gateway',
      body: { publishable_key: 'pk_matrix', secret_key: 'sk_matrix', webhook_secret: 'whsec_matrix' },
    }),
  },
  {
    route: 'DELETE /api/configuration/payment-gateway',
    vary: null,
    request: () => ({ url: '/api/configuration/payment-gateway' }),
  },
];
