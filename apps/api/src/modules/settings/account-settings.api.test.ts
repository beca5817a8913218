import { asCents, MINIMUM_SPEND_PLAN_IN_USE, ONBOARDING_AMOUNT_TEXTS } from '@app/contracts';
import {
  agencyPrices,
  and,
  campaignMinimums,
  companies,
  companyBranding,
  DEMO,
  drawLogoPng,
  eq,
  files,
  minimumSpendPlans,
  minimumSpendSettings,
  onboardingSettings,
} from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import {
  ADMIN,
  BRIGHT_ROOT,
  CLIENT,
  OWNER,
  ROOT,
  SALES,
  type SettingsKit,
  SUMMIT,
  settingsKit,
} from '../../../test/kits/settings.js';
import { multipart } from '../../../test/multipart.js';
import { bearer } from '../../../test/sign-in.js';

let rt: TestRuntime;
let kit: SettingsKit;
let ids: Awaited<ReturnType<SettingsKit['ids']>>;
beforeAll(async () => {
  rt = await startTestRuntime();
  kit = settingsKit(rt);
  ids = await kit.ids();
});
afterAll(() => rt?.close());

/** A Windows icon holding one PNG image. */
function icoOf(png: Buffer) {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(16, 6);
  header.writeUInt8(16, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

const upload = async (
  email: string,
  fields: Record<string, string | number>,
  file?: { bytes: Buffer; type: string; field?: string },
) => {
  const body = multipart(fields, file && { field: 'file', ...file });
  return rt.app.inject({
    method: 'POST',
    url: '/api/configuration/setting/branding-image',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(await kit.tokenOf(email)) },
  });
};
const brandingOf = async (companyId: number) =>
  (await kit.db.select().from(companyBranding).where(eq(companyBranding.companyId, companyId)))[0];

describe('branding images', () => {
  it('stores a PNG logo checked by its bytes and serves it publicly', async () => {
    const png = drawLogoPng('#225588', 24);
    const res = await upload(
      SUMMIT,
      { companyID: ids.summit, kind: 'logo' },
      { bytes: png, type: 'image/svg+xml' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const served = await rt.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const row = await brandingOf(ids.summit);
    expect(row?.logoFileId).toBe(url.split('/').at(-1));
    expect(row?.fontTheme).toBe('Poppins'); // the colours it showed until now (its root's)
    expect(
      (await kit.get(`/api/configuration/setting/${ids.summit}/branding`, SUMMIT)).json().data.logo_url,
    ).toBe(url);
    expect((await kit.lastLog(ids.summit, 'logo_uploaded'))?.description).toContain(DEMO.summit.name);
  });

  it('accepts an ICO favicon, but not an ICO logo', async () => {
    const ico = icoOf(drawLogoPng('#aa0000', 16));
    const favicon = await upload(
      SUMMIT,
      { companyID: ids.summit, kind: 'favicon' },
      { bytes: ico, type: 'image/x-icon' },
    );
    expect(favicon.statusCode, favicon.body).toBe(200);
    const [file] = await kit.db
      .select()
      .from(files)
      .where(eq(files.id, favicon.json().url.split('/').at(-1)));
    expect(file).toMatchObject({ purpose: 'favicon', contentType: 'image/x-icon' });
    const logo = await upload(
      SUMMIT,
      { companyID: ids.summit, kind: 'logo' },
      { bytes: ico, type: 'image/x-icon' },
    );
    expect(logo.statusCode).toBe(400);
    expect(logo.json().error.message).toBe('The logo must be a PNG, JPEG, WebP or GIF image.');
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>')],
    [
      'a broken icon',
      Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0xff, 0xff, 0, 0, 22, 0, 0, 0]),
    ],
  ])('refuses %s as favicon', async (_label, bytes) => {
    const before = await brandingOf(ids.summit);
    const res = await upload(
      SUMMIT,
      { companyID: ids.summit, kind: 'favicon' },
      { bytes, type: 'image/png' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The favicon must be a PNG, JPEG, WebP, GIF or ICO image.');
    expect(await brandingOf(ids.summit)).toEqual(before);
  });

  it('refuses images over 2 MiB, missing files and bad forms', async () => {
    const big = Buffer.concat([drawLogoPng('#000000', 8), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(
      SUMMIT,
      { companyID: ids.summit, kind: 'logo' },
      { bytes: big, type: 'image/png' },
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('The image must not be larger than 2 MB.');
    expect((await upload(SUMMIT, { companyID: ids.summit, kind: 'logo' })).json().error.message).toBe(
      'Choose an image to upload.',
    );
    expect(
      (
        await upload(
          SUMMIT,
          { companyID: ids.summit, kind: 'banner' },
          { bytes: drawLogoPng('#000000', 8), type: 'image/png' },
        )
      ).statusCode,
    ).toBe(400);
  });

  it('answers 404 for companies outside the caller’s scope and changes nothing', async () => {
    const png = drawLogoPng('#000000', 8);
    const before = await brandingOf(ids.northwind);
    for (const [email, companyID] of [
      [SUMMIT, ids.northwind],
      [BRIGHT_ROOT, ids.northwind],
      [OWNER, ids.masterRoot],
      [ROOT, 999_999],
      [ROOT, 'abc'],
    ] as const) {
      expect(
        (await upload(email, { companyID, kind: 'logo' }, { bytes: png, type: 'image/png' })).statusCode,
      ).toBe(404);
    }
    expect(
      (await upload(CLIENT, { companyID: ids.harbor, kind: 'logo' }, { bytes: png, type: 'image/png' }))
        .statusCode,
    ).toBe(404);
    expect(await brandingOf(ids.northwind)).toEqual(before);
  });

  it('removes a favicon', async () => {
    const res = await rt.app.inject({
      method: 'DELETE',
      url: `/api/configuration/setting/branding-image/${ids.summit}/favicon`,
      headers: bearer(await kit.tokenOf(SUMMIT)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await brandingOf(ids.summit))?.faviconFileId).toBeNull();
    expect((await brandingOf(ids.summit))?.logoFileId).toBeTruthy();
  });
});

describe('cancel subscription', () => {
  it('is the agency owner’s, for its own agency; idempotent, logged once', async () => {
    expect(
      (await kit.put('/api/configuration/cancel-subscription', { companyID: ids.northwind }, ADMIN))
        .statusCode,
    ).toBe(404);
    expect(
      (await kit.put('/api/configuration/cancel-subscription', { companyID: ids.northwind }, ROOT))
        .statusCode,
    ).toBe(404);
    expect(
      (await kit.put('/api/configuration/cancel-subscription', { companyID: ids.harbor }, OWNER)).statusCode,
    ).toBe(404);
    expect(
      (await kit.put('/api/configuration/cancel-subscription', { companyID: ids.summit }, OWNER)).statusCode,
    ).toBe(404);
    expect((await kit.companyRow(ids.northwind)).subscriptionCancelledAt).toBeNull();

    const first = await kit.put(
      '/api/configuration/cancel-subscription',
      { companyID: ids.northwind },
      OWNER,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Your subscription has been cancelled.');
    const again = await kit.put(
      '/api/configuration/cancel-subscription',
      { companyID: ids.northwind },
      OWNER,
    );
    expect(again.json().subscription_cancelled_at).toBe(first.json().subscription_cancelled_at);
    const at = (await kit.companyRow(ids.northwind)).subscriptionCancelledAt;
    expect(at?.toISOString()).toBe(first.json().subscription_cancelled_at);
    expect((await kit.lastLog(ids.northwind, 'subscription_cancelled'))?.ip).toBe('203.0.113.50');
  });
});

describe('onboarding charge', () => {
  const set = (CompanyID: number, amount: unknown, as: string = ROOT, enable_coupon: unknown = true) =>
    kit.put('/api/configuration/onboarding/set', { CompanyID, amount, enable_coupon }, as);

  it.each([
    [0.5, ONBOARDING_AMOUNT_TEXTS.notAboveHalf],
    ['0.25', ONBOARDING_AMOUNT_TEXTS.notAboveHalf],
    [-3, ONBOARDING_AMOUNT_TEXTS.negative],
    ['abc', ONBOARDING_AMOUNT_TEXTS.invalid],
    ['12.345', ONBOARDING_AMOUNT_TEXTS.invalid],
    [null, ONBOARDING_AMOUNT_TEXTS.invalid],
  ])('refuses %j with the spec’s text', async (amount, message) => {
    const res = await set(ids.masterRoot, amount);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('saves the system’s charge and an agency’s own; 0 switches it off', async () => {
    const res = await set(ids.masterRoot, 149.99);
    expect(res.json()).toEqual({ status: 'success', result: 'success', message: 'Setting has been saved.' });
    const get = await kit.get(
      `/api/configuration/onboarding/get?companyID=${ids.masterRoot}&companyRootID=${ids.masterRoot}&settingname=onboardingcharge`,
      ROOT,
    );
    expect(get.json()).toEqual({
      result: 'success',
      data: { amount: '149.99', enable_coupon: true },
    });

    expect((await set(ids.northwind, '25', OWNER, 'F')).statusCode).toBe(200);
    expect(
      (await kit.get(`/api/configuration/onboarding/get?companyID=${ids.northwind}`, OWNER)).json().data,
    ).toEqual({
      amount: '25.00',
      enable_coupon: false,
    });
    expect((await set(ids.northwind, 0, ROOT)).statusCode).toBe(200);
    const [row] = await kit.db
      .select()
      .from(onboardingSettings)
      .where(eq(onboardingSettings.companyId, ids.northwind));
    expect(row).toMatchObject({ amountCents: 0, enableCoupon: true });
    expect((await kit.lastLog(ids.northwind, 'onboarding_charge_updated'))?.description).toContain(
      'Switched off',
    );
  });

  it('is the root company’s for other agencies: agencies get 404 for anything else', async () => {
    expect((await set(ids.masterRoot, 10, OWNER)).statusCode).toBe(404);
    expect((await set(ids.summit, 10, OWNER)).statusCode).toBe(404);
    expect((await set(ids.northwind, 10, BRIGHT_ROOT)).statusCode).toBe(404);
    expect((await set(ids.northwind, 10, SALES)).statusCode).toBe(404);
    expect((await set(ids.harbor, 10, ROOT)).statusCode).toBe(400);
    expect(
      (await kit.get(`/api/configuration/onboarding/get?companyID=${ids.masterRoot}`, OWNER)).statusCode,
    ).toBe(404);
    expect(
      (
        await kit.get(
          `/api/configuration/onboarding/get?companyID=${ids.northwind}&companyRootID=${ids.brightRoot}`,
          OWNER,
        )
      ).statusCode,
    ).toBe(404);
    const [row] = await kit.db
      .select()
      .from(onboardingSettings)
      .where(eq(onboardingSettings.companyId, ids.summit));
    expect(row).toBeUndefined();
  });
});

describe('package and minimums', () => {
  it('lets the platform choose an agency’s package', async () => {
    const res = await kit.put(
      '/api/configuration/setting/package',
      { CompanyID: ids.summit, packageID: 'agency_pro' },
      ROOT,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await kit.companyRow(ids.summit)).packageId).toBe('agency_pro');
    expect(
      (await kit.put('/api/configuration/setting/package', { CompanyID: ids.summit, packageID: 'x' }, SUMMIT))
        .statusCode,
    ).toBe(404);
    expect(
      (await kit.put('/api/configuration/setting/package', { CompanyID: ids.coastal, packageID: 'x' }, ROOT))
        .statusCode,
    ).toBe(404);
    expect(
      (await kit.put('/api/configuration/setting/package', { CompanyID: ids.summit, packageID: 'a b' }, ROOT))
        .statusCode,
    ).toBe(400);
    expect((await kit.companyRow(ids.summit)).packageId).toBe('agency_pro');
  });

  it('answers the Simplifi minimums and the enhance leads-per-day minimum the root company set, per system', async () => {
    const min = (system: number) =>
      kit.get(`/api/configuration/setting/minvaluesimplifi?idsys=${system}`, CLIENT);
    const leads = (system: number, as: string = OWNER) =>
      kit.get(`/api/configuration/setting/minleaddayenhance?idSys=${system}`, as);
    expect((await min(ids.masterSystem)).json()).toEqual({
      data: { maxBid: { minimum: '0' }, dailyBudget: { minimum: '0' } },
    });
    expect((await leads(ids.masterSystem)).json()).toEqual({ clientMinLeadDayEnhance: 0 });

    const save = await kit.put(
      '/api/configuration/setting',
      {
        companyID: ids.masterRoot,
        comsetname: 'simplifiminimums',
        comsetval: { maxBid: '2.5', dailyBudget: '20', enhanceMinLeadsPerDay: 35 },
      },
      ROOT,
    );
    expect(save.statusCode, save.body).toBe(200);
    // minvaluesimplifi keeps its shape: the enhance minimum has its own route.
    expect((await min(ids.masterSystem)).json()).toEqual({
      data: { maxBid: { minimum: '2.50' }, dailyBudget: { minimum: '20.00' } },
    });
    expect((await leads(ids.masterSystem)).json()).toEqual({ clientMinLeadDayEnhance: 35 });
    expect((await leads(ids.masterSystem, CLIENT)).json()).toEqual({ clientMinLeadDayEnhance: 35 });
    const [row] = await kit.db
      .select()
      .from(campaignMinimums)
      .where(eq(campaignMinimums.systemId, ids.masterSystem));
    expect(row).toMatchObject({
      simplifiMaxBidMicros: 2_500_000,
      simplifiDailyBudgetCents: 2000,
      enhanceMinLeadsPerDay: 35,
    });
    // Nothing of it lands in the root company's prices any more.
    const simplifiPrices = await kit.db
      .select()
      .from(agencyPrices)
      .where(and(eq(agencyPrices.companyId, ids.masterRoot), eq(agencyPrices.module, 'simplifi')));
    expect(simplifiPrices).toEqual([]);
    expect((await kit.lastLog(ids.masterRoot, 'simplifi_minimums_updated'))?.description).toMatch(
      /^Set the Simplifi minimums: max bid .+ → "\$2\.50"; daily budget .+ → "\$20\.00"; enhance minimum leads per day .+ → 35$/,
    );

    // The other system's minimums are its own.
    expect((await leads(ids.brightSystem, BRIGHT_ROOT)).json()).toEqual({ clientMinLeadDayEnhance: 0 });
    expect(
      (
        await kit.put(
          '/api/configuration/setting',
          {
            companyID: ids.northwind,
            comsetname: 'simplifiminimums',
            comsetval: { maxBid: '0', dailyBudget: '0' },
          },
          ROOT,
        )
      ).statusCode,
    ).toBe(400);
    expect((await min(ids.brightSystem)).statusCode).toBe(404);
    expect((await leads(ids.brightSystem)).statusCode).toBe(404);
  });
});

describe('minimum spend', () => {
  const plan = (planName: string, months: number, flatMonth: string) => ({
    planName,
    months,
    flatMonth,
    ipLogin: '1.2.3.4',
  });

  it('creates, lists, updates and sets the default plan (root of the master system only)', async () => {
    const created = await kit.post('/api/general/minimum-spend-config', plan('Starter', 3, '500'), ROOT);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({
      planName: 'Starter',
      months: 3,
      flatMonth: '500.00',
      is_default: false,
      agencies: 0,
    });
    const second = (
      await kit.post('/api/general/minimum-spend-config', plan('Growth', 6, '1250.50'), ROOT)
    ).json().data;
    const list = (await kit.get('/api/general/minimum-spend-config?page=1', ROOT)).json();
    // After the demo's plan (Summit's).
    expect(list).toMatchObject({ current_page: 1, total: 3, last_page: 1 });
    expect(list.data.map((p: { planName: string }) => p.planName)).toEqual([
      DEMO.summit.minimumSpendPlan.name,
      'Starter',
      'Growth',
    ]);

    const updated = await kit.put(
      '/api/general/minimum-spend-config',
      { idMinimumSpend: second.idMinimumSpend, ...plan('Growth+', 12, '1500') },
      ROOT,
    );
    expect(updated.json().data).toMatchObject({ planName: 'Growth+', months: 12, flatMonth: '1500.00' });

    const starterId = created.json().data.idMinimumSpend;
    expect(
      (await kit.put('/api/general/set-default-minimum-spend-config', { id: starterId }, ROOT)).statusCode,
    ).toBe(200);
    expect(
      (await kit.put('/api/general/set-default-minimum-spend-config', { id: second.idMinimumSpend }, ROOT))
        .statusCode,
    ).toBe(200);
    const defaults = await kit.db
      .select()
      .from(minimumSpendPlans)
      .where(eq(minimumSpendPlans.isDefault, true));
    expect(defaults.map((d) => d.id)).toEqual([second.idMinimumSpend]);
    expect((await kit.lastLog(ids.masterRoot, 'minimum_spend_default_set'))?.ip).toBe('203.0.113.50');

    // The plan that applies to an agency: its own, else the default.
    expect(
      (await kit.get(`/api/general/minimum-spend-user?company_id=${ids.northwind}`, OWNER)).json(),
    ).toMatchObject({
      months: 12,
      flatMonth: '1500.00',
      planName: 'Growth+',
    });
    await kit.db.update(companies).set({ planMinSpendId: starterId }).where(eq(companies.id, ids.northwind));
    expect(
      (await kit.get(`/api/general/minimum-spend-user?company_id=${ids.northwind}`, OWNER)).json(),
    ).toMatchObject({
      months: 3,
      flatMonth: '500.00',
    });
    expect(
      (await kit.get(`/api/general/minimum-spend-user?company_id=${ids.summit}`, OWNER)).statusCode,
    ).toBe(404);

    // A plan in use cannot be deleted; an unused one can.
    const inUse = await kit.del('/api/general/minimum-spend-config', { idMinimumSpend: starterId }, ROOT);
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json().error.message).toBe(MINIMUM_SPEND_PLAN_IN_USE);
    const extra = (await kit.post('/api/general/minimum-spend-config', plan('Trial', 0, '0'), ROOT)).json()
      .data;
    expect(
      (await kit.del('/api/general/minimum-spend-config', { idMinimumSpend: extra.idMinimumSpend }, ROOT))
        .statusCode,
    ).toBe(200);
    expect((await kit.get('/api/general/minimum-spend-config', ROOT)).json().total).toBe(3);
  });

  it.each([
    [plan('', 3, '1'), 'Plan name is required.'],
    [plan('A', -1, '1'), 'Months must be a whole number from 0 to 120.'],
    [plan('A', 1.5, '1'), 'Months must be a whole number from 0 to 120.'],
    [
      plan('A', 3, '1.999'),
      'Enter an amount in US dollars: digits and one decimal point, at most 2 decimals (e.g. 12.50).',
    ],
    [{ ...plan('A', 3, '1'), isDefault: true }, undefined],
  ])('refuses %j', async (body, message) => {
    const res = await kit.post('/api/general/minimum-spend-config', body, ROOT);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
  });

  it('keeps the root setting (defaults off, 0, 0, 0)', async () => {
    expect((await kit.get('/api/general/minimum-spend-setting', ROOT)).json().data).toEqual({
      status: false,
      first_month: '0',
      second_month: '0',
      monthly: '0',
    });
    const save = await kit.put(
      '/api/general/minimum-spend-setting',
      { status: true, first_month: '100', second_month: '250.5', monthly: '500' },
      ROOT,
    );
    expect(save.statusCode, save.body).toBe(200);
    const [row] = await kit.db
      .select()
      .from(minimumSpendSettings)
      .where(eq(minimumSpendSettings.systemId, ids.masterSystem));
    expect(row).toMatchObject({
      enabled: true,
      firstMonthCents: 10000,
      secondMonthCents: 25050,
      monthlyCents: 50000,
    });
    expect((await kit.get('/api/general/minimum-spend-setting', ROOT)).json().data.second_month).toBe(
      '250.50',
    );
  });

  it('is 404 for anyone but the master system’s root staff, and ids of other systems are unknown', async () => {
    for (const email of [OWNER, SALES, CLIENT, BRIGHT_ROOT]) {
      expect((await kit.get('/api/general/minimum-spend-config', email)).statusCode, email).toBe(404);
      expect(
        (await kit.post('/api/general/minimum-spend-config', plan('X', 1, '1'), email)).statusCode,
        email,
      ).toBe(404);
      expect((await kit.get('/api/general/minimum-spend-setting', email)).statusCode, email).toBe(404);
    }
    const [foreign] = await kit.db
      .insert(minimumSpendPlans)
      .values({ systemId: ids.brightSystem, name: 'Bright plan', months: 1, flatMonthCents: asCents(100) })
      .returning();
    expect(
      (await kit.put('/api/general/set-default-minimum-spend-config', { id: foreign!.id }, ROOT)).statusCode,
    ).toBe(404);
    expect(
      (
        await kit.put(
          '/api/general/minimum-spend-config',
          { idMinimumSpend: foreign!.id, ...plan('Mine', 1, '1') },
          ROOT,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await kit.del('/api/general/minimum-spend-config', { idMinimumSpend: foreign!.id }, ROOT)).statusCode,
    ).toBe(404);
    const [after] = await kit.db
      .select()
      .from(minimumSpendPlans)
      .where(eq(minimumSpendPlans.id, foreign!.id));
    expect(after).toMatchObject({ name: 'Bright plan', isDefault: false });
  });

  it('needs the matching role permission', async () => {
    await kit.giveRole(ROOT, { create: false, update: true, delete: true });
    expect(
      (await kit.post('/api/general/minimum-spend-config', plan('Blocked', 1, '1'), ROOT)).statusCode,
    ).toBe(403);
    await kit.dropRole(ROOT);
  });
});
