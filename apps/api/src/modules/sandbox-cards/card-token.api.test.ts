import { DEMO, eq, sandboxTokens } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { customerWithCard, sandboxOf } from '../../../test/payments.js';
import { send, signIn } from '../../../test/sign-in.js';

let rt: TestRuntime;
let token: string;
beforeAll(async () => {
  rt = await startTestRuntime();
  token = (await signIn(rt, DEMO.summit.owner.email)).access_token;
});
afterAll(() => rt?.close());

const nextYear = new Date().getUTCFullYear() + 1;
const card = (overrides: Record<string, unknown> = {}) => ({
  number: '4242 4242 4242 4242',
  exp_month: 4,
  exp_year: nextYear,
  cvc: '123',
  cardholder: 'Sofia Grant',
  ...overrides,
});
const tokens = async () => (await rt.database.db.select({ id: sandboxTokens.id }).from(sandboxTokens)).length;

describe('the sandbox card form: typed test card → token', () => {
  it('answers a single-use token that attaches as the typed card (brand, last 4, expiry, holder)', async () => {
    const res = await send(rt, '/api/payment/sandbox/card-token', card(), { token });
    expect(res.statusCode, res.body).toBe(200);
    const { tokenid } = res.json();
    expect(tokenid).toMatch(/^tok_/);
    const [row] = await rt.database.db.select().from(sandboxTokens).where(eq(sandboxTokens.id, tokenid));
    expect(row).toMatchObject({
      number: '4242424242424242',
      expMonth: 4,
      expYear: nextYear,
      holderName: 'Sofia Grant',
    });
    const sandbox = sandboxOf(rt);
    const customer = await customerWithCard(sandbox, tokenid);
    expect(await sandbox.getCard({ customerId: customer.id })).toMatchObject({
      brand: 'visa',
      last4: '4242',
      expMonth: 4,
      expYear: nextYear,
    });
  });

  it.each([
    [
      card({ number: '4111 1111 1111 1112' }),
      'number',
      'This is the sandbox: use a test card number such as 4242 4242 4242 4242.',
    ],
    [card({ exp_month: 13 }), 'expiry', "Your card's expiration month is invalid."],
    [card({ exp_year: 2020 }), 'expiry', "Your card's expiration year is invalid."],
  ])('refuses %j on %s with the sandbox text and stores nothing', async (body, field, message) => {
    const before = await tokens();
    const res = await send(rt, '/api/payment/sandbox/card-token', body, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message, fields: { [field]: message } });
    expect(await tokens()).toBe(before);
  });

  it('refuses a malformed security code and unknown fields (schema), and a caller without a session', async () => {
    const badCvc = await send(rt, '/api/payment/sandbox/card-token', card({ cvc: '12' }), { token });
    expect(badCvc.statusCode).toBe(400);
    expect(badCvc.json().error.message).toContain("Your card's security code is incomplete.");
    const extra = await send(rt, '/api/payment/sandbox/card-token', card({ amount: '1.00' }), { token });
    expect(extra.statusCode).toBe(400);
    const anonymous = await send(rt, '/api/payment/sandbox/card-token', card());
    expect(anonymous.statusCode).toBe(401);
  });
});
