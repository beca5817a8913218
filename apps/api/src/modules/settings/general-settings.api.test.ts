import {
  COST_MODULES,
  ENHANCE_MIN_LEADS_INVALID,
  FEE_AMOUNT_INVALID,
  MODULE_SLUG_RESERVED,
  MODULE_SLUG_TAKEN,
  PAYMENT_TERM_DEFAULT_NOT_OFFERED,
  PAYMENT_TERMS,
  PER_LEAD_AMOUNT_INVALID,
} from '@app/contracts';
import {
  agencyPrices,
  campaignMinimums,
  companyBranding,
  companyModules,
  companyPaymentTerms,
  companySmtp,
  DEMO,
  eq,
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
import { COSTS_BY_PLATFORM_ONLY } from './general-settings-service.js';

let rt: TestRuntime;
let kit: SettingsKit;
let ids: Awaited<ReturnType<SettingsKit['ids']>>;
beforeAll(async () => {
  rt = await startTestRuntime();
  kit = settingsKit(rt);
  ids = await kit.ids();
});
afterAll(() => rt?.close());

const term = (fee: string, month: string, lead: string) => ({
  PlatformFee: fee,
  MinCostMonth: month,
  Costperlead: lead,
});
const saveCost = (companyID: number, comsetval: unknown, as: string = ROOT) =>
  kit.put('/api/configuration/setting', { companyID, comsetname: 'costagency', comsetval }, as);
const readSetting = (companyID: number | string, name: string, as: string) =>
  kit.get(`/api/configuration/setting/${companyID}/${name}`, as);
const pricesOf = (companyId: number) =>
  kit.db.select().from(agencyPrices).where(eq(agencyPrices.companyId, companyId));

describe('costagency', () => {
  beforeAll(async () => {
    // A known start whatever the demo seed prices: no root prices, none for Summit (Northwind keeps its own).
    await kit.db.delete(agencyPrices).where(eq(agencyPrices.companyId, ids.masterRoot));
    await kit.db.delete(agencyPrices).where(eq(agencyPrices.companyId, ids.summit));
  });

  it('reads zeros for every module × term before anything is set', async () => {
    const res = await readSetting(ids.summit, 'costagency', ROOT);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.dpay).toBe('F');
    for (const module of COST_MODULES)
      for (const t of PAYMENT_TERMS) {
        expect(body.data[module][t]).toMatchObject({ PlatformFee: '0', MinCostMonth: '0', Costperlead: '0' });
        expect(body.rootcostagency[module][t].Costperlead).toBe('0');
      }
    expect(body.data.local.Weekly.LeadspeekCostperleadAdvanced).toBe('0');
    expect(body.data.enhance.Weekly).not.toHaveProperty('LeadspeekCostperleadAdvanced');
  });

  it('stores the root company’s prices as cents and micro-dollars; agencies without their own fall back to them', async () => {
    const res = await saveCost(ids.masterRoot, {
      local: { Monthly: { ...term('99.50', '250', '1.25'), LeadspeekCostperleadAdvanced: '2.125' } },
      enhance: { Weekly: term('0', '10', '0.75'), Monthly: term('0', '10', '0.6') },
      b2b: { OneTime: term('5', '0', '1.1') },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'success', message: 'Your settings have been saved.' });
    const local = (await pricesOf(ids.masterRoot)).find((r) => r.module === 'local' && r.term === 'Monthly');
    expect(local).toMatchObject({
      setupFeeCents: 9950,
      platformFeeCents: 25000,
      costPerLeadMicros: 1_250_000,
      costPerLeadAdvancedMicros: 2_125_000,
    });
    const log = await kit.lastLog(ids.masterRoot, 'cost_settings_updated');
    expect(log?.ip).toBe('203.0.113.50');
    expect(log?.description).toContain('local/Monthly setup fee (empty) → "$99.50"');
    expect(log?.description).toContain('local/Monthly advanced cost per lead (empty) → "$2.125"');

    // Saved again with one price changed, the log names that price only.
    await saveCost(ids.masterRoot, {
      local: { Monthly: { ...term('99.50', '250', '1.30'), LeadspeekCostperleadAdvanced: '2.125' } },
      enhance: { Weekly: term('0', '10', '0.75'), Monthly: term('0', '10', '0.6') },
      b2b: { OneTime: term('5', '0', '1.1') },
    });
    expect((await kit.lastLog(ids.masterRoot, 'cost_settings_updated'))?.description).toBe(
      `Set the costs of ${DEMO.master.root.name}: local/Monthly cost per lead "$1.25" → "$1.30"`,
    );
    await saveCost(ids.masterRoot, {
      local: { Monthly: { ...term('99.50', '250', '1.25'), LeadspeekCostperleadAdvanced: '2.125' } },
      enhance: { Weekly: term('0', '10', '0.75'), Monthly: term('0', '10', '0.6') },
      b2b: { OneTime: term('5', '0', '1.1') },
    });

    const summit = (await readSetting(ids.summit, 'costagency', ROOT)).json();
    expect(summit.rootcostagency.enhance.Weekly.Costperlead).toBe('0.75');
    expect(summit.data.local.Monthly).toEqual({
      PlatformFee: '99.50',
      MinCostMonth: '250.00',
      Costperlead: '1.25',
      LeadspeekCostperleadAdvanced: '2.125',
    });
    expect(summit.data.locator.Weekly.Costperlead).toBe('0');
    // An agency's own rows win over the root company's.
    await saveCost(ids.northwind, {
      local: { Monthly: { ...term('0', '0', '1.75'), LeadspeekCostperleadAdvanced: '3' } },
    });
    const northwind = (await readSetting(ids.northwind, 'costagency', ROOT)).json();
    expect(northwind.rootcostagency.local.Monthly.Costperlead).toBe('1.25');
    expect(northwind.data.local.Monthly.Costperlead).toBe('1.75');
  });

  it('refuses enhance and b2b per-lead prices below the parent’s, with the shared hint text', async () => {
    const before = await pricesOf(ids.northwind);
    const low = await saveCost(ids.northwind, { enhance: { Weekly: term('0', '0', '0.5') } });
    expect(low.statusCode).toBe(400);
    expect(low.json().error.message).toBe('*Cost Per Lead Minimum $0.75');
    expect(low.json().error.fields).toEqual({
      'comsetval.enhance.Weekly.Costperlead': '*Cost Per Lead Minimum $0.75',
    });
    const b2b = await saveCost(ids.northwind, { b2b: { OneTime: term('0', '0', '1.099') } });
    expect(b2b.json().error.message).toBe('*Cost Per Lead Minimum $1.10');
    expect(await pricesOf(ids.northwind)).toEqual(before);

    // Local and locator have no floor; enhance at or above it is fine.
    const ok = await saveCost(ids.northwind, {
      enhance: { Weekly: term('0', '0', '0.75'), Monthly: term('1', '2', '0.8') },
      local: { Weekly: { ...term('0', '0', '0.1'), LeadspeekCostperleadAdvanced: '0.2' } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const read = (await readSetting(ids.northwind, 'costagency', OWNER)).json();
    expect(read.data.enhance.Weekly.Costperlead).toBe('0.75');
    expect(read.data.enhance.Monthly).toEqual({
      PlatformFee: '1.00',
      MinCostMonth: '2.00',
      Costperlead: '0.80',
    });
    expect(read.data.local.Weekly.Costperlead).toBe('0.10');
  });

  it.each([
    [
      { local: { Weekly: { ...term('1.234', '0', '0'), LeadspeekCostperleadAdvanced: '0' } } },
      FEE_AMOUNT_INVALID,
    ],
    [{ locator: { Weekly: term('1', '0', '0.1234') } }, PER_LEAD_AMOUNT_INVALID],
    [{ locator: { Weekly: term('-1', '0', '0') } }, FEE_AMOUNT_INVALID],
    [{ locator: { Weekly: term('1,000', '0', '0') } }, FEE_AMOUNT_INVALID],
    [{ locator: { Weekly: term('$5', '0', '0') } }, FEE_AMOUNT_INVALID],
    [{ locator: { Weekly: term('1e3', '0', '0') } }, FEE_AMOUNT_INVALID],
    [{ locator: { Weekly: term('10000000', '0', '0') } }, 'The amount must be less than $10,000,000.'],
    // Fees no card charge could carry (an agency's card pays them when its client's charge cannot).
    [
      { locator: { Weekly: term('0.30', '0', '0') } },
      'The locator Weekly activation at these fees would be $0.30: a card charge must be $0 or at least $0.50.',
    ],
    [
      { locator: { Monthly: term('999999.99', '1', '0') } },
      'The locator Monthly activation at these fees would be $1,000,000.99: a card charge can be at most $999,999.99.',
    ],
  ])('refuses %j with a clear text', async (value, message) => {
    const res = await saveCost(ids.northwind, value);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('refuses numbers, unknown fields, unknown modules and incomplete terms', async () => {
    for (const value of [
      { locator: { Weekly: { PlatformFee: 1, MinCostMonth: '0', Costperlead: '0' } } },
      { locator: { Weekly: { ...term('1', '0', '0'), Extra: '1' } } },
      { simplifi: { Weekly: term('1', '0', '0') } },
      { locator: { Weekly: { PlatformFee: '1' } } },
      { locator: { Yearly: term('1', '0', '0') } },
    ]) {
      const res = await saveCost(ids.northwind, value);
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
    }
    const empty = await saveCost(ids.northwind, {});
    expect(empty.json().error.message).toBe('Send the cost of at least one module and payment term.');
  });

  it('lets only the platform set costs: agencies read theirs, others get 404', async () => {
    const before = await pricesOf(ids.northwind);
    const own = await saveCost(ids.northwind, { locator: { Weekly: term('0', '0', '0') } }, OWNER);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(COSTS_BY_PLATFORM_ONLY);
    expect((await readSetting(ids.northwind, 'costagency', OWNER)).statusCode).toBe(200);
    // Foreign, sibling, other-system, non-existent and malformed ids: 404.
    for (const [companyID, as] of [
      [ids.summit, OWNER],
      [ids.masterRoot, OWNER],
      [ids.coastal, ROOT],
      [ids.northwind, BRIGHT_ROOT],
      [999_999, ROOT],
    ] as const) {
      expect((await readSetting(companyID, 'costagency', as)).statusCode).toBe(404);
      expect((await saveCost(companyID, { locator: { Weekly: term('9', '9', '9') } }, as)).statusCode).toBe(
        404,
      );
    }
    expect((await readSetting('abc', 'costagency', ROOT)).statusCode).toBe(404);
    expect((await readSetting(ids.northwind, 'costagency', SALES)).statusCode).toBe(404);
    expect((await readSetting(ids.harbor, 'costagency', CLIENT)).statusCode).toBe(404);
    expect(
      (await saveCost(ids.northwind, { locator: { Weekly: term('9', '9', '9') } }, SALES)).statusCode,
    ).toBe(404);
    expect((await kit.get(`/api/configuration/setting/${ids.northwind}/costagency`)).statusCode).toBe(401);
    expect(await pricesOf(ids.northwind)).toEqual(before);
    // A client company has no cost settings.
    expect((await readSetting(ids.harbor, 'costagency', ROOT)).json().error.message).toBe(
      'This setting belongs to agencies and root companies.',
    );
  });

  it('needs the settings update permission of a role', async () => {
    await kit.giveRole(ADMIN, { create: true, update: false, delete: true });
    const res = await kit.put(
      '/api/configuration/setting',
      { companyID: ids.northwind, comsetname: 'paymenttermDefault', comsetval: 'Weekly' },
      ADMIN,
    );
    expect(res.statusCode).toBe(403);
    expect((await kit.companyRow(ids.northwind)).defaultPaymentTerm).toBeNull();
    await kit.dropRole(ADMIN);
    const allowed = await kit.put(
      '/api/configuration/setting',
      { companyID: ids.northwind, comsetname: 'paymenttermDefault', comsetval: 'Weekly' },
      ADMIN,
    );
    expect(allowed.statusCode).toBe(200);
  });
});

describe('branding', () => {
  const branding = {
    company_name: 'Northwind Leads',
    sidebar_bgcolor: '#AA0011',
    template_bgcolor: '#f0f0f0',
    box_bgcolor: '#ffffff',
    text_color: '#111111',
    link_color: '#0055ff',
    font_theme: 'Inter',
  };
  const saveBranding = (companyID: number, comsetval: unknown, as: string = OWNER, actionType?: string) =>
    kit.put(
      '/api/configuration/setting',
      { companyID, comsetname: 'branding', comsetval, ...(actionType ? { actionType } : {}) },
      as,
    );
  const hostInfo = async () =>
    (
      await rt.app.inject({
        url: `/api/domainsubdomain/${DEMO.northwind.subdomain}.localhost/${DEMO.northwind.subdomain}`,
      })
    ).json();

  it('saves colours (lowercased), font and name; the host shows them at once', async () => {
    expect((await hostInfo()).branding.font_theme).toBe('Montserrat'); // warms the host cache
    const res = await saveBranding(ids.northwind, branding);
    expect(res.statusCode, res.body).toBe(200);
    const info = await hostInfo();
    expect(info.branding).toMatchObject({
      sidebar_bgcolor: '#aa0011',
      font_theme: 'Inter',
      company_name: 'Northwind Leads',
    });
    const read = (await readSetting(ids.northwind, 'branding', OWNER)).json();
    expect(read.data).toMatchObject({
      customized: true,
      company_name: 'Northwind Leads',
      link_color: '#0055ff',
    });
    expect(read.data.logo_url).toMatch(/^\/api\/files\//);
  });

  it.each([
    [{ ...branding, sidebar_bgcolor: 'red' }, 'Colour must be #rrggbb'],
    [{ ...branding, link_color: '#12345' }, 'Colour must be #rrggbb'],
    [{ ...branding, text_color: 'url(javascript:x)' }, 'Colour must be #rrggbb'],
    [{ ...branding, font_theme: 'Comic Sans' }, undefined],
    [{ ...branding, css: 'body{}' }, undefined],
    [{ ...branding, company_name: 'x'.repeat(256) }, 'Company Name must not exceed 255 characters.'],
  ])('refuses %j', async (value, message) => {
    const res = await saveBranding(ids.northwind, value);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
  });

  it('resets to the inherited look but keeps the uploaded logo', async () => {
    const res = await saveBranding(ids.northwind, undefined, OWNER, 'reset');
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await kit.db
      .select()
      .from(companyBranding)
      .where(eq(companyBranding.companyId, ids.northwind));
    expect(row?.logoFileId).toBeTruthy();
    expect(row?.displayName).toBeNull();
    expect(row?.fontTheme).toBe('Poppins'); // the root company's
    expect((await hostInfo()).branding.company_name).toBe(DEMO.northwind.name);
  });

  it('is refused for other agencies and clients', async () => {
    expect((await saveBranding(ids.summit, branding)).statusCode).toBe(404);
    expect((await saveBranding(ids.harbor, branding)).statusCode).toBe(400);
    expect((await saveBranding(ids.northwind, branding, CLIENT)).statusCode).toBe(404);
  });
});

describe('module names', () => {
  const rename = (comsetval: unknown, as: string = OWNER, companyID = ids.northwind) =>
    kit.put('/api/configuration/setting', { companyID, comsetname: 'modulenames', comsetval }, as);

  it('renames a module: the session user and the host menu follow', async () => {
    const res = await rename({ local: { name: 'Visitor ID', url: 'visitors' } });
    expect(res.statusCode, res.body).toBe(200);
    const session = (await kit.get('/api/user', OWNER)).json();
    expect(session.modules.find((m: { type: string }) => m.type === 'local')).toMatchObject({
      name: 'Visitor ID',
      url: 'visitors',
    });
    const info = (
      await rt.app.inject({
        url: `/api/domainsubdomain/${DEMO.northwind.subdomain}.localhost/${DEMO.northwind.subdomain}`,
      })
    ).json();
    expect(info.sidemenu.find((m: { type: string }) => m.type === 'local')).toMatchObject({
      url: 'visitors',
    });
    const read = (await readSetting(ids.northwind, 'modulenames', OWNER)).json();
    expect(read.data[0]).toEqual({
      type: 'local',
      name: 'Visitor ID',
      url: 'visitors',
      default_name: 'Site ID',
      default_url: 'siteid',
    });
  });

  it.each([
    [{ locator: { name: 'Search', url: 'configuration' } }, MODULE_SLUG_RESERVED],
    [{ locator: { name: 'Search', url: 'login' } }, MODULE_SLUG_RESERVED],
    [{ locator: { name: 'Search', url: 'user' } }, MODULE_SLUG_RESERVED],
    [{ locator: { name: 'Search', url: 'api' } }, MODULE_SLUG_RESERVED],
    [{ locator: { name: 'Search', url: 'visitors' } }, MODULE_SLUG_TAKEN],
    [{ locator: { name: 'Search', url: 'enhanceid' } }, MODULE_SLUG_TAKEN],
    [{ locator: { name: 'A', url: 'same' }, enhance: { name: 'B', url: 'same' } }, MODULE_SLUG_TAKEN],
    [
      { locator: { name: 'Search', url: 'Search-ID' } },
      'Use lowercase letters, digits and hyphens, starting with a letter or digit.',
    ],
    [
      { locator: { name: 'Search', url: '-search' } },
      'Use lowercase letters, digits and hyphens, starting with a letter or digit.',
    ],
    [{ locator: { name: 'Search', url: 'a'.repeat(64) } }, 'URL must not exceed 63 characters.'],
    [{ locator: { name: '', url: 'search' } }, 'Module name is required.'],
  ])('refuses %j', async (value, message) => {
    const res = await rename(value);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('does not switch on a module the agency does not offer', async () => {
    const res = await rename({ b2b: { name: 'Company ID', url: 'companies' } }, ROOT, ids.summit);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await kit.db
      .select()
      .from(companyModules)
      .where(eq(companyModules.companyId, ids.summit))
      .then((rows) => rows.filter((r) => r.module === 'b2b'));
    expect(row).toMatchObject({ enabled: false, displayName: 'Company ID', slug: 'companies' });
  });

  it('is for agencies only, and restores the defaults on reset', async () => {
    expect(
      (await rename({ local: { name: 'X', url: 'x' } }, ROOT, ids.masterRoot)).json().error.message,
    ).toBe('Module names and URLs are set per agency.');
    expect((await rename({ local: { name: 'X', url: 'x' } }, OWNER, ids.summit)).statusCode).toBe(404);
    const reset = await kit.put(
      '/api/configuration/setting',
      { companyID: ids.northwind, comsetname: 'modulenames', actionType: 'reset' },
      OWNER,
    );
    expect(reset.statusCode).toBe(200);
    const read = (await readSetting(ids.northwind, 'modulenames', OWNER)).json();
    expect(read.data[0]).toMatchObject({ name: 'Site ID', url: 'siteid' });
  });
});

describe('payment terms', () => {
  it('answers the parent’s terms and the agency’s own; the default must be one the agency offers', async () => {
    await kit.db.delete(companyPaymentTerms).where(eq(companyPaymentTerms.companyId, ids.summit));
    await kit.db.insert(companyPaymentTerms).values([
      { companyId: ids.summit, term: 'Weekly' },
      { companyId: ids.summit, term: 'Prepaid' },
    ]);
    const read = (await readSetting(ids.summit, 'paymenttermDefault', SUMMIT)).json();
    expect(read.data.rootpaymentterm.map((t: { value: string }) => t.value)).toEqual([
      'Weekly',
      'Monthly',
      'OneTime',
      'Prepaid',
    ]);
    expect(read.data.paymentterm).toEqual([
      { value: 'Weekly', label: 'Weekly' },
      { value: 'Prepaid', label: 'Prepaid' },
    ]);
    const save = (comsetval: unknown) =>
      kit.put(
        '/api/configuration/setting',
        { companyID: ids.summit, comsetname: 'paymenttermDefault', comsetval },
        SUMMIT,
      );
    const bad = await save('Monthly');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(PAYMENT_TERM_DEFAULT_NOT_OFFERED);
    expect((await save('Yearly')).statusCode).toBe(400);
    expect((await save('Prepaid')).statusCode).toBe(200);
    expect((await kit.companyRow(ids.summit)).defaultPaymentTerm).toBe('Prepaid');
    expect((await readSetting(ids.summit, 'paymenttermDefault', SUMMIT)).json().data.paymenttermDefault).toBe(
      'Prepaid',
    );
    expect((await save(null)).statusCode).toBe(200);
    expect((await kit.companyRow(ids.summit)).defaultPaymentTerm).toBeNull();
  });
});

describe('custom SMTP', () => {
  const smtp = {
    host: 'smtp.northwind.example',
    port: 587,
    secure: false,
    username: 'mailer',
    password: 'S3cret!pass',
    fromAddress: 'Hello@Northwind.test',
    fromName: 'Northwind',
    replyTo: 'support@northwind.test',
  };
  const saveSmtp = (comsetval: unknown, as: string = OWNER, actionType?: string, companyID = ids.northwind) =>
    kit.put(
      '/api/configuration/setting',
      { companyID, comsetname: 'customsmtpmenu', comsetval, ...(actionType ? { actionType } : {}) },
      as,
    );
  const row = async () =>
    (await kit.db.select().from(companySmtp).where(eq(companySmtp.companyId, ids.northwind)))[0];

  it('stores the password sealed and never answers it', async () => {
    const res = await saveSmtp(smtp);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await row();
    expect(stored?.passwordEncrypted).toBeTruthy();
    expect(stored?.passwordEncrypted).not.toContain('S3cret');
    expect(await rt.services.secrets.open(stored!.passwordEncrypted!)).toBe('S3cret!pass');
    expect(stored?.fromAddress).toBe('hello@northwind.test');
    const read = await readSetting(ids.northwind, 'customsmtpmenu', OWNER);
    expect(read.body).not.toContain('S3cret');
    expect(read.json().data).toEqual({
      host: 'smtp.northwind.example',
      port: 587,
      secure: false,
      username: 'mailer',
      has_password: true,
      fromAddress: 'hello@northwind.test',
      fromName: 'Northwind',
      replyTo: 'support@northwind.test',
      enabled: true,
    });
    const log = await kit.lastLog(ids.northwind, 'smtp_updated');
    expect(log?.description).toMatch(/password (set|changed)/);
    expect(log?.description).not.toContain('S3cret');
    expect(log?.description).not.toContain('passwordEncrypted');
  });

  it('keeps the password when none is sent and removes it when blank', async () => {
    const sealed = (await row())?.passwordEncrypted;
    const { password: _omit, ...withoutPassword } = smtp;
    expect((await saveSmtp({ ...withoutPassword, port: 2525 })).statusCode).toBe(200);
    expect((await row())?.passwordEncrypted).toBe(sealed);
    expect((await row())?.port).toBe(2525);
    expect((await saveSmtp({ ...smtp, password: '' })).statusCode).toBe(200);
    expect((await row())?.passwordEncrypted).toBeNull();
    expect((await readSetting(ids.northwind, 'customsmtpmenu', OWNER)).json().data.has_password).toBe(false);
  });

  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['localhost', 'a loopback address'],
    ['10.1.2.3', 'a private network address'],
    ['169.254.169.254', 'a link-local address'],
    ['2130706433', 'a loopback address'],
  ])('refuses an agency SMTP host %s that resolves to %s', async (host, kind) => {
    const before = await row();
    const res = await saveSmtp({ ...smtp, host });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(kind);
    expect(res.json().error.message).toContain('Connections to private, loopback, link-local');
    expect(await row()).toEqual(before);
  });

  it.each([
    [{ ...smtp, port: 0 }, 'SMTP port must be a number between 1 and 65535.'],
    [{ ...smtp, port: 70000 }, 'SMTP port must be a number between 1 and 65535.'],
    [{ ...smtp, host: 'bad host' }, 'Enter the SMTP host name, e.g. smtp.example.com.'],
    [{ ...smtp, host: 'http://smtp.example.com' }, 'Enter the SMTP host name, e.g. smtp.example.com.'],
    [{ ...smtp, fromAddress: 'nope' }, 'Please enter a valid e-mail address.'],
    [{ ...smtp, tls: true }, undefined],
  ])('refuses %j', async (value, message) => {
    const res = await saveSmtp(value);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
  });

  it('is removed on reset, and foreign companies are 404', async () => {
    expect((await saveSmtp(smtp, OWNER, undefined, ids.summit)).statusCode).toBe(404);
    expect((await saveSmtp(smtp, BRIGHT_ROOT)).statusCode).toBe(404);
    expect((await saveSmtp(undefined, OWNER, 'reset')).statusCode).toBe(200);
    expect(await row()).toBeUndefined();
    expect((await readSetting(ids.northwind, 'customsmtpmenu', OWNER)).json().data).toBeNull();
  });
});

describe('simplifi minimums (root setting)', () => {
  const saveMinimums = (comsetval: unknown, as: string = ROOT, companyID = ids.masterRoot) =>
    kit.put('/api/configuration/setting', { companyID, comsetname: 'simplifiminimums', comsetval }, as);
  const stored = async (systemId: number) =>
    (await kit.db.select().from(campaignMinimums).where(eq(campaignMinimums.systemId, systemId)))[0];

  it('reads zeros, then round-trips every minimum through the system’s campaign_minimums row', async () => {
    expect((await readSetting(ids.masterRoot, 'simplifiminimums', ROOT)).json()).toEqual({
      result: 'success',
      data: { maxBid: { minimum: '0' }, dailyBudget: { minimum: '0' }, enhanceMinLeadsPerDay: 0 },
    });
    const pricesBefore = await pricesOf(ids.masterRoot);

    const saved = await saveMinimums({ maxBid: '1.125', dailyBudget: '15.5', enhanceMinLeadsPerDay: 12 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await readSetting(ids.masterRoot, 'simplifiminimums', ROOT)).json().data).toEqual({
      maxBid: { minimum: '1.125' },
      dailyBudget: { minimum: '15.50' },
      enhanceMinLeadsPerDay: 12,
    });
    expect(await stored(ids.masterSystem)).toMatchObject({
      simplifiMaxBidMicros: 1_125_000,
      simplifiDailyBudgetCents: 1550,
      enhanceMinLeadsPerDay: 12,
    });
    // The old home of these values is left alone: no simplifi price row appears for the root company.
    expect(await pricesOf(ids.masterRoot)).toEqual(pricesBefore);
    expect((await pricesOf(ids.masterRoot)).some((r) => r.module === 'simplifi')).toBe(false);

    // Leaving the enhance minimum out keeps it.
    expect((await saveMinimums({ maxBid: '0', dailyBudget: '0' })).statusCode).toBe(200);
    expect(await stored(ids.masterSystem)).toMatchObject({
      simplifiMaxBidMicros: 0,
      simplifiDailyBudgetCents: 0,
      enhanceMinLeadsPerDay: 12,
    });
    expect((await saveMinimums({ maxBid: '0', dailyBudget: '0', enhanceMinLeadsPerDay: 0 })).statusCode).toBe(
      200,
    );
    expect((await stored(ids.masterSystem))?.enhanceMinLeadsPerDay).toBe(0);

    // Another system's root keeps its own row.
    expect(
      (
        await saveMinimums(
          { maxBid: '3', dailyBudget: '1', enhanceMinLeadsPerDay: 10_000 },
          BRIGHT_ROOT,
          ids.brightRoot,
        )
      ).statusCode,
    ).toBe(200);
    expect((await stored(ids.brightSystem))?.enhanceMinLeadsPerDay).toBe(10_000);
    expect((await stored(ids.masterSystem))?.enhanceMinLeadsPerDay).toBe(0);
  });

  it('refuses an enhance minimum that is not a whole number from 0 to 10,000, and changes nothing', async () => {
    await saveMinimums({ maxBid: '2', dailyBudget: '5', enhanceMinLeadsPerDay: 7 });
    for (const enhanceMinLeadsPerDay of [-1, 1.5, 10_001, '5', null]) {
      const res = await saveMinimums({ maxBid: '9', dailyBudget: '9', enhanceMinLeadsPerDay });
      expect(res.statusCode, JSON.stringify(enhanceMinLeadsPerDay)).toBe(400);
      expect(res.json().error.message).toBe(ENHANCE_MIN_LEADS_INVALID);
    }
    expect(await stored(ids.masterSystem)).toMatchObject({
      simplifiMaxBidMicros: 2_000_000,
      simplifiDailyBudgetCents: 500,
      enhanceMinLeadsPerDay: 7,
    });
  });

  it('belongs to root companies and their system staff', async () => {
    expect((await saveMinimums({ maxBid: '1', dailyBudget: '1' }, ROOT, ids.northwind)).statusCode).toBe(400);
    expect((await readSetting(ids.northwind, 'simplifiminimums', ROOT)).statusCode).toBe(400);
    for (const [as, companyID] of [
      [OWNER, ids.masterRoot],
      [BRIGHT_ROOT, ids.masterRoot],
      [ROOT, ids.brightRoot],
    ] as const) {
      expect((await saveMinimums({ maxBid: '1', dailyBudget: '1' }, as, companyID)).statusCode).toBe(404);
      expect((await readSetting(companyID, 'simplifiminimums', as)).statusCode).toBe(404);
    }
  });
});

describe('PUT /configuration/setting envelope', () => {
  it('refuses unknown setting names and extra fields', async () => {
    const unknown = await kit.put(
      '/api/configuration/setting',
      { companyID: ids.northwind, comsetname: 'everything', comsetval: {} },
      OWNER,
    );
    expect(unknown.statusCode).toBe(400);
    const extra = await kit.put(
      '/api/configuration/setting',
      { companyID: ids.northwind, comsetname: 'paymenttermDefault', comsetval: 'Weekly', manualBill: 'T' },
      OWNER,
    );
    expect(extra.statusCode).toBe(400);
    const foreignSystem = await kit.put(
      '/api/configuration/setting',
      {
        companyID: ids.northwind,
        idSys: ids.brightSystem,
        comsetname: 'paymenttermDefault',
        comsetval: 'Weekly',
      },
      OWNER,
    );
    expect(foreignSystem.statusCode).toBe(404);
  });
});
