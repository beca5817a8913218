import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import {
  harborPaying,
  sandboxChargesWithKey,
  startedHarborCampaign,
} from '../../../../test/kits/harbor-billing.js';
import type { Who } from '../../../../test/kits/users.js';

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
  ({ client, owner, harbor } = await harborPaying(rt));
});
afterAll(() => rt?.close());

const chargesWithKey = (key: string) => sandboxChargesWithKey(rt, key);
const left = async (id: number) => (await rt.services.billing.prepaid.left([id])).get(id) ?? 0;
/** Spends prepaid leads as the lead claim does: the lots locked, the use posted, in one transaction. */
const spend = (id: number, leads: number, firstLeadId: number) =>
  rt.database.db.transaction(async (tx) => {
    await rt.services.billing.prepaid.lockLeft([id], tx);
    await rt.services.billing.prepaid.use([{ campaignId: id, leads, firstLeadId }], tx);
  });

async function prepaidCampaign(topupoptions: 'continual' | 'onetime') {
  const { id } = await startedHarborCampaign(
    rt,
    { client, owner, harbor },
    {
      PaymentTerm: 'Prepaid',
      PlatformFee: '99',
      CostMonth: '0',
      CostSet: '1.50',
      leadsbuy: 20,
      topupoptions,
    },
  );
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
