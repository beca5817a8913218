import { MODULES, type ModuleType, USER_TYPES, type UserType } from '@app/contracts';
import { type ModulePage, PAGES_OF_MODULE } from './module-naming.js';

/** Route-specific rules on top of the allowed user types; guards.ts gives each its meaning. */
export type RouteRule =
  /** 404 for users without the system-user flag. */
  | 'system-only'
  /** 404 for users who are neither system users nor sales staff (the agency list "includes sales"). */
  | 'system-or-sales'
  /** 404 for whoever keeps no exclusion list (`exclusions.read`): sales staff (decision 0092). */
  | 'exclusion-list'
  /** Report Analytics permission rule (spec 1 §2.3, spec 2 §2). */
  | 'report-analytics'
  /** The module must be available to the user (system users are exempt: they are redirected). */
  | 'module-available'
  /** System users (not sales) are sent to Agency List. */
  | 'system-to-agency-list'
  /** A client with disable_client_add_campaign 'T' is sent to the dashboard. */
  | 'client-campaign-creation-disabled'
  /** profile-setup-v1 falls back to Profile Setup unless card + leads menu, or a system user. */
  | 'profile-setup-v1-fallback'
  /** 404 unless the profile menu offers Developer (`showsDeveloper`, decision 0100). */
  | 'developer';

export type RouteAccess =
  | { kind: 'visitor' }
  | { kind: 'public' }
  | { kind: 'guarded'; userTypes: readonly UserType[]; rules?: readonly RouteRule[] };

export interface RouteDef {
  id: string;
  /** Pattern: `:name` is a parameter, `:name?` an optional one; module routes start with `:moduleSlug`. */
  path: string;
  /** Breadcrumb label. */
  name: string;
  access: RouteAccess;
  parentId?: string;
  /** A pure alias: the route only redirects (system users go to `systemTo` when given). */
  redirect?: { to: string; systemTo?: string };
  /** Set on module routes: the module and page; the slug comes from the user's naming. */
  module?: { type: ModuleType; page: ModulePage };
}

const visitor: RouteAccess = { kind: 'visitor' };
const publicDoc: RouteAccess = { kind: 'public' };
const allTypes = USER_TYPES;
const except = (...excluded: UserType[]): readonly UserType[] =>
  USER_TYPES.filter((type) => !excluded.includes(type));
const guarded = (userTypes: readonly UserType[], ...rules: RouteRule[]): RouteAccess => ({
  kind: 'guarded',
  userTypes,
  ...(rules.length > 0 ? { rules } : {}),
});

/*
 * The /configuration area is closed to clients (404): spec 1 §2.3 lists no configuration page for
 * clients and gives them their exclusion list through the profile menu instead (decision D-config):
 * that one page, opt-out-list, admits clients (it is their profile menu's entry, decision 0092).
 */
const configTypes = except('client');

const STATIC_ROUTES: readonly RouteDef[] = [
  // Visitor-only (spec 1 §2.1)
  { id: 'home', path: '/', name: 'Home', access: visitor, redirect: { to: '/login' } },
  { id: 'login', path: '/login', name: 'Login', access: visitor },
  { id: 'sso', path: '/sso', name: 'Single Sign-On', access: visitor },
  { id: 'register', path: '/register', name: 'Register', access: visitor },
  {
    id: 'agency-register',
    path: '/agency-register/:referralCode?',
    name: 'Agency Register',
    access: visitor,
  },
  {
    id: 'reset-password-invalid',
    path: '/reset-password-invalid',
    name: 'Invalid Reset Link',
    access: visitor,
  },
  { id: 'set-new-password', path: '/set-new-password/:token', name: 'Set New Password', access: visitor },
  // Not in the spec: the link e-mailed after the sign-up form creates the account (decision 0019).
  {
    id: 'confirm-registration',
    path: '/confirm-registration/:token',
    name: 'Finish Signing Up',
    access: visitor,
  },
  // Public (spec 1 §2.2, spec 2 §2)
  { id: 'privacy-policy', path: '/privacy-policy', name: 'Privacy Policy', access: publicDoc },
  { id: 'term-of-use', path: '/term-of-use', name: 'Terms of Use', access: publicDoc },
  {
    id: 'service-billing-agreement',
    path: '/service-billing-agreement',
    name: 'Service Billing Agreement',
    access: publicDoc,
  },
  {
    id: 'marketing-services-agreement-developer',
    path: '/marketing-services-agreement-developer',
    name: 'Marketing Services Agreement',
    access: publicDoc,
  },
  /*
   * Not in the spec: the link e-mailed to a new address (profile step 1) before it becomes the
   * account's. Public, not visitor-only: it is often opened in the browser that is signed in.
   */
  { id: 'confirm-email', path: '/confirm-email/:token', name: 'Confirm E-mail', access: publicDoc },
  // User area (spec 1 §2.3)
  { id: 'user', path: '/user', name: 'User', access: guarded(allTypes), redirect: { to: '/user/profile' } },
  { id: 'user.profile', path: '/user/profile', name: 'Profile', access: guarded(allTypes), parentId: 'user' },
  {
    id: 'user.profile-setup',
    path: '/user/profile-setup',
    name: 'Profile Setup',
    access: guarded(allTypes),
    parentId: 'user',
  },
  {
    id: 'user.profile-setup-v1',
    path: '/user/profile-setup-v1',
    name: 'Profile Setup',
    access: guarded(allTypes, 'profile-setup-v1-fallback'),
    parentId: 'user',
  },
  {
    id: 'user.card-setting',
    path: '/user/card-setting',
    name: 'Card Setting',
    access: guarded(allTypes),
    parentId: 'user',
  },
  // The profile menu's Developer entry (spec 1 §2.5, §6; decision 0100): keys and the Open API docs.
  {
    id: 'user.developer',
    path: '/user/developer',
    name: 'Developer',
    access: guarded(allTypes, 'developer'),
    parentId: 'user',
  },
  // Not in the spec: each party's billing history (issue 10 "Seeing the money", decision 0035).
  {
    id: 'user.billing-history',
    path: '/user/billing-history',
    name: 'Billing History',
    access: guarded(allTypes),
    parentId: 'user',
  },
  {
    id: 'user.questionnaire',
    path: '/user/questionnaire',
    name: 'Questionnaire',
    access: guarded(except('client')),
    parentId: 'user',
  },
  // "(not for client)" is written against questionnaire only; questionnaire-add stays open (D-quest).
  {
    id: 'user.questionnaire-add',
    path: '/user/questionnaire-add',
    name: 'Add Questionnaire',
    access: guarded(allTypes),
    parentId: 'user',
  },
  // Banner builder and campaign layout pages (legacy, contents not specified)
  { id: 'banner.create', path: '/banner/create', name: 'Create Banner', access: guarded(allTypes) },
  { id: 'banner.list', path: '/banner/list', name: 'Banner List', access: guarded(allTypes) },
  { id: 'dashboard', path: '/dashboard', name: 'Dashboard', access: guarded(allTypes) },
  { id: 'campaign', path: '/campaign', name: 'Campaign', access: guarded(allTypes) },
  { id: 'campaign-setup', path: '/campaign-setup', name: 'Campaign Setup', access: guarded(allTypes) },
  { id: 'audience', path: '/audience', name: 'Audience', access: guarded(allTypes) },
  { id: 'client', path: '/client', name: 'Client', access: guarded(allTypes) },
  // Integrations: clients and userdownline only (spec 1 §2.3, spec 2 §2)
  {
    id: 'integrations',
    path: '/integrations',
    name: 'Integrations',
    access: guarded(['client', 'userdownline']),
  },
  {
    id: 'integrations.detail',
    path: '/integrations/:id',
    name: 'Integration',
    access: guarded(['client', 'userdownline']),
    parentId: 'integrations',
  },
  // Configuration (spec 1 §2.3, spec 2 §2)
  {
    id: 'configuration',
    path: '/configuration',
    name: 'Configuration',
    access: guarded(configTypes),
    redirect: { to: '/configuration/client-management', systemTo: '/configuration/agency-list' },
  },
  ...configurationRoutes(),
  {
    id: 'download-auth',
    path: '/download-auth/:pkdoc',
    name: 'Document Download',
    access: guarded(allTypes),
  },
];

function configurationRoutes(): RouteDef[] {
  const page = (slug: string, name: string, access: RouteAccess): RouteDef => ({
    id: `configuration.${slug}`,
    path: `/configuration/${slug}`,
    name,
    access,
    parentId: 'configuration',
  });
  return [
    page('client-management', 'Client Management', guarded(configTypes, 'system-to-agency-list')),
    // Spec 1 §2.3 "agency-list: includes sales": sales staff open it as their sales downline list.
    page('agency-list', 'Agency List', guarded(configTypes, 'system-or-sales')),
    page('administrator-list', 'Administrator List', guarded(configTypes)),
    page('sales-account-list', 'Sales Account List', guarded(configTypes, 'system-only')),
    page('role-list', 'Role List', guarded(configTypes)),
    // Not in the spec: managing the company groups the sidebar selector lists (spec 2 §3, issue 9).
    page('company-group', 'Company Groups', guarded(configTypes)),
    page('general-setting', 'General Setting', guarded(except('client', 'sales'))),
    // Not in the spec: the onboarding-fee coupons of issue 10, for the system's own staff.
    page('coupons', 'Coupons', guarded(configTypes, 'system-only')),
    page('data-enrichment', 'Data Enrichment', guarded(configTypes)),
    // Issue 22 (decision 0092): the system's staff (their opt-out list and any agency's), an
    // agency's staff (their own and their clients'), and clients (their own, from the profile menu).
    page('opt-out-list', 'Exclusion List', guarded(allTypes, 'exclusion-list')),
    page('report-analytics', 'Report Analytics', guarded(configTypes, 'report-analytics')),
    // Not in the spec: the system's money and any party's billing history (decision 0035).
    page('billing', 'Billing', guarded(configTypes, 'system-only')),
    // Not in the spec: the ledger reconciled with the payment gateway, beside Billing (decision 0079).
    page('reconciliation', 'Reconciliation', guarded(configTypes, 'system-only')),
    // Not in the spec: what non-master systems owe the master in root fees, per month (decision 0081).
    page('root-fees', 'Root Fees', guarded(configTypes, 'system-only')),
    // Not in the spec: sales commissions — the system owners set the rate and read every sales
    // person's; a sales person reads their own (decision 0089).
    page('commissions', 'Commissions', guarded(configTypes, 'system-or-sales')),
    page('sales-connect-account', 'Sales Connect Account', guarded(['sales'])),
    // Not in the spec's list: where system users set the beta features of spec 2 §3 (decision 0034).
    page('beta-features', 'Beta Features', guarded(configTypes, 'system-only')),
  ];
}

const PAGE_NAMES: Record<ModulePage, string> = {
  dashboard: 'Dashboard',
  'campaign-management': 'Campaign Management',
  'campaign-management-v1': 'Campaign Management',
  'leads-management': 'Leads Management',
};

/** Rules of each module page (spec 1 §2.3): leads-management is for administrators only. */
function modulePageAccess(page: ModulePage): RouteAccess {
  switch (page) {
    case 'dashboard':
      return guarded(allTypes, 'module-available', 'system-to-agency-list');
    case 'campaign-management':
    case 'campaign-management-v1':
      // The v1 variant is the same screen generation-wise, so it shares the redirects (decision D-v1).
      return guarded(
        allTypes,
        'module-available',
        'system-to-agency-list',
        'client-campaign-creation-disabled',
      );
    case 'leads-management':
      return guarded(['administrator', 'admin'], 'module-available');
  }
}

/** One entry per module and page, e.g. `module.local.dashboard` for `/{local slug}/dashboard`. */
function moduleRoutes(): RouteDef[] {
  return MODULES.flatMap((type) =>
    PAGES_OF_MODULE[type].map(
      (page): RouteDef => ({
        id: `module.${type}.${page}`,
        path: `/:moduleSlug/${page}`,
        name: PAGE_NAMES[page],
        access: modulePageAccess(page),
        module: { type, page },
      }),
    ),
  );
}

/** The full route table; static routes come first so they win over a module slug that collides. */
export const ROUTES: readonly RouteDef[] = [...STATIC_ROUTES, ...moduleRoutes()];

const BY_ID = new Map(ROUTES.map((route) => [route.id, route]));

export function routeById(id: string): RouteDef | undefined {
  return BY_ID.get(id);
}
