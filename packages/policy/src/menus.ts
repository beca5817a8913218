import type { SessionUser } from '@app/contracts';
import {
  hasCard,
  hasReportAnalyticsAccess,
  isAccountConnected,
  isAgencyUser,
  isPaymentFailed,
  isSalesExecutiveWithAccount,
  isSalesUser,
  isSystemUser,
  requiresCard,
  showsDeveloper,
} from './account-state.js';
import { reaches } from './authorization/authorize.js';
import { actorOf } from './authorization/session-actor.js';
import type { PolicyContext } from './context.js';
import { guardPath } from './guards.js';
import {
  availableModules,
  betaFeatureAvailable,
  clientModulePermissions,
  isModuleBeta,
  roleOpensLeads,
} from './module-access.js';
import { moduleNaming, modulePath, PAGES_OF_MODULE } from './module-naming.js';
import { routeById } from './routes.js';

/** A menu entry. Entries without a path open a modal or run an action the web app binds by id. */
export interface MenuItem {
  id: string;
  label: string;
  path?: string;
  beta?: boolean;
  children?: MenuItem[];
}

/** A menu entry for a route of the table, labelled with the route's name. */
function routeItem(routeId: string): MenuItem {
  const route = routeById(routeId);
  if (!route) throw new Error(`Unknown route ${routeId}`);
  return { id: route.id, label: route.name, path: route.path };
}

/**
 * A menu never offers what its guard refuses: an entry with a path is offered only where opening the
 * path is allowed by `guardPath` (no 404, no redirect). Menus add their own display rules on top.
 */
export function menuMayOffer(ctx: PolicyContext, path: string): boolean {
  return guardPath(ctx, path).action === 'allow';
}

/** The items the guard lets the user open; a group without a path keeps its openable children. */
function offered(ctx: PolicyContext, items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => {
    if (item.path !== undefined) return menuMayOffer(ctx, item.path) ? [item] : [];
    if (!item.children) return [item];
    const children = offered(ctx, item.children);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

/** "Not payment failed unless in view mode" (spec 1 §2.5). */
function blockedByPaymentFailure(ctx: PolicyContext, user: SessionUser): boolean {
  return isPaymentFailed(user, ctx.setup) && !user.isViewMode;
}

function cardSatisfied(user: SessionUser): boolean {
  return !requiresCard(user) || hasCard(user);
}

/**
 * The legacy campaign layout and banner pages have no menu flag in the session; they show when a
 * role grants Campaign or Ads Design (decision D-legacy-menu). They are the ad platform's pages
 * (decisions 0113, 0115): a person without a role — who holds every switch, as the server reads it,
 * an agency's owner — gets them wherever the Simplifi module's own entry shows. Clients never do.
 */
function legacyItems(ctx: PolicyContext, user: SessionUser, modules: readonly MenuItem[]): MenuItem[] {
  if (user.user_type === 'client') return [];
  const roles = ctx.rolePermissions;
  const simplifiShown = modules.some((item) => item.id === 'module.simplifi');
  const grants = (module: 'campaign' | 'ads_design') =>
    roles ? roles[module]?.enable === true : simplifiShown;
  const items: MenuItem[] = [];
  if (grants('campaign')) {
    items.push(...['dashboard', 'client', 'campaign', 'campaign-setup', 'audience'].map(routeItem));
  }
  if (grants('ads_design')) {
    items.push({ id: 'banner', label: 'Banner', children: ['banner.create', 'banner.list'].map(routeItem) });
  }
  return items;
}

/**
 * Module entries (spec 1 §2.5, §6): not for system users (they are kept out of module pages), only
 * with the leads menu on, a card where one is required, a connected payment account, no payment
 * failure (unless in view mode), and the module available. leads-management is never listed.
 */
function moduleItems(ctx: PolicyContext, user: SessionUser): MenuItem[] {
  if (isSystemUser(user)) return [];
  const isClient = user.user_type === 'client';
  const leadsMenuOn = isClient
    ? clientModulePermissions(user).leadspeek.enable
    : user.menuLeadspeek && roleOpensLeads(ctx);
  if (!leadsMenuOn || !cardSatisfied(user) || !isAccountConnected(user, ctx.setup)) return [];
  if (blockedByPaymentFailure(ctx, user)) return [];
  const creationDisabled = isClient && user.disable_client_add_campaign === 'T';
  return availableModules(user, ctx.setup).flatMap((module) => {
    const pages = PAGES_OF_MODULE[module].filter(
      (page) => page === 'dashboard' || (page === 'campaign-management' && !creationDisabled),
    );
    if (pages.length === 0) return [];
    const children = pages.map((page) => ({
      id: `module.${module}.${page}`,
      label: routeById(`module.${module}.${page}`)?.name ?? page,
      path: modulePath(user, module, page),
    }));
    const item: MenuItem = { id: `module.${module}`, label: moduleNaming(user, module).name, children };
    if (isModuleBeta(ctx.setup, module)) item.beta = true;
    return [item];
  });
}

/** Configuration links in the sidebar's order (spec 1 §2.5), Sales Connect Account last. */
const CONFIGURATION_ORDER = [
  'client-management',
  'agency-list',
  'administrator-list',
  'sales-account-list',
  'role-list',
  'company-group',
  'general-setting',
  'coupons',
  'opt-out-list',
  'report-analytics',
  'billing',
  'reconciliation',
  'root-fees',
  'commissions',
  'sales-connect-account',
  'beta-features',
] as const;
type ConfigurationPage = (typeof CONFIGURATION_ORDER)[number];

function visibleConfigurationPages(ctx: PolicyContext, user: SessionUser): ConfigurationPage[] {
  if (user.user_type === 'client') return [];
  const report: ConfigurationPage[] = hasReportAnalyticsAccess(ctx) ? ['report-analytics'] : [];
  if (isSalesUser(user)) {
    // Sales Connect Account is not in the spec's sidebar list, but rule 6 lands sales there, so they
    // need a way back to it from the agency list (decision D-sales-menu).
    const executive: ConfigurationPage[] = isSalesExecutiveWithAccount(user, ctx.setup)
      ? ['client-management', 'administrator-list']
      : [];
    // Their own commissions (decision 0089), beside the account they are paid to.
    const commissions: ConfigurationPage[] = reaches(
      actorOf(user, ctx.rolePermissions ?? null),
      'billing.commissions',
    )
      ? ['commissions']
      : [];
    return ['agency-list', ...executive, ...commissions, 'sales-connect-account'];
  }
  const settingsOff = ctx.rolePermissions?.settings?.enable === false;
  // Role List and Company Groups: for those the policy lets manage roles and groups (spec 1 §2.3 lists
  // role-list under /configuration; issue 9 puts both in the configuration menus).
  const actor = actorOf(user, ctx.rolePermissions ?? null);
  const manage: ConfigurationPage[] = [
    ...(reaches(actor, 'roles.create') ? (['role-list'] as const) : []),
    ...(reaches(actor, 'groups.create') ? (['company-group'] as const) : []),
  ];
  if (isSystemUser(user)) {
    const system: ConfigurationPage[] = [
      'agency-list',
      'administrator-list',
      'sales-account-list',
      ...manage,
      'general-setting',
      ...(reaches(actor, 'coupons.read') ? (['coupons'] as const) : []),
      'opt-out-list',
      ...(reaches(actor, 'betaFeatures.update') ? (['beta-features'] as const) : []),
    ];
    // Billing is the system's money, not a setting: it stays when the Settings switch is off.
    // Reconciliation (decision 0079): the ledger against the gateway, for the system's owners.
    // Root Fees (decision 0081): what a paying system owes the master, or what each owes it.
    // Commissions (decision 0089): the sales commission rate and what each sales person earned.
    const owners: ConfigurationPage[] = [
      ...(reaches(actor, 'billing.reconciliation') ? (['reconciliation'] as const) : []),
      ...(reaches(actor, 'billing.rootFees') ? (['root-fees'] as const) : []),
      // Commissions (decision 0089): the rate and every sales person's commissions.
      ...(reaches(actor, 'billing.commissionRate') ? (['commissions'] as const) : []),
    ];
    return [...(settingsOff ? [] : system), ...report, 'billing', ...owners];
  }
  // Agencies: client management needs a card and no payment failure (unless in view mode); a missing
  // payment account only shows the warning of spec 1 §8 (decision D-client-management).
  const clients: ConfigurationPage[] =
    cardSatisfied(user) && !blockedByPaymentFailure(ctx, user) ? ['client-management'] : [];
  const agency: ConfigurationPage[] = isAgencyUser(user)
    ? [
        ...clients,
        'administrator-list',
        ...manage,
        'general-setting',
        // Their own exclusion list and their clients' (decision 0092).
        ...(reaches(actor, 'exclusions.read') ? (['opt-out-list'] as const) : []),
      ]
    : [];
  return [...(settingsOff ? [] : agency), ...report];
}

/** The configuration links, also repeated by the 'System Settings' dropdown (spec 1 §2.5). */
export function systemSettingsMenu(ctx: PolicyContext): MenuItem[] {
  const { user } = ctx;
  if (!user) return [];
  const visible = new Set(visibleConfigurationPages(ctx, user));
  return offered(
    ctx,
    CONFIGURATION_ORDER.filter((page) => visible.has(page)).map((page) => routeItem(`configuration.${page}`)),
  );
}

/** The sidebar: legacy pages granted by role, module entries, then the configuration links. */
export function sidebarMenu(ctx: PolicyContext): MenuItem[] {
  const { user } = ctx;
  if (!user) return [];
  const modules = moduleItems(ctx, user);
  return [...offered(ctx, [...legacyItems(ctx, user, modules), ...modules]), ...systemSettingsMenu(ctx)];
}

/** Card Setting: a card is set up and manual_bill is F, or manual_bill is T for userdownline. */
export function showsCardSetting(user: SessionUser): boolean {
  return (
    (hasCard(user) && user.manual_bill === 'F') ||
    (user.manual_bill === 'T' && user.user_type === 'userdownline')
  );
}

/** Data Wallet: user/userdownline agencies on the master system, not system users, beta gate open. */
export function showsDataWallet(ctx: PolicyContext, user: SessionUser): boolean {
  const agencyOwner = user.user_type === 'user' || user.user_type === 'userdownline';
  return (
    agencyOwner &&
    user.is_master_system &&
    !isSystemUser(user) &&
    betaFeatureAvailable(ctx.setup, 'data_wallet')
  );
}

/** The profile menu of spec 1 §2.5 with the rules of §6. */
export function profileMenu(ctx: PolicyContext): MenuItem[] {
  const { user } = ctx;
  if (!user) return [];
  const isClient = user.user_type === 'client';
  const entries: [boolean, MenuItem][] = [
    [true, { id: 'profile', label: 'Profile', path: '/user/profile' }],
    [showsCardSetting(user), { id: 'card-setting', label: 'Card Setting', path: '/user/card-setting' }],
    // Every party's own money (decision 0035); system users read theirs under Billing instead.
    [
      (isSalesUser(user) || !isSystemUser(user)) && menuMayOffer(ctx, '/user/billing-history'),
      { id: 'billing-history', label: 'Billing History', path: '/user/billing-history' },
    ],
    [showsDataWallet(ctx, user), { id: 'data-wallet', label: 'Data Wallet' }],
    // The route admits clients and userdownline, so both get the entry (decision D-integrations).
    [
      isClient || user.user_type === 'userdownline',
      { id: 'integrations', label: 'Integrations', path: '/integrations' },
    ],
    [showsDeveloper(ctx, user), { id: 'developer', label: 'Developer', path: '/user/developer' }],
    [
      isClient && menuMayOffer(ctx, '/configuration/opt-out-list'),
      { id: 'exclusion-list', label: 'Exclusion List', path: '/configuration/opt-out-list' },
    ],
    [true, { id: 'change-password', label: 'Change Password' }],
    [true, { id: 'two-factor', label: 'Two Factor Authentication' }],
    [isAgencyUser(user), { id: 'support', label: 'Support' }],
    [true, { id: 'logout', label: 'Log out' }],
  ];
  return entries.filter(([shown]) => shown).map(([, item]) => item);
}
