import { asCents, type Cents } from '@app/contracts';
import { and, companies, type Database, DEMO, eq, firstRow, systems } from '@app/db';
import type { Ledger, LedgerCauseKind, PostingLineInput } from '../modules/ledger/index.js';
import type { PaymentGateway } from '../providers/payments/index.js';

/** The demo's monthly platform fee for Northwind (what a newcomer sees in its billing history). */
export const DEMO_PLATFORM_FEE = asCents(14_900);
/** A service credit refunded from one month's fee. */
const DEMO_SERVICE_CREDIT = asCents(4_900);
/** How many months of history, the current one included. */
export const DEMO_MONTHS = 6;
const MONTH_NAMES = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Demo money (issue 10 "Seeing the money"): a few months of sandbox charges for Northwind Digital,
 * made through the sandbox gateway and posted through the ledger, so a newcomer signs in and sees
 * real rows in billing history and collected revenue. Only on the sandbox (never a real card), only
 * when the demo seed has just run. Every operation has a `demo-money:` business key (the gateway's
 * idempotency key too), so running it again changes nothing. The onboarding charge is not made here:
 * the demo's card holders save their cards through the card service (`demo-cards.ts`), which charges it.
 */
export async function seedDemoMoney(deps: {
  db: Database;
  ledger: Ledger;
  gateway: PaymentGateway;
  now?: Date;
}): Promise<{ postings: number }> {
  const { db, ledger, gateway } = deps;
  if (gateway.name !== 'sandbox') return { postings: 0 };
  const now = deps.now ?? new Date();
  const [master] = await db
    .select({ id: systems.id, rootCompanyId: systems.rootCompanyId })
    .from(systems)
    .where(eq(systems.name, DEMO.master.systemName));
  if (!master?.rootCompanyId) return { postings: 0 };
  const systemId = master.id;
  const agency = firstRow(
    await db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(and(eq(companies.systemId, systemId), eq(companies.name, DEMO.northwind.name))),
    DEMO.northwind.name,
  );
  const key = (what: string) => `demo-money:${what}:${agency.id}`;

  const customer = await gateway.createCustomer({
    idempotencyKey: key('customer'),
    email: DEMO.northwind.owner.email,
    name: agency.name,
    metadata: { company_id: String(agency.id), demo: 'true' },
  });
  await gateway.attachCard({ idempotencyKey: key('card'), customerId: customer.id, cardToken: 'tok_visa' });

  const system = { type: 'system' } as const;
  const [clearing, revenue, refunds, receivable] = await Promise.all([
    ledger.accountFor({ systemId, kind: 'gateway_clearing', owner: system }),
    ledger.accountFor({ systemId, kind: 'revenue', owner: system }),
    ledger.accountFor({ systemId, kind: 'refunds', owner: system }),
    ledger.accountFor({ systemId, kind: 'receivable', owner: { type: 'company', companyId: agency.id } }),
  ]);
  const neg = (cents: Cents) => asCents(-cents);
  let postings = 0;

  /** A charge of the agency's card, recorded like `chargeOnce` records one: charged, then collected. */
  async function charge(
    businessKey: string,
    kind: LedgerCauseKind,
    description: string,
    amount: Cents,
    at: Date,
  ) {
    const made = await gateway.createCharge({
      idempotencyKey: businessKey,
      customerId: customer.id,
      amount,
      currency: 'usd',
      description,
      metadata: { business_key: businessKey, demo: 'true' },
    });
    const lines: PostingLineInput[] = [
      { accountId: receivable.id, amount },
      { accountId: revenue.id, amount: neg(amount) },
      { accountId: clearing.id, amount },
      { accountId: receivable.id, amount: neg(amount) },
    ];
    const posted = await ledger.post({
      systemId,
      cause: { kind, description, businessKey, companyId: agency.id },
      gateway: { name: gateway.name, objectId: made.id },
      lines,
      postedAt: at,
    });
    if (posted.created) postings += 1;
    return made;
  }

  /** A refund: credited to the agency, then paid back to its card. */
  async function refund(chargeId: string, description: string, amount: Cents, at: Date) {
    const made = await gateway.refund({ idempotencyKey: `demo-money:refund:${chargeId}`, chargeId, amount });
    const posted = await ledger.post({
      systemId,
      cause: { kind: 'refund', description, businessKey: `refund:${chargeId}`, companyId: agency.id },
      gateway: { name: gateway.name, objectId: made.id },
      lines: [
        { accountId: refunds.id, amount },
        { accountId: receivable.id, amount: neg(amount) },
        { accountId: receivable.id, amount },
        { accountId: clearing.id, amount: neg(amount) },
      ],
      postedAt: at,
    });
    if (posted.created) postings += 1;
  }

  // A time in a month `back` months ago, never later than a minute ago.
  const at = (back: number, day: number, hour: number) =>
    new Date(
      Math.min(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, day, hour), now.getTime() - 60_000),
    );
  const monthOf = (back: number) => at(back, 1, 12).toISOString().slice(0, 7);

  const first = DEMO_MONTHS - 1;
  const fees: Record<number, string> = {};
  for (let back = first; back >= 0; back -= 1) {
    const month = monthOf(back);
    const made = await charge(
      `demo-money:platform-fee:${agency.id}:${month}`,
      'charge',
      `Monthly platform fee, ${MONTH_NAMES.format(at(back, 1, 12))} (sandbox demo)`,
      DEMO_PLATFORM_FEE,
      at(back, 1, 9),
    );
    fees[back] = made.id;
  }
  // The fee of two months ago, partly refunded last month.
  const refunded = fees[2];
  if (refunded)
    await refund(
      refunded,
      'Service credit for a delayed campaign launch (sandbox demo)',
      DEMO_SERVICE_CREDIT,
      at(1, 18, 10),
    );
  return { postings };
}
