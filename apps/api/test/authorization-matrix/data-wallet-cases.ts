import { openFeature } from './agreements-cases.js';
import type { CaseContext, MatrixCase } from './cases.js';
import type { Person } from './world.js';

/**
 * The Data Wallet's rows (decision 0073). The wallet is made non-beta in the caller's system first,
 * so an agency's wallet opens; any other company in scope (a client, the root company) has none and
 * answers 404. Bodies change nothing another row depends on: the settings saved are $0 with continual
 * top-up stopped, and the top-up finds no card in the matrix world (answered, nothing charged).
 */
const PASS = 'pass' as const;
const company = { resource: 'company', field: 'company_id' } as const;
/** The people who work for an agency: the wallet is an agency's. */
const AGENCY_PEOPLE: readonly Person[] = ['agencyOwner', 'agencyAdmin', 'otherAgency'];
const agencyOnly = (_p: unknown, subject: Person) => (AGENCY_PEOPLE.includes(subject) ? PASS : [404]);

const BASE = '/api/configuration/agencies/prepaid';
const opened = async (ctx: CaseContext, url: string, body?: unknown) => {
  await openFeature(ctx, 1);
  return body === undefined ? { url } : { url, body };
};
const settings = (id: number | string) => ({
  company_id: id,
  amount: '0',
  custom_amount: 'F',
  stop_continual: 'T',
});

export const DATA_WALLET_MATRIX_CASES: MatrixCase[] = [
  {
    route: `GET ${BASE}/get-direct-payment`,
    vary: company,
    request: (ctx) => opened(ctx, `${BASE}/get-direct-payment?company_id=${ctx.id}&date=2026-01`),
    inScope: agencyOnly,
  },
  {
    route: `GET ${BASE}/get-transaction-history-direct-payment`,
    vary: company,
    request: (ctx) => opened(ctx, `${BASE}/get-transaction-history-direct-payment?company_id=${ctx.id}`),
    inScope: agencyOnly,
  },
  {
    route: `GET ${BASE}/download-transaction-history-direct-payment/:company_id/:date?`,
    vary: company,
    request: (ctx) => opened(ctx, `${BASE}/download-transaction-history-direct-payment/${ctx.id}/2026-01`),
    inScope: agencyOnly,
  },
  {
    // The date left empty: the current month.
    route: `GET ${BASE}/download-transaction-history-direct-payment/:company_id/:date?`,
    vary: company,
    request: (ctx) => opened(ctx, `${BASE}/download-transaction-history-direct-payment/${ctx.id}`),
    inScope: agencyOnly,
  },
  {
    route: `PUT ${BASE}/stop-continual-topup`,
    vary: company,
    request: (ctx) =>
      opened(ctx, `${BASE}/stop-continual-topup`, { company_id: ctx.id, stop_continual: 'T' }),
    inScope: agencyOnly,
  },
  {
    route: `POST ${BASE}/save-prepaid-direct-payment`,
    vary: company,
    request: (ctx) => opened(ctx, `${BASE}/save-prepaid-direct-payment`, settings(ctx.id)),
    inScope: agencyOnly,
  },
  {
    route: `POST ${BASE}/charge-prepaid-direct-payment`,
    vary: company,
    request: (ctx) =>
      opened(ctx, `${BASE}/charge-prepaid-direct-payment`, {
        ...settings(ctx.id),
        amount: '250',
        request_id: `matrix-${ctx.p}-${String(ctx.id)}`,
        ip_user: '192.0.2.1',
        timezone: 'America/Chicago',
        payment_type: 'credit_card',
      }),
    inScope: agencyOnly,
  },
];
