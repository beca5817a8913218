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

/** The company's customer at the gateway, as the card service stored it (null before its first card). */
export type CustomerOf = (
  companyId: number,
) => Promise<{ gateway: string; customerId: string; connectedAccountId: string | null } | null>;

/** The agencies that pay the demo's monthly platform fee, each on its own card. */
const PAYING_AGENCIES = [
  { name: DEMO.northwind.name, fee: DEMO_PLATFORM_FEE, serviceCredit: DEMO_SERVICE_CREDIT },
];

/**
 * Demo money (issue 10 "Seeing the money"): a few months of sandbox platform fees for each paying
 * agency, made through the sandbox gateway and posted through the ledger, so a newcomer signs in
 * and sees real rows in billing history and collected revenue. Each fee is charged to the agency's
 * own customer, the one the card service created when the demo's card holders saved their cards
 * (`demo-cards.ts`, which runs first and also charges the onboarding fee), so every charge at the
 * gateway belongs to the company its ledger posting names. An agency without a card is skipped.
 * Only on the sandbox (never a real card), only when the demo seed has just run. Every operation has
 * a `demo-money:` business key (the gateway's idempotency key too), so running it again changes
 * nothing.
 */
export async function seedDemoMoney(deps: {
  db: Database;
  ledger: Ledger;
  gateway: PaymentGateway;
  customerOf: CustomerOf;
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
  const system = { type: 'system' } as const;
  const [clearing, revenue, refunds] = await Promise.all([
    ledger.accountFor({ systemId, kind: 'gateway_clearing', owner: system }),
    ledger.accountFor({ systemId, kind: 'revenue', owner: system }),
    ledger.accountFor({ systemId, kind: 'refunds', owner: system }),
  ]);
  const neg = (cents: Cents) => asCents(-cents);
  let postings = 0;

  // A time in a month `back` months ago, never later than a minute ago.
  const at = (back: number, day: number, hour: number) =>
    new Date(
      Math.min(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, day, hour), now.getTime() - 60_000),
    );
  const monthOf = (back: number) => at(back, 1, 12).toISOString().slice(0, 7);

  for (const payer of PAYING_AGENCIES) {
    const agency = firstRow(
      await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(and(eq(companies.systemId, systemId), eq(companies.name, payer.name))),
      payer.name,
    );
    // An agency's card is a customer on the platform account (decision 0032), never a connected one.
    const customer = await deps.customerOf(agency.id);
    if (!customer || customer.gateway !== gateway.name || customer.connectedAccountId !== null) {
      console.warn(`Demo money: ${agency.name} has no sandbox card of its own; its fees are left out.`);
      continue;
    }
    const receivable = await ledger.accountFor({
      systemId,
      kind: 'receivable',
      owner: { type: 'company', companyId: agency.id },
    });

    /** A charge of the agency's card, recorded like `chargeOnce` records one: charged, then collected. */
    const charge = async (
      businessKey: string,
      kind: LedgerCauseKind,
      description: string,
      amount: Cents,
      on: Date,
    ) => {
      const made = await gateway.createCharge({
        idempotencyKey: businessKey,
        customerId: customer.customerId,
        amount,
        currency: 'usd',
        description,
        metadata: {
          business_key: businessKey,
          system_id: String(systemId),
          company_id: String(agency.id),
          demo: 'true',
        },
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
        postedAt: on,
      });
      if (posted.created) postings += 1;
      return made;
    };

    /** A refund: credited to the agency, then paid back to its card. */
    const refund = async (chargeId: string, description: string, amount: Cents, on: Date) => {
      const made = await gateway.refund({
        idempotencyKey: `demo-money:refund:${chargeId}`,
        chargeId,
        amount,
      });
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
        postedAt: on,
      });
      if (posted.created) postings += 1;
    };

    const fees: Record<number, string> = {};
    for (let back = DEMO_MONTHS - 1; back >= 0; back -= 1) {
      const made = await charge(
        `demo-money:platform-fee:${agency.id}:${monthOf(back)}`,
        'charge',
        `Monthly platform fee, ${MONTH_NAMES.format(at(back, 1, 12))} (sandbox demo)`,
        payer.fee,
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
        payer.serviceCredit,
        at(1, 18, 10),
      );
  }
  return { postings };
}
