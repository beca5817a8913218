import { DEMO } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import {
  type HarborPayers,
  harborPaying,
  startedHarborCampaign,
} from '../../../../test/kits/harbor-billing.js';
import { get, PEOPLE, who } from '../../../../test/kits/users.js';

/*
 * Card payments (decision 0091): a client reads every charge of its card whole, though the platform's
 * ledger holds only the platform's part of a direct charge; its agency and the system read them too;
 * another agency, another system and a bad page change nothing and answer 404 / 400.
 */

let rt: TestRuntime;
let payers: HarborPayers;
let publicId: string;

beforeAll(async () => {
  rt = await startTestRuntime();
  payers = await harborPaying(rt);
  ({ publicId } = await startedHarborCampaign(rt, payers, {
    PaymentTerm: 'Weekly',
    PlatformFee: '31',
    CostMonth: '49',
    CostSet: '1.50',
  }));
});
afterAll(() => rt?.close());

const list = (token: string, companyId: number, query = '') =>
  get(rt, `/billing/card-payments/company/${companyId}${query}`, token);

describe('a company’s card payments', () => {
  it('shows the client its activation whole ($31 + $49), with the charge id', async () => {
    const res = await list(payers.client.token, payers.harbor);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const activation = body.payments.find((p: { description: string }) => p.description.includes(publicId));
    expect(activation).toMatchObject({
      amount: '80.00',
      status: 'succeeded',
      status_label: 'Paid',
      gateway: 'sandbox',
      failure: null,
    });
    expect(activation.reference).toMatch(/^ch_/);
    expect(body).toMatchObject({ result: 'success', page: 1, per_page: 10 });
    expect(body.total).toBeGreaterThanOrEqual(1);
    // Newest first.
    const times = body.payments.map((p: { created_at: string }) => p.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('is read by the client’s agency and the system, not by another agency or system', async () => {
    expect((await list(payers.owner.token, payers.harbor)).statusCode).toBe(200);
    const root = await who(rt, PEOPLE.root);
    expect((await list(root.token, payers.harbor)).statusCode).toBe(200);
    const summit = await who(rt, PEOPLE.summit);
    expect((await list(summit.token, payers.harbor)).statusCode).toBe(404);
    const other = await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain);
    expect((await list(other.token, payers.harbor)).statusCode).toBe(404);
    // The client reads no other company's payments, its agency's included.
    expect((await list(payers.client.token, payers.owner.company)).statusCode).toBe(404);
  });

  it('refuses a bad page or an unknown query key with 400', async () => {
    for (const query of ['?page=0', '?page=x', '?page=1.5', '?pages=2']) {
      const res = await list(payers.client.token, payers.harbor, query);
      expect(res.statusCode, query).toBe(400);
    }
    const far = await list(payers.client.token, payers.harbor, '?page=500');
    expect(far.statusCode).toBe(200);
    expect(far.json().payments).toEqual([]);
  });
});
