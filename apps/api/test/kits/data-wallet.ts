import { randomUUID } from 'node:crypto';
import { billingLots, DEMO, eq, paymentOperations, queryRows, sql, users } from '@app/db';
import type { TestRuntime } from '../harness.js';
import { signIn } from '../sign-in.js';
import { cardForm, freshAgency } from './cards.js';
import { get, post, put, type Who } from './users.js';

/** The Data Wallet's routes (spec 2 §7), below the API base. */
export const WALLET = '/configuration/agencies/prepaid';

/** Opens the Data Wallet to every agency of the master system (not beta: no agreement asked). */
export async function openWallet(rt: TestRuntime) {
  const root = await signIn(rt, DEMO.master.rootUser.email, { ip: '10.77.0.1' });
  const res = await put(
    rt,
    '/configuration/beta-features/1',
    { is_beta: false, apply_to_all_agency: false, testers: [] },
    root.access_token,
  );
  if (res.statusCode !== 200) throw new Error(`opening the wallet answered ${res.statusCode}: ${res.body}`);
}

/** A new master-system agency with a signed-in owner and, unless `card` is null, a card of that token. */
export async function walletAgency(rt: TestRuntime, card: string | null = 'tok_visa') {
  const agency = await freshAgency(rt);
  if (card) {
    const saved = await post(rt, '/payment/customer', cardForm(agency.id, card), agency.token);
    if (saved.statusCode !== 200) throw new Error(`card not saved: ${saved.body}`);
  }
  return agency;
}

export const walletView = (rt: TestRuntime, who: Who, companyId = who.company, date?: string) =>
  get(
    rt,
    `${WALLET}/get-direct-payment?company_id=${companyId}${date === undefined ? '' : `&date=${date}`}`,
    who.token,
  );
export const walletHistory = (rt: TestRuntime, who: Who, companyId: number, date?: string) =>
  get(
    rt,
    `${WALLET}/get-transaction-history-direct-payment?company_id=${companyId}${date === undefined ? '' : `&date=${date}`}`,
    who.token,
  );
export const saveWallet = (rt: TestRuntime, who: Who, body: Record<string, unknown>) =>
  post(rt, `${WALLET}/save-prepaid-direct-payment`, { company_id: who.company, ...body }, who.token);
export const stopContinual = (rt: TestRuntime, who: Who, stop: 'T' | 'F', companyId = who.company) =>
  put(rt, `${WALLET}/stop-continual-topup`, { company_id: companyId, stop_continual: stop }, who.token);

/** The modal's charge body: a preset (or custom amount), continual top-up as given, a fresh request id unless one is given. */
export const chargeBody = (
  companyId: number,
  amount: string,
  extra: { custom_amount?: 'T' | 'F'; stop_continual?: 'T' | 'F'; request_id?: string } = {},
) => ({
  company_id: companyId,
  amount,
  custom_amount: extra.custom_amount ?? 'F',
  stop_continual: extra.stop_continual ?? 'F',
  request_id: extra.request_id ?? randomUUID(),
  ip_user: '192.0.2.10',
  timezone: 'America/Chicago',
  payment_type: 'credit_card',
});
export const chargeWallet = (rt: TestRuntime, who: Who, body: Record<string, unknown>) =>
  post(rt, `${WALLET}/charge-prepaid-direct-payment`, body, who.token);

/** The wallet lots of an agency, oldest first. */
export const walletLotsOf = (rt: TestRuntime, agencyId: number) =>
  rt.database.db
    .select()
    .from(billingLots)
    .where(sql`${billingLots.companyId} = ${agencyId} and ${billingLots.kind} = 'wallet'`)
    .orderBy(billingLots.boughtAt, billingLots.id);

/** The wallet's payment operations (by hand and automatic), by key. */
export const walletOperationsOf = (rt: TestRuntime, agencyId: number) =>
  rt.database.db
    .select()
    .from(paymentOperations)
    .where(
      sql`${paymentOperations.businessKey} like ${`wallet-topup:${agencyId}:%`} or ${paymentOperations.businessKey} like ${`wallet-auto:${agencyId}:%`}`,
    )
    .orderBy(paymentOperations.id);

/** The sandbox's charges under the agency's wallet keys: what the card was really charged. */
export const walletGatewayCharges = (rt: TestRuntime, agencyId: number) =>
  queryRows<{ id: string; idempotency_key: string; amount: number }>(
    rt.database.db,
    sql`select id, idempotency_key, amount::int as amount from sandbox_charges
         where idempotency_key like ${`wallet-topup:${agencyId}:%`} or idempotency_key like ${`wallet-auto:${agencyId}:%`}
         order by created_at, id`,
  );

/** The wallet's balance as the ledger says it (its account's sum, credit side up). */
export async function walletBalance(rt: TestRuntime, systemId: number, agencyId: number) {
  const account = await rt.services.ledger.accountFor({
    systemId,
    kind: 'wallet',
    owner: { type: 'company', companyId: agencyId },
  });
  return (await rt.services.ledger.balanceOf({ systemId, accountId: account.id })).balance;
}

/** The wallet account's lines with their posting's cause and key. */
export const walletLines = (rt: TestRuntime, agencyId: number) =>
  queryRows<{ cause_kind: string; business_key: string; amount: number; gateway_object_id: string | null }>(
    rt.database.db,
    sql`select p.cause_kind, p.business_key, l.amount::int as amount, p.gateway_object_id
          from ledger_lines l
          join ledger_postings p on p.id = l.posting_id
          join ledger_accounts a on a.id = l.account_id
         where a.kind = 'wallet' and a.company_id = ${agencyId}
         order by l.id`,
  );

/** The owner row of a demo e-mail. */
export async function userIdOf(rt: TestRuntime, email: string) {
  const [row] = await rt.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}
