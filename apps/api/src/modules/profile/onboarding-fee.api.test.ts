import { asCents } from '@app/contracts';
import { companies, DEMO, eq, onboardingSettings } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, signIn } from '../../../test/sign-in.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

async function statusOf(email: string) {
  const { access_token } = await signIn(rt, email);
  const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json();
  const res = await rt.app.inject({
    url: `/api/user/onboarding-status/${me.id}`,
    headers: bearer(access_token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { status: res.json(), companyId: me.company_id as number };
}

async function rootCompanyOf(companyId: number) {
  const [row] = await rt.database.db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw new Error('no company');
  return row.rootId;
}

const setFee = (companyId: number, cents: number, enableCoupon: boolean) =>
  rt.database.db
    .insert(onboardingSettings)
    .values({ companyId, amountCents: asCents(cents), enableCoupon })
    .onConflictDoUpdate({
      target: onboardingSettings.companyId,
      set: { amountCents: asCents(cents), enableCoupon },
    });

describe('the onboarding fee in the onboarding status (what the card step shows before paying)', () => {
  it('is the system fee, then the agency own fee; none when excluded or charged; never for clients', async () => {
    const summit = await statusOf(DEMO.summit.owner.email);
    expect(summit.status).toMatchObject({ onboarding_fee: '0', onboarding_coupon: false });
    const root = await rootCompanyOf(summit.companyId);

    await setFee(root, 9900, true);
    expect((await statusOf(DEMO.summit.owner.email)).status).toMatchObject({
      onboarding_fee: '99.00',
      onboarding_coupon: true,
    });
    await setFee(summit.companyId, 15050, false);
    expect((await statusOf(DEMO.summit.owner.email)).status).toMatchObject({
      onboarding_fee: '150.50',
      onboarding_coupon: false,
    });

    const client = await statusOf(DEMO.summit.clients[0].contact.email);
    expect(client.status).toMatchObject({ onboarding_fee: '0', onboarding_coupon: false });

    const db = rt.database.db;
    await db.update(companies).set({ excludeOnboardCharge: true }).where(eq(companies.id, summit.companyId));
    expect((await statusOf(DEMO.summit.owner.email)).status.onboarding_fee).toBe('0');
    await db
      .update(companies)
      .set({ excludeOnboardCharge: false, isOnboardCharged: true })
      .where(eq(companies.id, summit.companyId));
    expect((await statusOf(DEMO.summit.owner.email)).status.onboarding_fee).toBe('0');
    await db.update(companies).set({ isOnboardCharged: false }).where(eq(companies.id, summit.companyId));
    expect((await statusOf(DEMO.summit.owner.email)).status.onboarding_fee).toBe('150.50');
  });
});
