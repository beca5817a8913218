import { CARD_PROVIDER_GATEWAY, type SessionUser, type SetupCheck, type UserType } from '@app/contracts';
import type { PolicyContext } from './context.js';

const AGENCY_TYPES: readonly UserType[] = ['userdownline', 'user', 'administrator', 'admin'];

/**
 * System users carry the systemuser flag (spec 1 §1). A 'root' user type is treated as one even if
 * the flag were missing, because root users only exist in the root company.
 */
export function isSystemUser(user: SessionUser): boolean {
  return user.systemuser || user.user_type === 'root';
}

export function isSalesUser(user: SessionUser): boolean {
  return user.user_type === 'sales';
}

/** Agency side: the agency owner types and their administrators, outside the root company. */
export function isAgencyUser(user: SessionUser): boolean {
  return !isSystemUser(user) && AGENCY_TYPES.includes(user.user_type);
}

/** Whether the user acts as someone else (spec 1 §4 View mode). */
export function isViewMode(user: SessionUser): boolean {
  return user.isViewMode;
}

/** A card is set up when the session carries the payment provider's card id. */
export function hasCard(user: SessionUser): boolean {
  return (user.customer_card_id ?? '').trim() !== '';
}

/**
 * Who must have a card: agencies and clients. System users (the root company does not pay itself) and
 * sales staff (they are paid, not charged) do not. A client of a manual-bill agency does not either:
 * with manual bill on, "client billing happens outside the system" (spec 2 §4); the server copies the
 * agency's manual_bill onto the client's session for that reason (decision D-card).
 */
export function requiresCard(user: SessionUser): boolean {
  if (isSystemUser(user) || isSalesUser(user)) return false;
  return !(user.user_type === 'client' && user.manual_bill === 'T');
}

/**
 * Rule 3 of spec 1 §2.4: profile setup incomplete, or no card where one is required. For clients the
 * setup check's `setupcomplete` also counts (spec 1 §4 "Client account").
 */
export function needsProfileSetup(user: SessionUser, setup: SetupCheck | null): boolean {
  if (user.profile_setup_completed !== 'T') return true;
  if (user.user_type === 'client' && setup && setup.setupcomplete !== 'T') return true;
  return requiresCard(user) && !hasCard(user);
}

/** What decides whether an agency's payment-provider account counts as connected (spec 1 §4). */
export interface PaymentAccountState {
  accountconnected: SetupCheck['accountconnected'];
  package_id: string;
  paymentgateway: string;
  manual_bill: SessionUser['manual_bill'];
}

/**
 * Spec 1 §4 "Payment-provider account status": connected when completed with a package; or empty
 * with a gateway other than the card provider's and a package; or, on the card provider's gateway
 * with a package, empty or failed while manual_bill is T.
 */
export function paymentAccountConnected(account: PaymentAccountState): boolean {
  if (account.package_id.trim() === '') return false;
  const status = account.accountconnected;
  if (status === 'completed') return true;
  const onCardGateway = account.paymentgateway.trim().toLowerCase() === CARD_PROVIDER_GATEWAY;
  if (!onCardGateway) return status === '';
  return (status === '' || status === 'failed') && account.manual_bill === 'T';
}

/** The session's reading of the rule above. Unknown setup (null) is not connected. */
export function isAccountConnected(user: SessionUser, setup: SetupCheck | null): boolean {
  return setup !== null && paymentAccountConnected({ ...setup, manual_bill: user.manual_bill });
}

/**
 * Spec 1 §8: "You need to connect your Stripe account prior to adding any clients." An agency's own
 * people (and whoever views the platform as them) add clients only once its payment account counts
 * as connected; the server refuses what the web app hides. System staff adding a client from the
 * Agency List are not bound by it (decision 0020).
 */
export function agencyMayAddClients(account: PaymentAccountState | null): boolean {
  return account !== null && paymentAccountConnected(account);
}

/** The same rule for the signed-in (or viewed) user: only the agency side is bound by it. */
export function userMayAddClients(user: SessionUser, setup: SetupCheck | null): boolean {
  if (!isAgencyUser(user)) return true;
  return setup !== null && agencyMayAddClients({ ...setup, manual_bill: user.manual_bill });
}

/**
 * A sales person's own connected account (for payouts) is active when its status is completed. Sales
 * have no package, so the agency rule above does not fit them (decision D-sales-connected). The setup
 * check is fresher than the stored session, so it wins when present.
 */
export function isSalesAccountConnected(user: SessionUser, setup: SetupCheck | null): boolean {
  return (setup ? setup.accountconnected : user.status_acc) === 'completed';
}

/** Sales see client management and administrator items only as account executives with a connected
 * account (spec 1 §6, spec 2 §6). */
export function isSalesExecutiveWithAccount(user: SessionUser, setup: SetupCheck | null): boolean {
  return isSalesUser(user) && user.isAccExecutive === 'T' && isSalesAccountConnected(user, setup);
}

/**
 * Payment failure: for a client the access-module flag paymentfailed (spec 1 §2.4 rule 4); for an
 * agency also the payment-failed status its failed charges set (spec 1 §3.4 paymentStatusFailed).
 * System users and sales are never payment-failed: they are not charged.
 */
export function isPaymentFailed(user: SessionUser, setup: SetupCheck | null): boolean {
  if (!setup || !(isAgencyUser(user) || user.user_type === 'client')) return false;
  if (setup.accessmodule === 'paymentfailed') return true;
  return isAgencyUser(user) && setup.paymentStatusFailed;
}

/**
 * Spec 1 §4: stored user data must have (systemuser and rootcomp) or isViewMode, otherwise the user is
 * logged out. Read as "the flags are present": an agency has systemuser false and is still valid, so
 * the rule guards against stale or foreign data in storage, not against agencies (decision D-stored).
 */
export function isStoredUserValid(stored: unknown): boolean {
  if (typeof stored !== 'object' || stored === null) return false;
  const data = stored as Record<string, unknown>;
  const hasFlags = typeof data.systemuser === 'boolean' && typeof data.rootcomp === 'boolean';
  return hasFlags || data.isViewMode === true;
}

/** Permissions in force: in view mode an override set may replace the user's own (spec 1 §4). */
export function effectivePermissions(user: SessionUser): Record<string, unknown> | null {
  if (user.isViewMode && user.user_permissions_view_mode) return user.user_permissions_view_mode;
  return user.user_permissions;
}

function isGranted(value: unknown): boolean {
  return value === true || value === 'T' || value === 1 || value === '1';
}

/**
 * Report Analytics (spec 1 §2.3 and §6, spec 2 §2): global view mode, or a non-sales system user of
 * the root company whose permission set grants report_analytics or who has no permission set at all.
 * Both specs are folded into one rule for the route and the menu (decision D-report).
 */
export function hasReportAnalyticsAccess(ctx: PolicyContext): boolean {
  if (ctx.globalViewMode) return true;
  const { user } = ctx;
  // Sales sit in the root company too, but rule 6 confines them to their own pages.
  if (!user || isSalesUser(user) || !isSystemUser(user) || !user.rootcomp) return false;
  const permissions = effectivePermissions(user);
  if (!permissions || Object.keys(permissions).length === 0) return true;
  return isGranted(permissions.report_analytics);
}

/** Minimum spend addendum: only userdownline / user agencies on the master system (spec 1 §6). */
export function showsMinimumSpendAddendum(user: SessionUser): boolean {
  return (user.user_type === 'userdownline' || user.user_type === 'user') && user.is_master_system;
}

/** The parent company's embed code is injected for non-system, non-sales users (spec 1 §6). */
export function injectsParentEmbedCode(user: SessionUser): boolean {
  return !isSystemUser(user) && !isSalesUser(user);
}

/**
 * Developer: api mode, and either a system user of the root company or a non-system agency with a card
 * and a connected payment account. "Needs the root company" cannot apply to agencies (they never are
 * the root company), so it is read as the system-user branch (decision D-developer).
 */
export function showsDeveloper(ctx: Pick<PolicyContext, 'setup'>, user: SessionUser): boolean {
  if (user.api_mode !== 'T' || isSalesUser(user)) return false;
  if (isSystemUser(user)) return user.rootcomp;
  return isAgencyUser(user) && hasCard(user) && isAccountConnected(user, ctx.setup);
}
