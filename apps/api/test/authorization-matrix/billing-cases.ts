import type { MatrixCase } from './cases.js';
import type { BaseActor, Person } from './world.js';

const PASS = 'pass' as const;

/**
 * Billing history (decision 0035) and invoices (decision 0074). A company's history: its own staff (an agency's also its
 * clients'), the client itself and the system's staff; sales staff never read their agencies' money,
 * whatever their scope. A person's: themselves and the system's staff. The parties picker is the
 * system staff's (the policy's `billing.read.system`).
 */
const companyReaders = (p: BaseActor) => (p === 'sales' || p === 'accountExecutive' ? [404] : PASS);
const personReaders = (p: BaseActor, subject: Person) => (subject === p || p === 'system' ? PASS : [404]);

export const BILLING_MATRIX_CASES: MatrixCase[] = [
  { route: 'GET /api/billing/parties', vary: null, request: () => ({ url: '/api/billing/parties' }) },
  ...(['history', 'history-download'] as const).flatMap((call): MatrixCase[] => [
    {
      route: `GET /api/billing/${call}/company/:companyID`,
      vary: { resource: 'company', field: 'companyID' },
      request: ({ id }) => ({ url: `/api/billing/${call}/company/${id}?month=2026-10` }),
      inScope: (p) => companyReaders(p as BaseActor),
    },
    {
      route: `GET /api/billing/${call}/user/:usrID`,
      vary: { resource: 'user', field: 'usrID' },
      request: ({ id }) => ({ url: `/api/billing/${call}/user/${id}` }),
      inScope: (p, subject) => personReaders(p as BaseActor, subject),
    },
  ]),
  // Invoices (decision 0074): read as the history is; a missing invoice of a readable company is 404.
  {
    route: 'GET /api/billing/invoices/company/:companyID',
    vary: { resource: 'company', field: 'companyID' },
    request: ({ id }) => ({ url: `/api/billing/invoices/company/${id}` }),
    inScope: (p) => companyReaders(p as BaseActor),
  },
  // Card payments (decision 0091): read as the history and the invoices are.
  {
    route: 'GET /api/billing/card-payments/company/:companyID',
    vary: { resource: 'company', field: 'companyID' },
    request: ({ id }) => ({ url: `/api/billing/card-payments/company/${id}` }),
    inScope: (p) => companyReaders(p as BaseActor),
  },
  {
    route: 'GET /api/billing/invoice-pdf/company/:companyID/:invoiceID',
    vary: { resource: 'company', field: 'companyID' },
    request: ({ id }) => ({ url: `/api/billing/invoice-pdf/company/${id}/999999999` }),
    inScope: () => [404],
  },
  // Reconciliation (decision 0079): the system's owners only, of their own system; everyone else 404.
  {
    route: 'GET /api/configuration/reconciliation',
    vary: null,
    request: () => ({ url: '/api/configuration/reconciliation' }),
    inScope: (p) => (p === 'system' ? PASS : [404]),
  },
  {
    route: 'POST /api/configuration/reconciliation/run',
    vary: null,
    request: () => ({ url: '/api/configuration/reconciliation/run', body: {} }),
    inScope: (p) => (p === 'system' ? PASS : [404]),
  },
  // Root fees (decision 0081): the system's owners only; the matrix's system is the master, which reads
  // what the paying systems owe and opens their receiving accounts' onboarding.
  {
    route: 'GET /api/configuration/root-fees',
    vary: null,
    request: () => ({ url: '/api/configuration/root-fees' }),
    inScope: (p) => (p === 'system' ? PASS : [404]),
  },
  {
    route: 'POST /api/configuration/root-fees/receiving-account-link',
    vary: null,
    // The master's owner asks for a paying system's link (the matrix's other system is Brightreach).
    request: ({ ids }) => ({
      url: '/api/configuration/root-fees/receiving-account-link',
      body: { system_id: ids.otherSystem.system },
    }),
    inScope: (p) => (p === 'system' ? PASS : [404]),
  },
  // Sales commissions (decision 0089): the rate is the system owners'; the commissions the owners'
  // (every sales person of the system) and each sales person's own. The matrix's people other than
  // the sales staff are no sales people, so only a sales person's own id passes.
  {
    route: 'GET /api/configuration/commissions/rate',
    vary: null,
    request: () => ({ url: '/api/configuration/commissions/rate' }),
    inScope: (p) => (p === 'system' ? PASS : [404]),
  },
  {
    route: 'PUT /api/configuration/commissions/rate',
    vary: null,
    // The default rate again: the first call stores it, the rest change nothing.
    request: () => ({ url: '/api/configuration/commissions/rate', body: { rate: '5' } }),
    inScope: (p) => (p === 'system' ? PASS : [404]),
  },
  {
    route: 'GET /api/configuration/commissions',
    vary: null,
    request: () => ({ url: '/api/configuration/commissions' }),
    inScope: (p) => (p === 'system' || p === 'sales' || p === 'accountExecutive' ? PASS : [404]),
  },
  {
    route: 'GET /api/configuration/commissions/user/:usrID',
    vary: { resource: 'user', field: 'usrID' },
    request: ({ id }) => ({ url: `/api/configuration/commissions/user/${id}` }),
    inScope: (p, subject) => (subject === p && (p === 'sales' || p === 'accountExecutive') ? PASS : [404]),
  },
];
