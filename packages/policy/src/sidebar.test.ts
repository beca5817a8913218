import type { SessionUser } from '@app/contracts';
import { betaSetup, defaultModules, makeCtx, makeSetup, USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import type { PolicyContext, RolePermission } from './context.js';
import { guardPath } from './guards.js';
import { type MenuItem, sidebarMenu, systemSettingsMenu } from './menus.js';

type Row = [rule: string, user: SessionUser | null, extra: Partial<PolicyContext>, expected: string[]];
const named = (rows: Row[]) => rows.map(([rule, user, extra, expected]) => ({ rule, user, extra, expected }));
const ids = (items: MenuItem[]) => items.map((item) => item.id);
const on: RolePermission = { enable: true, create: true, update: true, delete: true };
const off: RolePermission = { enable: false, create: false, update: false, delete: false };

const MODULES = ['module.local', 'module.locator', 'module.enhance', 'module.b2b', 'module.simplifi'];
const OPEN_MODULES = MODULES.slice(0, 3);
const AGENCY = [
  'configuration.client-management',
  'configuration.administrator-list',
  'configuration.role-list',
  'configuration.company-group',
  'configuration.general-setting',
  // Their own exclusion list and their clients' (decision 0092).
  'configuration.opt-out-list',
];
const SYSTEM = [
  'configuration.agency-list',
  'configuration.administrator-list',
  'configuration.sales-account-list',
  'configuration.role-list',
  'configuration.company-group',
  'configuration.general-setting',
  // Issue 10's onboarding coupons: system staff who may read them (coupons.read).
  'configuration.coupons',
  'configuration.opt-out-list',
  'configuration.report-analytics',
  'configuration.billing',
  // The ledger reconciled with the gateway (decision 0079): the system's owners.
  'configuration.reconciliation',
  // Root fees between systems (decision 0081): the system's owners.
  'configuration.root-fees',
  // Sales commissions (decision 0089): the rate and every sales person's, for the system's owners.
  'configuration.commissions',
  'configuration.beta-features',
];
// A sales person's own commissions (decision 0089) sit before the account they are paid to.
const SALES = [
  'configuration.agency-list',
  'configuration.commissions',
  'configuration.sales-connect-account',
];
const EXECUTIVE = [
  'configuration.client-management',
  'configuration.agency-list',
  'configuration.administrator-list',
  'configuration.commissions',
  'configuration.sales-connect-account',
];
const LEGACY = ['dashboard', 'client', 'campaign', 'campaign-setup', 'audience', 'banner'];
/** An agency's people without a role where Simplifi shows: the ad platform's pages, then the modules. */
const AD_AND_MODULES = [...LEGACY, ...MODULES];

const agency = USERS.userdownline();
const client = USERS.client();
const failed = { setup: makeSetup({ paymentStatusFailed: true, accessmodule: 'paymentfailed' }) };
const pending = { setup: makeSetup({ accountconnected: 'pending' }) };
const locatorOff = { ...agency, modules: defaultModules({ locator: { enabled: false } }) };
const noReport = { ...USERS.root(), user_permissions: { leadspeek: true } };

describe('sidebarMenu (spec 1 §2.5, §6; spec 2 §6)', () => {
  const rows: Row[] = [
    ['signed out: nothing', null, {}, []],
    [
      'userdownline: the ad platform, modules, then its configuration',
      agency,
      {},
      [...AD_AND_MODULES, ...AGENCY],
    ],
    ['user-type agency', USERS.agencyUser(), {}, [...AD_AND_MODULES, ...AGENCY]],
    ['administrator', USERS.administrator(), {}, [...AD_AND_MODULES, ...AGENCY]],
    [
      'simplifi (and b2b) only on the master system',
      { ...agency, is_master_system: false },
      {},
      [...OPEN_MODULES, ...AGENCY],
    ],
    [
      'beta modules hidden from non-beta agencies',
      agency,
      { setup: betaSetup(false) },
      [...OPEN_MODULES, ...AGENCY],
    ],
    [
      'beta modules shown when applied to all',
      agency,
      { setup: betaSetup(true) },
      [...AD_AND_MODULES, ...AGENCY],
    ],
    [
      'beta modules shown to beta testers',
      agency,
      { setup: betaSetup(false, { isBeta: true }) },
      [...AD_AND_MODULES, ...AGENCY],
    ],
    ['menu flag: leads menu off', { ...agency, menuLeadspeek: false }, {}, AGENCY],
    // A menu never offers what its guard refuses: without a card rule 3 sends every page to Profile
    // Setup, a failed payment sends an agency to Card Setting (rules 3 and 5 of spec 1 §2.4).
    ['card set up: none, nothing the guard would refuse', { ...agency, customer_card_id: null }, {}, []],
    ['payment account connected: pending hides modules', agency, pending, AGENCY],
    ['payment failed: only Card Setting opens (rule 5)', agency, failed, []],
    [
      'payment failed: all shown in view mode',
      USERS.viewModeAgency(),
      failed,
      [...AD_AND_MODULES, ...AGENCY],
    ],
    [
      'module active: switched-off module hidden',
      locatorOff,
      {},
      [...LEGACY, ...MODULES.filter((id) => id !== 'module.locator'), ...AGENCY],
    ],
    ['role without LeadsPeek', USERS.admin(), { rolePermissions: { leadspeek: off } }, AGENCY],
    [
      'role without Settings',
      USERS.administrator(),
      { rolePermissions: { settings: off, leadspeek: on } },
      MODULES,
    ],
    // M2: a role's LeadsPeek `enable` gates reading campaigns and leads; a role naming no LeadsPeek
    // switch grants none, as the server reads it.
    ['role without a LeadsPeek switch', USERS.administrator(), { rolePermissions: { settings: off } }, []],
    [
      'D-legacy-menu: Campaign and Ads Design roles',
      agency,
      { rolePermissions: { campaign: on, ads_design: on, leadspeek: on } },
      [...LEGACY, ...MODULES, ...AGENCY],
    ],
    [
      'D-legacy-menu: Ads Design role only',
      agency,
      { rolePermissions: { ads_design: on, leadspeek: on } },
      ['banner', ...MODULES, ...AGENCY],
    ],
    ['root: configuration with Report Analytics', USERS.root(), {}, SYSTEM],
    ['system admin', USERS.systemAdmin(), {}, SYSTEM],
    [
      'system user without Settings role',
      USERS.systemAdmin(),
      { rolePermissions: { settings: off } },
      [
        'configuration.report-analytics',
        'configuration.billing',
        'configuration.reconciliation',
        'configuration.root-fees',
        'configuration.commissions',
      ],
    ],
    [
      'Report Analytics needs the permission',
      noReport,
      {},
      SYSTEM.filter((id) => id !== 'configuration.report-analytics'),
    ],
    [
      'Report Analytics needs the permission',
      noReport,
      {},
      SYSTEM.filter((id) => id !== 'configuration.report-analytics'),
    ],
    [
      'Report Analytics in global view mode',
      agency,
      { globalViewMode: true },
      [...AD_AND_MODULES, ...AGENCY, 'configuration.report-analytics'],
    ],
    ['sales rep: downline list and connect account', USERS.salesRep(), {}, SALES],
    ['account executive with a connected account', USERS.accountExecutive(), {}, EXECUTIVE],
    ['account executive without a connected account', USERS.accountExecutive(), pending, SALES],
    ['client: only its own modules', client, {}, ['module.local', 'module.locator']],
    ['client needs a connected payment account', client, pending, []],
    ['client payment failed', client, failed, []],
    // Rule 4 forces a client to Card Setting even in view mode, so the module is not offered.
    ['client payment failed in view mode', USERS.viewModeClient(), failed, []],
    ['client without the leadspeek module', { ...client, menuLeadspeek: false }, {}, []],
    // Decision 0063: a client is gated by its agency's beta standing (the setup check tells it), so
    // nobody is billed for a beta module nobody at the client can open.
    [
      'client beta module of an agency that does not test it',
      { ...client, leadspeek_type: 'b2b' },
      { setup: betaSetup(false) },
      [],
    ],
    [
      'client beta module of a beta-tester agency',
      { ...client, leadspeek_type: 'b2b' },
      { setup: betaSetup(false, { isBeta: true }) },
      ['module.b2b'],
    ],
    [
      'client ignores role permissions',
      client,
      { rolePermissions: { campaign: on, leadspeek: off } },
      ['module.local', 'module.locator'],
    ],
  ];
  it.each(named(rows))('$rule', ({ user, extra, expected }) => {
    expect(ids(sidebarMenu(makeCtx(user, extra)))).toEqual(expected);
  });

  it('leads-management is in no menu, even for the administrators who may open it (spec 1 §2.3)', () => {
    const paths = (items: MenuItem[]): string[] =>
      items.flatMap((item) => [...(item.path ? [item.path] : []), ...paths(item.children ?? [])]);
    for (const user of [USERS.administrator(), USERS.admin(), USERS.systemAdmin()]) {
      const ctx = makeCtx(user);
      expect(guardPath(ctx, '/siteid/leads-management')).toEqual({ action: 'allow' });
      const offered = [...paths(sidebarMenu(ctx)), ...paths(systemSettingsMenu(ctx))];
      // The agency's administrators do get the module menus, so the scan has module pages to look at.
      if (!user.systemuser) expect(offered).toContain('/siteid/dashboard');
      expect(offered.filter((path) => path.includes('leads-management'))).toEqual([]);
    }
  });

  it('module entries use the agency wording and slug; leads-management is hidden', () => {
    const renamed = {
      ...agency,
      modules: defaultModules({ local: { name: 'Website Visitors', url: 'leads' } }),
    };
    const local = sidebarMenu(makeCtx(renamed)).find((item) => item.id === 'module.local');
    expect(local).toEqual({
      id: 'module.local',
      label: 'Website Visitors',
      children: [
        { id: 'module.local.dashboard', label: 'Dashboard', path: '/leads/dashboard' },
        {
          id: 'module.local.campaign-management',
          label: 'Campaign Management',
          path: '/leads/campaign-management',
        },
      ],
    });
  });

  it('simplifi offers campaign management only; Beta badge on b2b and simplifi when flagged', () => {
    const byId = new Map(
      sidebarMenu(makeCtx(agency, { setup: betaSetup(true) })).map((item) => [item.id, item]),
    );
    expect(byId.get('module.simplifi')?.children?.map((child) => child.path)).toEqual([
      '/simplifiid/campaign-management',
    ]);
    expect(byId.get('module.b2b')?.beta).toBe(true);
    expect(byId.get('module.simplifi')?.beta).toBe(true);
    expect(byId.get('module.local')?.beta).toBeUndefined();
    expect(sidebarMenu(makeCtx(agency)).find((item) => item.id === 'module.b2b')?.beta).toBeUndefined();
  });

  it('a client with campaign creation disabled gets no campaign management entry', () => {
    const disabled = {
      ...client,
      disable_client_add_campaign: 'T' as const,
      leadspeek_type: 'local|simplifi',
    };
    const menu = sidebarMenu(makeCtx(disabled));
    expect(menu.map((item) => item.children?.map((child) => child.path))).toEqual([['/siteid/dashboard']]);
  });

  it('legacy pages link their routes', () => {
    const menu = sidebarMenu(makeCtx(agency, { rolePermissions: { campaign: on, ads_design: on } }));
    expect(menu[4]).toEqual({ id: 'audience', label: 'Audience', path: '/audience' });
    expect(menu[5]?.children?.map((child) => child.path)).toEqual(['/banner/create', '/banner/list']);
  });
});

describe('systemSettingsMenu repeats the configuration links (spec 1 §2.5)', () => {
  const rows: Row[] = [
    ['root', USERS.root(), {}, SYSTEM],
    ['agency', agency, {}, AGENCY],
    ['client has none', client, {}, []],
    ['sales rep', USERS.salesRep(), {}, SALES],
    ['signed out', null, {}, []],
  ];
  it.each(named(rows))('$rule', ({ user, extra, expected }) => {
    const ctx = makeCtx(user, extra);
    expect(ids(systemSettingsMenu(ctx))).toEqual(expected);
    const sidebar = sidebarMenu(ctx);
    expect(sidebar.slice(sidebar.length - expected.length)).toEqual(systemSettingsMenu(ctx));
  });

  it('links carry the route paths and names', () => {
    expect(systemSettingsMenu(makeCtx(USERS.root()))[0]).toEqual({
      id: 'configuration.agency-list',
      label: 'Agency List',
      path: '/configuration/agency-list',
    });
  });
});
