import { and, companies, eq, paymentEvents } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { key, pendingAccount, sandboxOf } from '../../../test/payments.js';
import { loadOrCreateSecret } from '../../lib/app-secrets.js';
import { type SandboxGateway, signWebhook } from '../../providers/payments/index.js';

let rt: TestRuntime;
let sandbox: SandboxGateway;
let secret: string;
beforeAll(async () => {
  rt = await startTestRuntime();
  sandbox = sandboxOf(rt);
  secret = await loadOrCreateSecret(rt.database.db, 'sandbox_webhook_secret');
});
afterAll(() => rt?.close());

const nowSeconds = () => Math.floor(Date.now() / 1000);
const post = (body: string, signature?: string, gateway = 'sandbox') =>
  rt.app.inject({
    method: 'POST',
    url: `/api/payment/webhook/${gateway}`,
    headers: { 'content-type': 'application/json', ...(signature ? { 'sandbox-signature': signature } : {}) },
    payload: body,
  });
const accountEvent = (accountId: string, created: number, id = key('evt_test')) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'account.updated',
    created,
    data: { object: { id: accountId, object: 'account' } },
  });
const storedEvent = async (eventId: string) => {
  const [row] = await rt.database.db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.gateway, 'sandbox'), eq(paymentEvents.eventId, eventId)));
  return row;
};
const processed = (eventId: string) =>
  vi.waitFor(
    async () => {
      const row = await storedEvent(eventId);
      if (!row?.processedAt) throw new Error(`${eventId} not processed yet`);
      return row;
    },
    { timeout: 20_000, interval: 100 },
  );
const newAccount = (metadata: Record<string, string> = {}) => pendingAccount(sandbox, metadata);

describe('POST /api/payment/webhook/{gateway}: signature and time', () => {
  it('refuses a tampered body with 400 and stores nothing', async () => {
    const body = accountEvent('acct_x', nowSeconds());
    const signature = signWebhook(secret, body, nowSeconds());
    const res = await post(body.replace('acct_x', 'acct_y'), signature);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Webhook signature does not match the body.');
    expect(await storedEvent(JSON.parse(body).id)).toBeUndefined();
  });

  it('refuses a signature made with another secret, a missing one, and a malformed one', async () => {
    const body = accountEvent('acct_x', nowSeconds());
    expect((await post(body, signWebhook('not-the-secret', body, nowSeconds()))).json().error.message).toBe(
      'Webhook signature does not match the body.',
    );
    const missing = await post(body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Missing webhook signature header.');
    expect((await post(body, 'v1=abc')).json().error.message).toMatch(/^Malformed webhook signature header/);
  });

  it('refuses a stale delivery (signed more than 5 minutes ago) with 400', async () => {
    const body = accountEvent('acct_x', nowSeconds() - 400);
    const res = await post(body, signWebhook(secret, body, nowSeconds() - 301));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Webhook timestamp is outside the 300-second tolerance.');
  });

  it('answers 404 for a gateway that is not the configured one', async () => {
    const body = accountEvent('acct_x', nowSeconds());
    expect((await post(body, signWebhook(secret, body, nowSeconds()), 'stripe')).statusCode).toBe(404);
  });
});

describe('events: stored once, processed by a job, safe out of order', () => {
  it('keeps the state of an agency connected account current as the sandbox moves it', async () => {
    const [company] = await rt.database.db.select({ id: companies.id }).from(companies).limit(1);
    const account = await newAccount({ company_id: String(company?.id) });
    await sandbox.submitOnboarding(account.id);
    await sandbox.finishVerification(account.id, 'verified');
    const stored = await vi.waitFor(
      async () => {
        const row = await rt.services.payments.accounts.get('sandbox', account.id);
        if (row?.status !== 'completed') throw new Error('not completed yet');
        return row;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(stored).toMatchObject({ companyId: company?.id, chargesEnabled: true, payoutsEnabled: true });
  });

  it('stores no owner for an account whose metadata names a company that does not exist', async () => {
    const account = await newAccount({ company_id: '999999' });
    const body = accountEvent(account.id, nowSeconds());
    await post(body, signWebhook(secret, body, nowSeconds()));
    expect((await processed(JSON.parse(body).id)).outcome).toBe('applied');
    expect(await rt.services.payments.accounts.get('sandbox', account.id)).toMatchObject({
      companyId: null,
      status: 'pending',
    });
  });

  it('treats a repeated event id as a no-op 200', async () => {
    const account = await newAccount();
    const body = accountEvent(account.id, nowSeconds());
    const first = await post(body, signWebhook(secret, body, nowSeconds()));
    const again = await post(body, signWebhook(secret, body, nowSeconds()));
    expect([first.statusCode, first.json()]).toEqual([200, { received: true, duplicate: false }]);
    expect([again.statusCode, again.json()]).toEqual([200, { received: true, duplicate: true }]);
    const rows = await rt.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, JSON.parse(body).id));
    expect(rows).toHaveLength(1);
    expect((await processed(JSON.parse(body).id)).outcome).toBe('applied');
  });

  it('stores each event of a sandbox delivered three times once', async () => {
    const account = await newAccount();
    sandbox.deliveries.hold();
    await sandbox.submitOnboarding(account.id);
    const deliveries = await sandbox.deliveries.release({ duplicates: 2 });
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    const eventId = deliveries[0]?.eventId ?? '';
    expect(
      await rt.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId)),
    ).toHaveLength(1);
    await processed(eventId);
  });

  it('ends in the newest state when the sandbox delivers the events newest first', async () => {
    const account = await newAccount();
    sandbox.deliveries.hold();
    await sandbox.submitOnboarding(account.id);
    await sandbox.finishVerification(account.id, 'rejected');
    const deliveries = await sandbox.deliveries.release({ order: 'newest-first' });
    expect(deliveries).toHaveLength(2);
    for (const { eventId } of deliveries) await processed(eventId);
    expect(await rt.services.payments.accounts.get('sandbox', account.id)).toMatchObject({
      status: 'failed',
      chargesEnabled: false,
    });
  });

  it('ignores an account event older than the state already stored', async () => {
    const account = await newAccount();
    const newer = accountEvent(account.id, nowSeconds());
    await post(newer, signWebhook(secret, newer, nowSeconds()));
    expect((await processed(JSON.parse(newer).id)).outcome).toBe('applied');
    const older = accountEvent(account.id, nowSeconds() - 60);
    await post(older, signWebhook(secret, older, nowSeconds()));
    expect((await processed(JSON.parse(older).id)).outcome).toBe('stale');
    expect((await rt.services.payments.accounts.get('sandbox', account.id))?.stateAsOf).toBe(
      JSON.parse(newer).created,
    );
  });

  it('records charge events for the money flows to come', async () => {
    sandbox.deliveries.hold();
    const customer = await sandbox.createCustomer({
      idempotencyKey: key('cus'),
      email: 'p@example.com',
      name: 'P',
    });
    await sandbox.attachCard({ idempotencyKey: key('card'), customerId: customer.id, cardToken: 'tok_visa' });
    const charge = await sandbox.createCharge({
      idempotencyKey: key('ch'),
      customerId: customer.id,
      amount: 500 as never,
      currency: 'usd',
      description: 'x',
    });
    const [delivery] = await sandbox.deliveries.release();
    const stored = await processed(delivery?.eventId ?? '');
    expect(stored).toMatchObject({ type: 'charge.succeeded', objectId: charge.id, outcome: 'recorded' });
  });
});
