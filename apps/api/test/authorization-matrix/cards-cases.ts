import { firstRow, sql } from '@app/db';
import type { CaseContext, MatrixCase } from './cases.js';
import { sameCompany, worksForRoot } from './world.js';

/**
 * The rows of the card, coupon, billing-method and settlement routes (decisions 0032, 0075). Bodies are chosen so an
 * answer past the access layer changes nothing another row depends on: an unknown card token (the
 * gateway refuses it, 400, no card saved), a coupon check against a fee of zero, manual bill off as
 * the demo has it.
 */
const user = { resource: 'user', field: 'usrID' } as const;
const company = { resource: 'company', field: 'companyID' } as const;
const PASS = 'pass' as const;

/** A card is one's own company's: another company's person in scope is still not found. */
const ownCompanyOnly = (
  p: Parameters<NonNullable<MatrixCase['inScope']>>[0],
  subject: Parameters<NonNullable<MatrixCase['inScope']>>[1],
) => (sameCompany(p, subject) ? PASS : [404]);

const cardBody = (usrID: number | string) => ({
  tokenid: 'tok_matrix_unknown',
  cardholder: 'Matrix',
  address: '1 Matrix Way',
  city: 'Chicago',
  state: 'IL',
  country: 'US',
  zip: '60601',
  usrID,
});

async function welcomeCouponId(ctx: CaseContext): Promise<number> {
  const { rows } = (await ctx.db.execute(
    sql`select id from coupons where code = 'WELCOME50' order by id limit 1`,
  )) as unknown as { rows: { id: number }[] };
  return Number(firstRow(rows, 'WELCOME50').id);
}

export const CARDS_MATRIX_CASES: MatrixCase[] = [
  {
    route: 'GET /api/payment/card/:usrID',
    vary: user,
    request: ({ id }) => ({ url: `/api/payment/card/${id}` }),
  },
  {
    route: 'PUT /api/payment/card',
    vary: user,
    request: ({ id }) => ({ url: '/api/payment/card', body: cardBody(id) }),
    inScope: ownCompanyOnly,
  },
  {
    route: 'POST /api/payment/customer',
    vary: user,
    request: ({ id }) => ({ url: '/api/payment/customer', body: { ...cardBody(id), code: 'WELCOME50' } }),
    inScope: ownCompanyOnly,
  },
  {
    route: 'POST /api/payment/customer-direct',
    vary: user,
    request: ({ id }) => ({ url: '/api/payment/customer-direct', body: { usrID: id } }),
    inScope: ownCompanyOnly,
  },
  {
    // On the matrix's sandbox systems a caller past the access layer is told SetupIntents are Stripe's (400).
    route: 'POST /api/payment/setup-intent',
    vary: user,
    request: ({ id }) => ({ url: '/api/payment/setup-intent', body: { usrID: id } }),
    inScope: ownCompanyOnly,
  },
  {
    route: 'POST /api/payment/sandbox/token',
    vary: null,
    request: () => ({
      url: '/api/payment/sandbox/token',
      body: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123', cardholder: 'Matrix' },
    }),
  },
  {
    // Decision 0075: company staff over the person settle its declined invoices (none in the matrix
    // world, so an allowed call charges nothing); clients and sales are refused by the policy.
    route: 'PUT /api/general/manual-bill-settlement',
    vary: { resource: 'user', field: 'userID' },
    request: ({ id }) => ({ url: '/api/general/manual-bill-settlement', body: { userID: id } }),
  },
  {
    route: 'GET /api/general/payment-failures/:userID',
    vary: { resource: 'user', field: 'userID' },
    request: ({ id }) => ({ url: `/api/general/payment-failures/${id}` }),
  },
  {
    route: 'PUT /api/payment/set-billing-method',
    vary: company,
    request: ({ id }) => ({
      url: '/api/payment/set-billing-method',
      body: { companyID: id, manualBill: 'F' },
    }),
  },
  {
    route: 'POST /api/configuration/coupon/get-coupon',
    vary: company,
    // No onboarding fee in the matrix world: in scope the answer is 400 (coupons cannot be used).
    request: ({ id }) => ({
      url: '/api/configuration/coupon/get-coupon',
      body: { code: 'WELCOME50', companyID: id },
    }),
  },
  {
    route: 'GET /api/configuration/coupon/list/:company',
    vary: { resource: 'company', field: 'company' },
    request: ({ id }) => ({ url: `/api/configuration/coupon/list/${id}` }),
    // Coupons hang on the system's root company; any other company in scope is not found.
    inScope: (_p, subject) => (worksForRoot(subject) ? PASS : [404]),
  },
  {
    route: 'POST /api/configuration/coupon/create',
    vary: company,
    request: ({ id }) => ({
      url: '/api/configuration/coupon/create',
      body: { companyID: id, code: 'MATRIX10', kind: 'percent', value: '10' },
    }),
    inScope: (_p, subject) => (worksForRoot(subject) ? PASS : [404]),
  },
  {
    route: 'PUT /api/configuration/coupon/disable',
    vary: company,
    request: async (ctx) => ({
      url: '/api/configuration/coupon/disable',
      body: { companyID: ctx.id, id: await welcomeCouponId(ctx) },
    }),
    inScope: (_p, subject) => (worksForRoot(subject) ? PASS : [404]),
  },
];
