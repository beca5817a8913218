import type { SessionUser } from '@app/contracts';
import { type Action, isSalesUser, isSystemUser } from '@app/policy';

export type SectionId =
  | 'branding'
  | 'modules'
  | 'payment-term'
  | 'smtp'
  | 'domain'
  | 'onboarding'
  | 'minimum-spend'
  | 'simplifi'
  | 'subscription'
  | 'payment-account'
  | 'payment-gateway';

export const SECTION_LABELS: Record<SectionId, string> = {
  branding: 'Branding',
  modules: 'Modules',
  'payment-term': 'Payment Term',
  smtp: 'Custom SMTP',
  domain: 'Domain',
  onboarding: 'Onboarding Charge',
  'minimum-spend': 'Minimum Spend',
  simplifi: 'Campaign Minimums',
  subscription: 'Subscription',
  'payment-account': 'Payment Account',
  'payment-gateway': 'Payment Gateway',
};

/**
 * Which parts of General Setting a user sees (spec 2 §2, §6): everyone brands their company, picks a
 * default term and sets SMTP; agencies rename modules and have a subdomain and custom domain (module
 * names are the agency's wording: the server refuses them for a root company); the root company sets
 * the onboarding charge and the campaign minimums (the enhance leads per day everywhere; Simplifi's
 * bid and budget on the master system, where the ad platform exists) and, on the master system,
 * minimum spend; only the agency owner (userdownline) may cancel the subscription.
 */
export function settingSections(user: SessionUser): SectionId[] {
  if (user.user_type === 'client' || isSalesUser(user)) return [];
  const root = isSystemUser(user) && user.rootcomp;
  const sections: SectionId[] = root
    ? ['branding', 'payment-term', 'smtp', 'onboarding']
    : ['branding', 'modules', 'payment-term', 'smtp', 'domain'];
  if (root && user.is_master_system) sections.push('minimum-spend');
  if (root) sections.push('simplifi');
  // The system's own Stripe keys (decision 0039): the system's staff only.
  if (root) sections.push('payment-gateway');
  // An agency's connected payment account (spec 2 §2): where spec 1 §8's warning points.
  if (!root) sections.push('payment-account');
  if (!root && user.user_type === 'userdownline' && !user.isViewMode) sections.push('subscription');
  return sections;
}

/** What a section's buttons may do: save, and add or remove (the minimum-spend plans). */
export interface SectionControls {
  canSave: boolean;
  canCreate: boolean;
  canDelete: boolean;
}

/**
 * The server action behind each section's buttons (the policy's catalogue): most sections save with
 * `settings.update`; the campaign minimums are the platform's own prices (`settings.platformPrices`);
 * the minimum-spend defaults and plans are `minimumSpend.*`.
 */
const SECTION_ACTIONS: Partial<Record<SectionId, { save: Action; create?: Action; delete?: Action }>> = {
  simplifi: { save: 'settings.platformPrices' },
  'payment-gateway': { save: 'paymentGateway.update', delete: 'paymentGateway.update' },
  'minimum-spend': {
    save: 'minimumSpend.update',
    create: 'minimumSpend.create',
    delete: 'minimumSpend.delete',
  },
};

/** A section's buttons for the signed-in user, from `may` (useSessionPermissions). */
export function sectionControls(id: SectionId, may: (action: Action) => boolean): SectionControls {
  const actions = SECTION_ACTIONS[id] ?? { save: 'settings.update' };
  return {
    canSave: may(actions.save),
    canCreate: actions.create !== undefined && may(actions.create),
    canDelete: actions.delete !== undefined && may(actions.delete),
  };
}
