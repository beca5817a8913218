import type { SessionUser, SetupCheck } from '@app/contracts';
import {
  hasCard,
  isAccountConnected,
  isAgencyUser,
  isSalesAccountConnected,
  isSalesUser,
  isSystemUser,
  requiresCard,
} from '@app/policy';

/**
 * Persistent warnings of spec 1 §8 and spec 2 §8 and the 'Action Required' banner (spec 1 §2.5,
 * spec 2 §2). The texts the spec quotes are used verbatim; the provider is named in them.
 */
export const SHELL_TEXTS = {
  profileIncomplete: 'Please complete your profile to fully use the system. (Go to Profile)',
  cardMissing: 'Complete your payment setup first to fully use the system. (Go to Profile -> Payment Setup)',
  /** Spec 1 §8's text; the pointer now leads to General Setting's Payment Account tab (decision 0033). */
  agencyAccountMissing:
    'You need to connect your Stripe account prior to adding any clients.(go to system setting->general setting->connect your account)',
  /** Spec: "a complete-the-form message" (wording not given). */
  agencyAccountPending:
    'Your Stripe account is not complete yet. Please complete the form to finish connecting your account.',
  agencyAccountVerifying: 'Your account is still being verified by Stripe...',
  clientAgencyAccount: 'Your agency connected Stripe account is not yet fully set up...',
  /** Spec: "similar activation messages (wording not shown)". */
  salesAccount: 'You need to connect your Stripe account to receive your commissions.(go to Connect Account)',
  actionRequiredTitle: 'Action Required',
  actionRequired:
    'Your connected Stripe account needs attention: charges or payouts are disabled. Please update your connected account in General Settings.',
} as const;

export type ShellWarningId =
  | 'profile-incomplete'
  | 'card-missing'
  | 'agency-account-missing'
  | 'agency-account-pending'
  | 'agency-account-verifying'
  | 'client-agency-account'
  | 'sales-account';

export interface ShellWarning {
  id: ShellWarningId;
  text: string;
  /** Where the user fixes it; null when it is not theirs to fix (a client's agency account). */
  path: string | null;
}

export interface ShellNotices {
  /** 'Action Required' banner: an agency whose connected account has charges or payouts disabled. */
  actionRequired: boolean;
  warnings: ShellWarning[];
}

const NONE: ShellNotices = { actionRequired: false, warnings: [] };
const PROFILE = '/user/profile';
const PROFILE_SETUP = '/user/profile-setup';
/** General Setting opened on its Payment Account tab. */
const PAYMENT_ACCOUNT = '/configuration/general-setting?tab=payment-account';
const SALES_CONNECT = '/configuration/sales-connect-account';

/** The agency's payment-provider account warning when it does not count as connected (spec 1 §4). */
function agencyAccountWarning(user: SessionUser, setup: SetupCheck): ShellWarning | null {
  if (isAccountConnected(user, setup)) return null;
  switch (setup.accountconnected) {
    case 'pending':
      return { id: 'agency-account-pending', text: SHELL_TEXTS.agencyAccountPending, path: PAYMENT_ACCOUNT };
    case 'inverification':
      return {
        id: 'agency-account-verifying',
        text: SHELL_TEXTS.agencyAccountVerifying,
        path: PAYMENT_ACCOUNT,
      };
    default:
      // Empty, failed (without manual bill), completed without a package: not connected.
      return { id: 'agency-account-missing', text: SHELL_TEXTS.agencyAccountMissing, path: PAYMENT_ACCOUNT };
  }
}

/**
 * Which warnings and banners the shell shows for the signed-in (or viewed) user. The setup check is
 * needed for the account rules; while it is unknown (null) only the profile and card warnings apply.
 * System users see none.
 */
export function shellNotices(user: SessionUser | null, setup: SetupCheck | null): ShellNotices {
  if (!user) return NONE;
  const sales = isSalesUser(user);
  if (isSystemUser(user) && !sales) return NONE;

  const warnings: ShellWarning[] = [];
  const profileDone = user.profile_setup_completed === 'T';
  if (!profileDone) {
    warnings.push({ id: 'profile-incomplete', text: SHELL_TEXTS.profileIncomplete, path: PROFILE });
  } else if (requiresCard(user) && !hasCard(user)) {
    warnings.push({ id: 'card-missing', text: SHELL_TEXTS.cardMissing, path: PROFILE_SETUP });
  }

  let actionRequired = false;
  if (sales) {
    if (!isSalesAccountConnected(user, setup))
      warnings.push({ id: 'sales-account', text: SHELL_TEXTS.salesAccount, path: SALES_CONNECT });
  } else if (setup && isAgencyUser(user)) {
    const warning = agencyAccountWarning(user, setup);
    if (warning) warnings.push(warning);
    // An existing, completed account whose charges or payouts the provider disabled must be updated.
    actionRequired =
      setup.accountconnected === 'completed' && (!user.charges_enabled || !user.payouts_enabled);
  } else if (setup && user.user_type === 'client' && !isAccountConnected(user, setup)) {
    warnings.push({ id: 'client-agency-account', text: SHELL_TEXTS.clientAgencyAccount, path: null });
  }
  return { actionRequired, warnings };
}
