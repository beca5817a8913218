/**
 * Test-only builders (`@app/policy/testing`, never imported by product code): a complete SessionUser / SetupCheck / DomainInfo
 * with sensible defaults, and one preset per user type of spec 1 §6.
 */
import {
  DEFAULT_BRANDING,
  DEFAULT_MODULE_NAMES,
  type DomainInfo,
  MODULES,
  type ModuleType,
  type SessionUser,
  type SetupCheck,
} from '@app/contracts';
import { expect, it } from 'vitest';
import type { PolicyContext } from '../src/context.js';
import { type GuardResult, guardPath } from '../src/guards.js';

/** Module naming as the server sends it; every module enabled with the default wording. */
export function defaultModules(
  overrides: Partial<Record<ModuleType, Partial<SessionUser['modules'][number]>>> = {},
) {
  return MODULES.map((type) => ({
    type,
    name: DEFAULT_MODULE_NAMES[type].name,
    url: DEFAULT_MODULE_NAMES[type].slug,
    enabled: true,
    ...overrides[type],
  }));
}

/** Baseline: a fully set-up agency owner (userdownline) on the master system. */
export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 10,
    name: 'Nora Owens',
    email: 'owner@northwind.test',
    user_type: 'userdownline',
    user_type_ori: null,
    systemuser: false,
    rootcomp: false,
    isViewMode: false,
    actor_user_id: null,
    isAccExecutive: 'F',
    profile_setup_completed: 'T',
    questionnaire_setup_completed: 'T',
    profile_pict: null,
    phonenum: '5550100',
    phone_country_code: 'US',
    phone_country_calling_code: '+1',
    address: '1 Main St',
    city: 'Austin',
    zip: '73301',
    country_code: 'US',
    state_code: 'TX',
    company_id: 100,
    company_parent: 1,
    company_root_id: 1,
    idsys: 1,
    is_master_system: true,
    role_id: null,
    company_name: 'Northwind Digital',
    company_logo: null,
    companyparentname: 'LeadOrbit Inc.',
    companyparentlogo: null,
    company_display_name: '',
    companyparent_display_name: '',
    company_phone: '5550100',
    company_email: 'owner@northwind.test',
    company_address: '1 Main St',
    company_city: 'Austin',
    company_zip: '73301',
    company_state_code: 'TX',
    company_country_code: 'US',
    industry_id: null,
    industry_name: null,
    franchize: 'F',
    franchizedirector: 'F',
    director_name: '',
    director_email: '',
    director_phone: '',
    officemanager: 'F',
    manager_name: '',
    manager_email: '',
    manager_phone: '',
    team: 'F',
    teammanager: 'F',
    team_name: '',
    team_email: '',
    team_phone: '',
    time_zone: null,
    campaign_setup: null,
    ip_login: null,
    customer_card_id: 'card_123',
    manual_bill: 'F',
    status_acc: 'completed',
    payouts_enabled: true,
    charges_enabled: true,
    menuLeadspeek: true,
    leadspeek_type: '',
    api_mode: 'F',
    user_permissions: null,
    user_permissions_view_mode: null,
    box_bgcolor: '#ffffff',
    text_color: '#1b1f2a',
    link_color: '#2f6fed',
    template_bgcolor: '#f4f6fb',
    sidebar_bgcolor: '#1f2a44',
    font_theme: 'Poppins',
    disable_client_add_campaign: 'F',
    subscription_cancelled_at: null,
    modules: defaultModules(),
    ...overrides,
  };
}

const systemFlags = {
  systemuser: true,
  rootcomp: true,
  company_parent: null,
  customer_card_id: null,
} as const;

/** One preset per user type of spec 1 §6 (and view mode). */
export const USERS = {
  root: () => makeUser({ id: 1, user_type: 'root', ...systemFlags }),
  systemAdmin: () => makeUser({ id: 2, user_type: 'admin', ...systemFlags }),
  userdownline: () => makeUser(),
  agencyUser: () => makeUser({ id: 11, user_type: 'user' }),
  administrator: () => makeUser({ id: 12, user_type: 'administrator' }),
  admin: () => makeUser({ id: 13, user_type: 'admin' }),
  client: () =>
    makeUser({ id: 20, user_type: 'client', company_parent: 100, leadspeek_type: 'local|locator' }),
  salesRep: () => makeUser({ id: 30, user_type: 'sales', ...systemFlags }),
  accountExecutive: () => makeUser({ id: 31, user_type: 'sales', isAccExecutive: 'T', ...systemFlags }),
  viewModeAgency: () => makeUser({ isViewMode: true, user_type_ori: 'root' }),
  viewModeClient: () =>
    makeUser({ user_type: 'client', isViewMode: true, user_type_ori: 'root', leadspeek_type: 'local' }),
};
export type UserPreset = keyof typeof USERS;

/** Baseline: a connected card-provider account with a package, no payment failure, no betas. */
export function makeSetup(overrides: Partial<SetupCheck> = {}): SetupCheck {
  return {
    setupcomplete: 'T',
    accessmodule: '',
    accountconnected: 'completed',
    package_id: 'pkg_basic',
    paymentgateway: 'stripe',
    isBeta: false,
    betaFeature: [
      { id: 1, name: 'Data Wallet', slug: 'data_wallet', is_beta: false, apply_to_all_agency: false },
      { id: 2, name: 'B2B Module', slug: 'b2b_module', is_beta: false, apply_to_all_agency: false },
      { id: 3, name: 'Simplifi Module', slug: 'simplifi_module', is_beta: false, apply_to_all_agency: false },
    ],
    clientsidebar: [],
    paymentStatusFailed: false,
    fcampid: [],
    finamt: '0',
    isDataWalletAgree: false,
    ...overrides,
  };
}

/** Setup whose beta features are all still beta, optionally applied to all agencies. */
export function betaSetup(applyToAll: boolean, overrides: Partial<SetupCheck> = {}): SetupCheck {
  const setup = makeSetup(overrides);
  return {
    ...setup,
    betaFeature: setup.betaFeature.map((feature) => ({
      ...feature,
      is_beta: true,
      apply_to_all_agency: applyToAll,
    })),
  };
}

export function makeDomain(overrides: Partial<DomainInfo> = {}): DomainInfo {
  return {
    idsys: 1,
    masteridsys: 1,
    is_master: true,
    owner_company_id: 1,
    agencyplatformroot: false,
    rootcomp: 1,
    company_root_name: 'LeadOrbit Inc.',
    company_legal_name: 'LeadOrbit Incorporated',
    company_short_name: 'LeadOrbit',
    company_address: '',
    company_city: '',
    company_zip: '',
    company_state_code: '',
    company_state_name: '',
    company_phone: '',
    domain: 'localhost',
    subdomain: '',
    status_domain: 'active',
    root_user_name: 'Riley Root',
    root_user_email: 'root@leadorbit.test',
    root_user_address: '',
    payment_public_key: '',
    recaptcha_site_key: '',
    charges_enabled: true,
    payouts_enabled: true,
    account_requirements: [],
    paymentterm: [],
    sidemenu: MODULES.map((type) => ({
      type,
      name: DEFAULT_MODULE_NAMES[type].name,
      url: DEFAULT_MODULE_NAMES[type].slug,
    })),
    branding: { company_name: 'LeadOrbit', ...DEFAULT_BRANDING },
    ...overrides,
  };
}

/** A context with the baseline setup unless told otherwise. */
export function makeCtx(
  user: SessionUser | null,
  extra: Partial<Omit<PolicyContext, 'user'>> = {},
): PolicyContext {
  return { user, setup: makeSetup(), domain: null, ...extra };
}

type Extra = Partial<Omit<PolicyContext, 'user'>>;
/** A guard table row: the spec rule it checks, who, where, what must happen, and context extras. */
export type GuardRow = [
  rule: string,
  user: SessionUser | null,
  path: string,
  expected: GuardResult,
  extra?: Extra,
];

export const ALLOW: GuardResult = { action: 'allow' };
export const redirectTo = (to: string, rule: string) => ({ action: 'redirect', to, rule }) as GuardResult;
export const notFound = (rule: string) => ({ action: 'notFound', rule }) as GuardResult;

/** One test per row: guardPath on a context built from the row must give exactly `expected`. */
export function checkGuardRows(rows: GuardRow[]) {
  const named = rows.map(([rule, user, path, expected, extra]) => ({ rule, user, path, expected, extra }));
  it.each(named)('$rule: $path', ({ user, path, expected, extra }) => {
    expect(guardPath(makeCtx(user, extra), path)).toEqual(expected);
  });
}
