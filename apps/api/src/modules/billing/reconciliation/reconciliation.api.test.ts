import { reconciliationResponseSchema } from '@app/contracts';
import { DEMO, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { saveFirstCard } from '../../../../test/kits/cards.js';
import { chargeBody, chargeWallet, openWallet, walletAgency } from '../../../../test/kits/data-wallet.js';
import { harborPaying, startedHarborCampaign } from '../../../../test/kits/harbor-billing.js';
import { get, PEOPLE, post, type Who, who } from '../../../../test/kits/users.js';
import { sandboxOf } from '../../../../test/payments.js';
import { seedDemoMoney } from '../../../demo/demo-money.js';
import { type SettableClock, settableClock } from '../../../lib/clock.js';
import { reconcileHandler } from './reconcile-job.js';

/*
 * Reconciliation on the sandbox (decision 0079): after the demo's money, an activation on an agency's
 * connected account, a week's invoice and a Data Wallet top-up, the job finds the ledger equal to the
 * gateway (zero differences, the totals and every payer's figures equal on both sides); a charge at the
 * gateway that no operation made, and an operation whose amount is not the gateway's, are listed with
 * their keys; a re-run of the day replaces its result; only the system's owners may read it.
 */

const DAY = 86_400_000;
let rt: TestRuntime;
let clock: SettableClock;
let root: Who;
beforeAll(async () => {
  clock = settableClock(new Date());
  rt = await startTestRuntime({ clock });
  root = await who(rt, PEOPLE.root);
});
afterAll(() => rt?.close());

const reconcile = () =>
  reconcileHandler({ reconciliation: rt.services.billing.reconciliation }).handle(
    {},
    { retryCount: 0, isLastAttempt: true },
  );
async function latest(by: Who = root) {
  const res = await get(rt, '/configuration/reconciliation', by.token);
  expect(res.statusCode, res.body).toBe(200);
  return reconciliationResponseSchema.parse(res.json()).runs;
}
const masterSystem = async () =>
  (
    await queryRows<{ id: number }>(
      rt.database.db,
      sql`select id from systems where name = ${DEMO.master.systemName}`,
    )
  )[0]!.id;

describe('the sandbox after a few months of billing', () => {
  it('reports zero differences, and the ledger, the gateway and every payer agree', async () => {
    // The demo's months of platform fees and a refund, on Northwind's own card (posted without operations)…
    const northwind = await who(rt, PEOPLE.northwind);
    const card = await saveFirstCard(rt, northwind);
    expect(card.statusCode, card.body).toBe(200);
    const demo = await seedDemoMoney({
      db: rt.database.db,
      ledger: rt.services.ledger,
      gateway: sandboxOf(rt),
      customerOf: rt.services.customerOf,
      now: clock.now(),
    });
    expect(demo.postings).toBeGreaterThan(0);
    // An activation charged on Northwind's connected account (the wholesale as application fee)…
    const payers = await harborPaying(rt);
    await startedHarborCampaign(rt, payers, {
      PaymentTerm: 'Weekly',
      PlatformFee: '31',
      CostMonth: '49',
      CostSet: '1.50',
    });
    // …its first week's invoice charged…
    clock.advance(8 * DAY);
    await rt.services.billing.invoicing.run();
    // …and a Data Wallet top-up of an agency's card on the platform.
    await openWallet(rt);
    const agency = await walletAgency(rt);
    const topUp = await chargeWallet(rt, agency, chargeBody(agency.company, '500'));
    expect(topUp.statusCode, topUp.body).toBe(200);

    await reconcile();
    const [run, ...others] = await latest();
    expect(others).toEqual([]);
    expect(run).toMatchObject({ gateway: 'sandbox', difference_count: 0, differences: [] });
    // Northwind's onboarding fee, six monthly fees and a refund, the activation, the invoice and the top-up.
    expect(run!.checked).toBeGreaterThanOrEqual(10);
    expect(run!.gateway_totals.net_cents).toBe(run!.ledger_totals.net_cents);
    expect(run!.gateway_totals.refunds_cents).toBeGreaterThan(0);
    expect(run!.gateway_totals.application_fees_cents).toBeGreaterThan(0);
    for (const party of run!.parties) expect(party.gateway_cents, party.name).toBe(party.ledger_cents);
    expect(run!.parties.map((p) => p.company_id)).toEqual(
      expect.arrayContaining([payers.harbor, agency.company]),
    );
    // The gateway's side is the sandbox's own rows: its charges of the system, summed independently.
    const system = await masterSystem();
    const [sums] = await queryRows<{ charges: number }>(
      rt.database.db,
      sql`select coalesce(sum(amount), 0)::int as charges from sandbox_charges
           where metadata->>'system_id' = ${String(system)}
              or idempotency_key in (select business_key from payment_operations where system_id = ${system})`,
    );
    expect(run!.gateway_totals.charges_cents).toBe(sums!.charges);
    console.info(
      `reconciliation: ${run!.checked} records, gateway net ${run!.gateway_totals.net_cents} = ledger net ${run!.ledger_totals.net_cents} cents`,
    );
  });

  it("lists a gateway charge no operation made, and an operation whose amount is not the gateway's, with their keys; a re-run of the day replaces the result", async () => {
    const system = await masterSystem();
    // Test-only tampering, on each side: a charge appears at the gateway under a key we never used…
    const [model] = await queryRows<{ customer_id: string; card_id: string }>(
      rt.database.db,
      sql`select customer_id, card_id from sandbox_charges where account_id is null limit 1`,
    );
    await rt.database.db.execute(
      sql`insert into sandbox_charges (id, customer_id, card_id, amount, description, metadata, idempotency_key)
          values ('ch_sbxtampered', ${model!.customer_id}, ${model!.card_id}, 1234, 'Not ours',
                  ${JSON.stringify({ system_id: String(system) })}::jsonb, 'tampered:1')`,
    );
    // …and an operation of ours claims another amount than the gateway charged.
    const [operation] = await queryRows<{ business_key: string; charge_id: string; amount: number }>(
      rt.database.db,
      sql`select business_key, charge_id, amount::int as amount from payment_operations
           where system_id = ${system} and status = 'succeeded' and business_key like 'wallet-topup:%' limit 1`,
    );
    await rt.database.db.execute(
      sql`update payment_operations set amount = amount + 100 where business_key = ${operation!.business_key}`,
    );
    try {
      const ran = await post(rt, '/configuration/reconciliation/run', {}, root.token);
      expect(ran.statusCode, ran.body).toBe(200);
      const [run] = reconciliationResponseSchema.parse(ran.json()).runs;
      expect(run!.differences).toHaveLength(2);
      expect(run!.differences).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'gateway_record_without_operation',
            label: 'Gateway record with no operation',
            operation_key: 'tampered:1',
            gateway_object_id: 'ch_sbxtampered',
            ours_cents: null,
            gateway_cents: 1234,
          }),
          expect.objectContaining({
            kind: 'amount_mismatch',
            operation_key: operation!.business_key,
            gateway_object_id: operation!.charge_id,
            ours_cents: operation!.amount + 100,
            gateway_cents: operation!.amount,
          }),
        ]),
      );
      expect(run!.difference_count).toBe(2);
      expect(run!.gateway_totals.net_cents - run!.ledger_totals.net_cents).toBe(1234);
    } finally {
      await rt.database.db.execute(
        sql`update payment_operations set amount = ${operation!.amount} where business_key = ${operation!.business_key}`,
      );
    }
    // Still one run of the day (the clock's) for the system's sandbox: the re-run replaced it.
    const today = clock.now().toISOString().slice(0, 10);
    const [runs] = await queryRows<{ runs: number; differences: number }>(
      rt.database.db,
      sql`select count(*)::int as runs, (select count(*)::int from reconciliation_differences d
                                          join reconciliation_runs r on r.id = d.run_id
                                         where r.system_id = ${system} and r.run_date = ${today}::date) as differences
            from reconciliation_runs where system_id = ${system} and run_date = ${today}::date`,
    );
    expect(runs).toEqual({ runs: 1, differences: 2 });
    await reconcile();
    const [after] = await latest();
    expect(after!.differences.map((d) => d.operation_key)).toEqual(['tampered:1']);
  });
});

describe('who may read it', () => {
  it("refuses every role but the system's owners; another system's owner sees only its own system", async () => {
    for (const email of [PEOPLE.northwind, PEOPLE.client, PEOPLE.sales, PEOPLE.ae]) {
      const person = await who(rt, email);
      const read = await get(rt, '/configuration/reconciliation', person.token);
      expect(read.statusCode, email).toBe(404);
      const run = await post(rt, '/configuration/reconciliation/run', {}, person.token);
      expect(run.statusCode, email).toBe(404);
    }
    const other = await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain);
    const runs = await latest(other);
    for (const run of runs) expect(run.differences.map((d) => d.operation_key)).not.toContain('tampered:1');
  });
});
