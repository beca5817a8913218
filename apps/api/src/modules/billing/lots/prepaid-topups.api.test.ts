import { DEMO, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { saveCard } from '../../../../test/kits/cards.js';
import { companyByName, PEOPLE, post, put, type Who, who } from '../../../../test/kits/users.js';
import { sandboxOf } from '../../../../test/payments.js';

/*
 * Continual top-up (decision 0076): a Prepaid campaign's block is a ledger lot; when what is left falls
 * to a tenth of the block, the next block is bought once however many checks run at once, opened as a
 * lot by the charge's follow-up, and a campaign paused for its balance runs again.
 */

let rt: TestRuntime;
let client: Who;
let owner: Who;
let harbor: number;

beforeAll(async () => {
  rt = await startTestRuntime();
  client = await who(rt, PEOPLE.client);
  owner = await who(rt, PEOPLE.northwind);
  harbor = (await companyByName(rt, DEMO.northwind.clients[0].name)).id;
  const token = await sandboxOf(rt).createCardToken({
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2040,
    holderName: 'Harbor Dental',
  });
  await saveCard(rt, client, token);
});
afterAll(() => rt?.close());

const chargesWithKey = async (key: string) =>
  (
    (await rt.database.db.execute(
      sql`select amount::int as amount, application_fee::int as fee from sandbox_charges where idempotency_key = ${key}`,
    )) as unknown as { rows: { amount: number; fee: number | null }[] }
  ).rows;
const left = async (id: number) => (await rt.services.billing.prepaid.left([id])).get(id) ?? 0;
/** Spends prepaid leads as the lead claim does: the lots locked, the use posted, in one transaction. */
const spend = (id: number, leads: number, firstLeadId: number) =>
  rt.database.db.transaction(async (tx) => {
    await rt.services.billing.prepaid.lockLeft([id], tx);
    await rt.services.billing.prepaid.use([{ campaignId: id, leads, firstLeadId }], tx);
  });

async function prepaidCampaign(topupoptions: 'continual' | 'onetime') {
  const made = await post(
    rt,
    '/leadspeek/client/create',
    {
      leadspeekType: 'local',
      clientID: harbor,
      campaignName: `Prepaid ${Math.random().toString(36).slice(2, 8)}`,
      urlCode: 'https://harbordental.example/',
    },
    client.token,
  );
  expect(made.statusCode, made.body).toBe(200);
  const id = made.json().data.leadspeekID as number;
  const priced = await put(
    rt,
    '/configuration/user/costmodule',
    {
      leadspeekID: id,
      PaymentTerm: 'Prepaid',
      PlatformFee: '99',
      CostMonth: '0',
      CostSet: '1.50',
      LimitLead: 0,
      LimitLeadFreq: 'day',
      leadsbuy: 20,
      topupoptions,
    },
    owner.token,
  );
  expect(priced.statusCode, priced.body).toBe(200);
  const started = await put(
    rt,
    '/leadspeek/client/activepause',
    { leadspeekID: id, status: 'running' },
    owner.token,
  );
  expect(started.statusCode, started.body).toBe(200);
  return id;
}

describe('continual top-up', () => {
  it('buys the next block once under 25 concurrent checks when a tenth of the block is left', async () => {
    const id = await prepaidCampaign('continual');
    expect(await left(id)).toBe(20);
    await spend(id, 17, 1_000_001);
    expect(await rt.services.billing.topUps.check(id)).toBe('not_due');
    await spend(id, 1, 1_000_002);

    const outcomes = await Promise.all(
      Array.from({ length: 25 }, () => rt.services.billing.topUps.check(id)),
    );
    expect(outcomes.filter((o) => o === 'paid').length).toBeGreaterThanOrEqual(1);
    const charged = await chargesWithKey(`prepaid-topup:${id}:2`);
    expect(charged).toHaveLength(1);
    expect(charged[0]?.amount).toBe(3_000);
    expect(await chargesWithKey(`prepaid-topup:${id}:3`)).toHaveLength(0);
    expect(await left(id)).toBe(22);
    expect(await rt.services.billing.topUps.check(id)).toBe('not_due');
  });

  it('buys nothing for a one-time block, even when it has no lead left', async () => {
    const id = await prepaidCampaign('onetime');
    await spend(id, 20, 2_000_001);
    expect(await rt.services.billing.topUps.check(id)).toBe('not_continual');
    expect(await chargesWithKey(`prepaid-topup:${id}:2`)).toHaveLength(0);
    expect(await left(id)).toBe(0);
  });
});
