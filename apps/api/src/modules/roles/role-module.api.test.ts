import { asCents } from '@app/contracts';
import {
  companies,
  DEMO,
  eq,
  minimumSpendSettings,
  onboardingSettings,
  rolePermissions,
  roles,
} from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, signIn } from '../../../test/sign-in.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

describe('GET /api/configuration/role-module', () => {
  it("answers an agency's role list and the agency role response with a role's permissions", async () => {
    const { access_token } = await signIn(rt, DEMO.northwind.owner.email);
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json();
    const [role] = await rt.database.db
      .insert(roles)
      .values({ companyId: me.company_id, name: 'Campaign manager', icon: 'chart' })
      .returning();
    await rt.database.db.insert(rolePermissions).values({
      roleId: role!.id,
      module: 'leadspeek',
      canEnable: true,
      canCreate: true,
      canUpdate: true,
      canDelete: false,
    });

    const list = await rt.app.inject({
      url: `/api/configuration/role-module/getrole/${me.company_id}/0/${me.id}`,
      headers: bearer(access_token),
    });
    expect(list.json()).toEqual({
      roles: [{ roleID: role!.id, roleName: 'Campaign manager', roleIcon: 'chart' }],
    });

    const res = await rt.app.inject({
      url: `/api/configuration/role-module/getrolemodule/${me.company_id}/${role!.id}/${me.id}`,
      headers: bearer(access_token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.modules.find((m: { module: string }) => m.module === 'leadspeek')).toEqual({
      module: 'leadspeek',
      enable: true,
      create: true,
      update: true,
      delete: false,
    });
    expect(body.modules.find((m: { module: string }) => m.module === 'settings')).toMatchObject({
      enable: false,
    });
    expect(body.minspend_setting).toEqual({
      status: 'off',
      first_month: '0',
      second_month: '0',
      monthly: '0',
    });
    expect(body.is_whitelabeling).toBe('T');
    expect(body.agencyFilteredModules.map((m: { type: string }) => m.type)).toEqual([
      'local',
      'locator',
      'enhance',
      'b2b',
      'simplifi',
    ]);
  });

  it('answers the onboarding charge and minimum spend that apply, as dollar strings', async () => {
    const { access_token } = await signIn(rt, DEMO.northwind.owner.email);
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json();
    const url = `/api/configuration/role-module/getrolemodule/${me.company_id}/0/${me.id}`;
    const read = async () => (await rt.app.inject({ url, headers: bearer(access_token) })).json();
    const [agency] = await rt.database.db.select().from(companies).where(eq(companies.id, me.company_id));

    // The system's onboarding charge applies until the agency has its own.
    await rt.database.db
      .insert(onboardingSettings)
      .values({ companyId: agency!.rootId, amountCents: asCents(14_999), enableCoupon: true })
      .onConflictDoUpdate({ target: onboardingSettings.companyId, set: { amountCents: asCents(14_999) } });
    expect((await read()).agency_onboarding_price).toBe('149.99');
    await rt.database.db
      .insert(onboardingSettings)
      .values({ companyId: me.company_id, amountCents: asCents(2_500), enableCoupon: false })
      .onConflictDoUpdate({ target: onboardingSettings.companyId, set: { amountCents: asCents(2_500) } });
    const own = await read();
    expect([own.agency_onboarding_price, own.agency_enable_coupon]).toEqual(['25.00', false]);

    await rt.database.db.insert(minimumSpendSettings).values({
      systemId: agency!.systemId,
      enabled: true,
      firstMonthCents: asCents(10_000),
      secondMonthCents: asCents(20_050),
      monthlyCents: asCents(50_000),
    });
    expect((await read()).minspend_setting).toEqual({
      status: 'on',
      first_month: '100.00',
      second_month: '200.50',
      monthly: '500.00',
    });
  });

  it("answers 404 for another agency's company, a foreign role or user", async () => {
    const { access_token } = await signIn(rt, DEMO.summit.owner.email);
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json();
    for (const url of [
      `/api/configuration/role-module/getrolemodule/1/0/${me.id}`,
      `/api/configuration/role-module/getrolemodule/${me.company_id}/0/1`,
      `/api/configuration/role-module/getrolemodule/${me.company_id}/999999/${me.id}`,
    ]) {
      expect((await rt.app.inject({ url, headers: bearer(access_token) })).statusCode, url).toBe(404);
    }
  });
});
