import type { SessionUser } from '@app/contracts';
import {
  hasCard,
  hasReportAnalyticsAccess,
  isAgencyUser,
  isPaymentFailed,
  isSalesExecutiveWithAccount,
  isSalesUser,
  isSystemUser,
  needsProfileSetup,
  showsDeveloper,
} from './account-state.js';
import { reaches } from './authorization/authorize.js';
import { actorOf } from './authorization/session-actor.js';
import type { PolicyContext } from './context.js';
import { availableModules, isModuleAvailable, roleOpensLeads } from './module-access.js';
import { modulePath, PAGES_OF_MODULE } from './module-naming.js';
import { matchRoute, type RouteMatch } from './route-match.js';
import type { RouteDef, RouteRule } from './routes.js';

/** Why a guard answered as it did: the seven rules of spec 1 §2.4, then route-specific ones. */
export type GuardRule =
  | 'login-required' // §2.4 rule 1
  | 'user-type' // rule 2
  | 'profile-setup' // rule 3
  | 'client-payment-failed' // rule 4
  | 'agency-payment-failed' // rule 5
  | 'sales-connect-account' // rule 6
  | 'visitor-route' // rule 7
  | 'no-route'
  | 'route-alias'
  | 'register-flag'
  | 'system-only'
  | 'exclusion-list'
  | 'system-or-sales'
  | 'report-analytics'
  | 'module-unavailable'
  | 'system-to-agency-list'
  | 'client-campaign-creation-disabled'
  | 'profile-setup-v1-fallback'
  | 'developer';

export type GuardResult =
  | { action: 'allow' }
  | { action: 'redirect'; to: string; rule: GuardRule }
  | { action: 'notFound'; rule: GuardRule };

export const PATHS = {
  login: '/login',
  profile: '/user/profile',
  profileSetup: '/user/profile-setup',
  cardSetting: '/user/card-setting',
  agencyList: '/configuration/agency-list',
  generalSetting: '/configuration/general-setting',
  salesConnectAccount: '/configuration/sales-connect-account',
} as const;

const ALLOW: GuardResult = { action: 'allow' };
const redirect = (to: string, rule: GuardRule): GuardResult => ({ action: 'redirect', to, rule });
const notFound = (rule: GuardRule): GuardResult => ({ action: 'notFound', rule });

/**
 * Pages rule 3 leaves open: where the user fixes their setup (profile, setup, card) and document
 * links, which carry their own password check (decision D-exempt).
 */
const SETUP_PAGES = new Set([
  'user.profile',
  'user.profile-setup',
  'user.profile-setup-v1',
  'user.card-setting',
  'download-auth',
]);
/** Rules 4 and 5 "force" Card Setting: only it and document links stay open. */
const PAYMENT_FAILED_PAGES = new Set(['user.card-setting', 'download-auth']);
/**
 * Rule 6 confines sales to their pages: their account pages, Sales Connect Account and the agency
 * list (their sales downline list, spec 2 §6). Account executives with a connected account also reach
 * client management and the administrator list (spec 1 §6). Any other page sends them to Sales Connect
 * Account (decision D-sales).
 */
const SALES_PAGES = new Set([
  'user.profile',
  'user.profile-setup',
  'user.profile-setup-v1',
  'user.card-setting',
  // Their own commission (decision 0035): an account page like the profile.
  'user.billing-history',
  'configuration.sales-connect-account',
  'configuration.agency-list',
  // Their commissions by month and what they are owed (decision 0089).
  'configuration.commissions',
  'download-auth',
]);
const SALES_EXECUTIVE_PAGES = new Set([
  'configuration.client-management',
  'configuration.administrator-list',
]);

/** Whether a sales user may open a route (rule 6 and the account-executive rule of spec 1 §6). */
export function salesMayOpen(ctx: PolicyContext, user: SessionUser, routeId: string): boolean {
  if (SALES_PAGES.has(routeId)) return true;
  return SALES_EXECUTIVE_PAGES.has(routeId) && isSalesExecutiveWithAccount(user, ctx.setup);
}

/** The first page a client's modules offer: a dashboard, else campaign management when allowed. */
function clientHome(ctx: PolicyContext, user: SessionUser): string {
  const creationDisabled = user.disable_client_add_campaign === 'T';
  for (const module of availableModules(user, ctx.setup)) {
    if (PAGES_OF_MODULE[module].includes('dashboard')) return modulePath(user, module, 'dashboard');
    if (!creationDisabled) return modulePath(user, module, 'campaign-management');
  }
  return PATHS.profile;
}

/** "Anyone else to the local dashboard", or the first available module when local is off. */
function agencyHome(ctx: PolicyContext, user: SessionUser): string {
  const module = roleOpensLeads(ctx) ? availableModules(user, ctx.setup)[0] : undefined;
  if (!module) return PATHS.profile;
  const page = PAGES_OF_MODULE[module].includes('dashboard') ? 'dashboard' : 'campaign-management';
  return modulePath(user, module, page);
}

/**
 * Rule 7 of spec 1 §2.4: where a signed-in user lands. Incomplete profile uses the rule-3 test, so the
 * landing never bounces through another redirect.
 */
export function landingPath(ctx: PolicyContext): string {
  const { user, setup } = ctx;
  if (!user) return PATHS.login;
  if (needsProfileSetup(user, setup)) return PATHS.profileSetup;
  if (user.user_type === 'client') return clientHome(ctx, user);
  if (isSalesUser(user)) return PATHS.salesConnectAccount;
  if (isSystemUser(user)) return PATHS.agencyList;
  if (isAgencyUser(user) && (!user.charges_enabled || !user.payouts_enabled)) return PATHS.generalSetting;
  return agencyHome(ctx, user);
}

function guardVisitorRoute(ctx: PolicyContext, route: RouteDef): GuardResult {
  if (ctx.user) {
    // SSO must admit a signed-in user who follows a link: its answer may say 'replace_user' (spec 1
    // §4, decision D-sso). Without a token there is nothing to redeem, so rule 7 sends them on
    // (decision 0020).
    if (route.id === 'sso' && ctx.ssoToken) return ALLOW;
    return redirect(landingPath(ctx), 'visitor-route');
  }
  if (route.id === 'register' && !ctx.registerFlag) return redirect(PATHS.login, 'register-flag');
  if (route.redirect) return redirect(route.redirect.to, 'route-alias');
  return ALLOW;
}

/** Route-specific 404s; they sit with rule 2 because they too say "not your page". */
function routeNotFound(
  ctx: PolicyContext,
  user: SessionUser,
  match: RouteMatch,
  rules: readonly RouteRule[],
): GuardResult | null {
  if (rules.includes('system-only') && !isSystemUser(user)) return notFound('system-only');
  if (rules.includes('developer') && !showsDeveloper(ctx, user)) return notFound('developer');
  if (
    rules.includes('exclusion-list') &&
    !reaches(actorOf(user, ctx.rolePermissions ?? null), 'exclusions.read')
  )
    return notFound('exclusion-list');
  if (rules.includes('system-or-sales') && !isSystemUser(user) && !isSalesUser(user))
    return notFound('system-or-sales');
  if (rules.includes('report-analytics') && !hasReportAnalyticsAccess(ctx))
    return notFound('report-analytics');
  const module = match.module ?? match.route.module?.type;
  // System users are redirected from module pages instead; their own modules do not gate them.
  if (rules.includes('module-available') && module && !isSystemUser(user)) {
    if (!isModuleAvailable(user, ctx.setup, module) || !roleOpensLeads(ctx))
      return notFound('module-unavailable');
  }
  return null;
}

/** Rules 3 to 6 of spec 1 §2.4, in the spec's order. */
function accountRedirect(ctx: PolicyContext, user: SessionUser, routeId: string): GuardResult | null {
  if (!SETUP_PAGES.has(routeId) && needsProfileSetup(user, ctx.setup)) {
    return redirect(PATHS.profileSetup, 'profile-setup');
  }
  const failed = !PAYMENT_FAILED_PAGES.has(routeId) && isPaymentFailed(user, ctx.setup);
  if (failed && user.user_type === 'client') return redirect(PATHS.cardSetting, 'client-payment-failed');
  if (failed && isAgencyUser(user) && !user.isViewMode) {
    return redirect(PATHS.cardSetting, 'agency-payment-failed');
  }
  if (isSalesUser(user) && !salesMayOpen(ctx, user, routeId)) {
    return redirect(PATHS.salesConnectAccount, 'sales-connect-account');
  }
  return null;
}

/** Per-route redirects of spec 1 §2.3 and spec 2 §2. */
function routeRedirect(
  ctx: PolicyContext,
  user: SessionUser,
  match: RouteMatch,
  rules: readonly RouteRule[],
): GuardResult | null {
  // Sales are system users too, but client management is theirs when allowed (rule 6 already ran).
  if (rules.includes('system-to-agency-list') && isSystemUser(user) && !isSalesUser(user)) {
    return redirect(PATHS.agencyList, 'system-to-agency-list');
  }
  const module = match.module ?? match.route.module?.type;
  const creationDisabled = user.user_type === 'client' && user.disable_client_add_campaign === 'T';
  if (rules.includes('client-campaign-creation-disabled') && creationDisabled && module) {
    const to = PAGES_OF_MODULE[module].includes('dashboard')
      ? modulePath(user, module, 'dashboard')
      : landingPath(ctx);
    return redirect(to, 'client-campaign-creation-disabled');
  }
  const leadsReady = hasCard(user) && user.menuLeadspeek;
  if (rules.includes('profile-setup-v1-fallback') && !isSystemUser(user) && !leadsReady) {
    return redirect(PATHS.profileSetup, 'profile-setup-v1-fallback');
  }
  return null;
}

/** Decides what happens when `ctx` opens `match` (from matchRoute). */
export function guardRoute(ctx: PolicyContext, match: RouteMatch): GuardResult {
  const { route } = match;
  const { access } = route;
  if (access.kind === 'public') return ALLOW;
  if (access.kind === 'visitor') return guardVisitorRoute(ctx, route);
  const { user } = ctx;
  if (!user) return redirect(PATHS.login, 'login-required');
  if (!access.userTypes.includes(user.user_type)) return notFound('user-type');
  const rules = access.rules ?? [];
  const hidden = routeNotFound(ctx, user, match, rules);
  if (hidden) return hidden;
  if (route.redirect) {
    const { to, systemTo } = route.redirect;
    return redirect(systemTo && isSystemUser(user) ? systemTo : to, 'route-alias');
  }
  return accountRedirect(ctx, user, route.id) ?? routeRedirect(ctx, user, match, rules) ?? ALLOW;
}

/** matchRoute + guardRoute: what opening a pathname does; an unknown path is the 404 page. */
export function guardPath(ctx: PolicyContext, pathname: string): GuardResult {
  const match = matchRoute(pathname, ctx.user, ctx.domain);
  return match ? guardRoute(ctx, match) : notFound('no-route');
}
