import type { RoleModule } from '@app/contracts';
import type { RolePermission } from '../context.js';
import {
  type Actor,
  isAccountExecutive,
  isAgencyOwner,
  isAgencyStaff,
  isClient,
  isCompanyStaff,
  isSales,
  isSystemOwner,
  isSystemStaff,
} from './actor.js';
import type { ApiScope } from './key-actor.js';

/** A role switch an action needs (spec 1 §3.6): module × enable/create/update/delete. */
export interface PermissionNeed {
  module: RoleModule;
  action: keyof RolePermission;
}

/** Who may perform an action at all, before any id or data is looked at. */
export interface ActionRule {
  /** Whose place in the tree allows it; anyone else is told the thing does not exist (404). */
  who: (actor: Actor) => boolean;
  /** The role switch it needs; a role without it answers 403 (people without a role hold all). */
  permission?: PermissionNeed;
  /** Refused in a session where someone acts as this person (view mode, single sign-on). */
  notWhileActingAsOther?: boolean;
  /**
   * The scope an Open API key needs to perform it (decision 0100); absent: no key may. A key reaches
   * the ids its company reaches, like the company's own people.
   */
  key?: ApiScope;
}

const anyone = () => true;
const settings = (action: PermissionNeed['action']): PermissionNeed => ({ module: 'settings', action });
const leadspeek = (action: PermissionNeed['action']): PermissionNeed => ({ module: 'leadspeek', action });
const adsDesign = (action: PermissionNeed['action']): PermissionNeed => ({ module: 'ads_design', action });
/** Who sets up and runs campaigns: the client itself and its agency's people. */
const campaignRunners = (a: Actor) => isAgencyStaff(a) || isClient(a);

/** People who manage clients: company staff, and account executives for their linked agencies. */
const clientManagers = (a: Actor) => isCompanyStaff(a) || isAccountExecutive(a);
/** Who keeps exclusion lists (decision 0092): the system's and agencies' staff, and clients. */
const exclusionKeepers = (a: Actor) => isCompanyStaff(a) || isClient(a);
/** The system user (or `root` user) flagged systemuser: the owner of a white-label system. */
const systemUser = (a: Actor) => isSystemOwner(a) && a.isSystemUser;

/**
 * Every action of the product and who may perform it. Routes declare the action they perform and the
 * access plugin applies this table; services ask `authorize` for decisions that depend on the data
 * (which target, which case), with the relations in `relations.ts`. Writes of configuration need the
 * Settings permission of the caller's role.
 */
export const ACTIONS = {
  // The caller's own session and account.
  'session.read': { who: anyone },
  'session.end': { who: anyone },
  'account.update': { who: anyone },
  'account.password': { who: anyone, notWhileActingAsOther: true },
  'account.twoFactor': { who: anyone },
  /** Turning two-factor on or off, or changing its method: the person themselves, never a stand-in. */
  'account.twoFactor.change': { who: anyone, notWhileActingAsOther: true },
  /** Changing the company's own details (name, subdomain, logo) from the profile. */
  'account.company.update': { who: anyone, permission: settings('update') },

  // User logs: company staff read their scope; anyone writes their own entries.
  'logs.write': { who: anyone },
  'logs.read': { who: isCompanyStaff },
  /** Which of the platform's people acted, and from where: the platform's own business. */
  'logs.read.platformStaff': { who: isSystemStaff },

  // Company groups organise an agency's (or the root company's) clients.
  'groups.read': { who: anyone },
  'groups.create': { who: clientManagers, permission: settings('create') },
  'groups.update': { who: clientManagers, permission: settings('update') },
  'groups.delete': { who: clientManagers, permission: settings('delete') },

  // The network: agencies, clients, administrators, sales staff.
  /** Which of a company's lists is `mayReadList` (account executives: their agencies' clients). */
  'users.list': { who: clientManagers },
  /** The agency list's API Key Generated and Developer Mode Enabled filters (spec 2 §2). */
  'users.list.apiFilters': { who: isSystemStaff },
  'users.rootList': { who: isSystemStaff },
  'users.salesDownline': { who: (a) => isSystemStaff(a) || isSales(a) },
  'users.create': { who: clientManagers, permission: settings('create') },
  'users.update': { who: clientManagers, permission: settings('update') },
  /** Account executives add and edit their agencies' clients but never remove them. */
  'users.remove': { who: isCompanyStaff, permission: settings('delete') },
  'users.invite': { who: clientManagers, permission: settings('create') },
  'agencies.billingSwitches': { who: isSystemStaff, permission: settings('update') },
  /** Charging a company's declined invoices again (the payment-failed modal): staff over it, not sales. */
  'payments.settle': { who: isCompanyStaff, permission: settings('update') },
  'sales.assign': { who: systemUser },
  'referrals.create': { who: isSales },

  // Acting as someone else: who the target may be is `mayActAs`.
  'viewMode.start': { who: isCompanyStaff },
  'sso.create': { who: isCompanyStaff, notWhileActingAsOther: true },

  // Roles and their permissions.
  'roles.read': { who: anyone },
  'roles.create': { who: isCompanyStaff, permission: settings('create') },
  'roles.update': { who: isCompanyStaff, permission: settings('update') },
  'roles.delete': { who: isCompanyStaff, permission: settings('delete') },

  // General settings of a root company or an agency.
  'settings.read': { who: isCompanyStaff },
  'settings.update': { who: isCompanyStaff, permission: settings('update') },
  /** Wholesale costs of an agency and the system's campaign minimums: the platform's own prices. */
  'settings.platformPrices': { who: isSystemStaff, permission: settings('update') },
  'settings.package': { who: isSystemStaff, permission: settings('update') },
  'settings.cancelSubscription': { who: isAgencyOwner, permission: settings('update') },
  'campaignMinimums.read': { who: anyone },
  'minimumSpend.read': { who: isCompanyStaff },
  'minimumSpend.read.plans': { who: isSystemStaff },
  'minimumSpend.create': { who: isSystemStaff, permission: settings('create') },
  'minimumSpend.update': { who: isSystemStaff, permission: settings('update') },
  'minimumSpend.delete': { who: isSystemStaff, permission: settings('delete') },

  // Cards (a company's own card; reading also for the staff above it) and coupons (issue 10).
  'cards.read': { who: (a: Actor) => !isSales(a) },
  // Saving a card charges what is due on it (the onboarding fee) and binds its holder: only the
  // company's own people, never someone acting for them in view mode or single sign-on (decision 0066).
  'cards.update': { who: (a: Actor) => isAgencyStaff(a) || isClient(a), notWhileActingAsOther: true },
  'coupons.check': { who: (a: Actor) => isAgencyStaff(a) || isSystemStaff(a) },
  'coupons.read': { who: isSystemStaff },
  'coupons.create': { who: isSystemStaff, permission: settings('create') },
  'coupons.update': { who: isSystemStaff, permission: settings('update') },
  // Connected payment accounts (decision 0033). An agency's people connect their agency's; the
  // platform's staff read and reset it for support; nobody accepts the provider's terms as a stand-in.
  'paymentAccount.read': { who: isCompanyStaff },
  'paymentAccount.connect': {
    who: isAgencyStaff,
    permission: settings('update'),
    notWhileActingAsOther: true,
  },
  'paymentAccount.reset': { who: isCompanyStaff, permission: settings('update') },
  /** A sales person's own account (commissions); system staff may read it. */
  'paymentAccount.sales.read': { who: (a: Actor) => isSales(a) || isSystemStaff(a) },
  'paymentAccount.sales.connect': { who: isSales, notWhileActingAsOther: true },
  // The system's payment gateway (decision 0039): its own Stripe keys, for the platform's staff only.
  'paymentGateway.read': { who: isSystemStaff },
  'paymentGateway.update': {
    who: isSystemStaff,
    permission: settings('update'),
    notWhileActingAsOther: true,
  },
  // Billing history (decision 0035): whose history is `mayReadBilling`; the system's picker of parties.
  'billing.read': { who: anyone },
  'billing.read.system': { who: isSystemStaff },
  // Agreements (decision 0034): reading one's own or, by scope, a managed company's; accepting is
  // the person themselves, never a stand-in; opening a download link needs one's own password.
  'agreements.read': { who: anyone },
  'agreements.accept': { who: anyone, notWhileActingAsOther: true },
  'agreements.download': { who: anyone },
  'agreements.openLink': { who: anyone, notWhileActingAsOther: true },
  // Beta features: the system's staff set them; anyone asks the gate of a feature for themselves.
  'betaFeatures.read': { who: isSystemStaff },
  'betaFeatures.update': { who: isSystemStaff, permission: settings('update') },
  'betaFeatures.gate': { who: anyone },
  /** The Data Wallet's balance and history: the agency's staff and the system's (gated by the server). */
  'dataWallet.read': { who: isCompanyStaff },
  // Its settings and top-ups (decision 0073): the agency's own people with the Settings switch, as
  // its card is theirs. The settings are a standing order on the card (continual top-up charges it
  // by itself), so neither is done by someone acting for them in view mode or single sign-on.
  'dataWallet.update': { who: isAgencyStaff, permission: settings('update'), notWhileActingAsOther: true },
  'dataWallet.charge': { who: isAgencyStaff, permission: settings('update'), notWhileActingAsOther: true },

  // Campaigns (issue 11, decision 0045): a client runs its own, its agency's people run their
  // clients'; the system's staff read them (and act on them in view mode, as the person they view).
  // Which campaign is whose is the `campaign` scope check; the role's LeadsPeek switches gate them:
  // `enable` reads (campaign lists, lead reports and downloads), the others writes.
  'campaigns.read': {
    who: (a: Actor) => isCompanyStaff(a) || isClient(a) || isAccountExecutive(a),
    permission: leadspeek('enable'),
    key: 'campaigns:read',
  },
  'campaigns.create': { who: campaignRunners, permission: leadspeek('create'), key: 'campaigns:write' },
  'campaigns.update': { who: campaignRunners, permission: leadspeek('update'), key: 'campaigns:write' },
  /** Active/pause, archive: state moves through the state machine (activation may charge). */
  'campaigns.move': { who: campaignRunners, permission: leadspeek('update'), key: 'campaigns:write' },
  /**
   * Stored leads, as the Open API pages them (decision 0100): whoever reads campaigns reads their
   * leads (the lead reports declare `campaigns.read`); a key needs its own scope for them.
   */
  'leads.read': {
    who: (a: Actor) => isCompanyStaff(a) || isClient(a) || isAccountExecutive(a),
    permission: leadspeek('enable'),
    key: 'leads:read',
  },
  'campaigns.remove': { who: campaignRunners, permission: leadspeek('delete') },
  /** A campaign's client prices (cost module): what the agency charges its client, never the client. */
  'campaigns.prices': { who: isAgencyStaff, permission: leadspeek('update') },
  /**
   * A prepaid campaign's refund and its estimate (decision 0078): the agency's money (its markup and
   * the platform's wholesale go back), so its staff only — never the client, sales or a stand-in.
   */
  'campaigns.prepaidRefund.read': { who: isAgencyStaff, permission: leadspeek('enable') },
  'campaigns.prepaidRefund': {
    who: isAgencyStaff,
    permission: leadspeek('update'),
    notWhileActingAsOther: true,
  },
  /**
   * Stopping a prepaid campaign's continual top-up (decision 0082): a term of the price the agency
   * set for its client (the cost module's top-up option, `campaigns.prices`), so the agency's staff
   * only; a client asks its agency, as it does for any price.
   */
  'campaigns.prepaidTopUp.stop': { who: isAgencyStaff, permission: leadspeek('update') },
  /** The product-disable dialog's question: which campaigns keep a module on. */
  'campaigns.activeCheck': { who: (a: Actor) => isCompanyStaff(a) || isAccountExecutive(a) },

  // A company's organisation at the ad platform (issue 24, decision 0110): who manages the company's
  // clients reads and manages their organisations (OrganizationName, ParentID, CustomID).
  'adOrganizations.read': { who: clientManagers },
  'adOrganizations.manage': { who: clientManagers, permission: settings('update') },

  // Ad-platform audiences (issue 24, decision 0114): customer lists Simplifi campaigns target, kept
  // by those who run campaigns (the client and its agency's people) and read by the system's staff
  // for support; the role's LeadsPeek switches gate them as they gate campaigns. Whose audience an
  // id is, and whether the company may open the Simplifi module, the ad-audiences module checks.
  'audiences.read': { who: (a: Actor) => isCompanyStaff(a) || isClient(a), permission: leadspeek('enable') },
  'audiences.create': { who: campaignRunners, permission: leadspeek('create') },
  'audiences.delete': { who: campaignRunners, permission: leadspeek('delete') },

  // Ad media (issue 24, decision 0113): the display ads of Simplifi campaigns, kept like the audiences
  // beside them: by those who run campaigns, read by the system's staff for support, gated by the
  // role's LeadsPeek switches. Whose media an id is the scope check's; whether the company may open
  // the Simplifi module, the ad-media module checks.
  'media.read': { who: (a: Actor) => isCompanyStaff(a) || isClient(a), permission: leadspeek('enable') },
  'media.upload': { who: campaignRunners, permission: leadspeek('create') },
  'media.update': { who: campaignRunners, permission: leadspeek('update') },
  // The banner builder (issue 24, decision 0113): the Ads Design role module's switches. A banner is
  // its company's (an agency's, from its branding; the system's staff keep their root company's and
  // reach agencies' for support). Never clients: the banner pages are not theirs. Attaching one to a
  // campaign makes media there: the campaign's LeadsPeek create switch, and reading the banner
  // (`banners.read`, which the ad-builder module asks).
  'banners.read': { who: isCompanyStaff, permission: adsDesign('enable') },
  'banners.create': { who: isCompanyStaff, permission: adsDesign('create') },
  'banners.update': { who: isCompanyStaff, permission: adsDesign('update') },
  'banners.delete': { who: isCompanyStaff, permission: adsDesign('delete') },
  'banners.attach': { who: isAgencyStaff, permission: leadspeek('create') },

  // Exclusion (suppression) lists (issue 22, decision 0092): which list is whose is
  // `mayManageExclusionList`; uploading and purging are settings writes (the role's switches).
  'exclusions.read': { who: exclusionKeepers, key: 'suppression:read' },
  'exclusions.update': { who: exclusionKeepers, permission: settings('update'), key: 'suppression:write' },
  'exclusions.delete': { who: exclusionKeepers, permission: settings('delete') },
  /** A system's upload limit (rows per upload): the system's own staff. */
  'exclusions.settings': { who: isSystemStaff, permission: settings('update') },
  // Keyword counts and data enhancement (issue 22, decision 0093). The data vendor's catalogue and
  // location look-ups hold no tenant data: anyone signed in. Keyword counts are part of running
  // campaigns (the campaign management screens of the keyword modules): the client and its agency's
  // people, reading with the LeadsPeek switch and counting (which spends the vendor's time) with its
  // update switch. Data enhancement counts are a configuration screen: the staff of agencies and of
  // the system (who read any campaign of it, and count for support).
  'dataVendor.reference': { who: anyone },
  'keywordCounts.read': { who: campaignRunners, permission: leadspeek('enable') },
  'keywordCounts.run': { who: campaignRunners, permission: leadspeek('update') },
  'enrichment.read': { who: isCompanyStaff, permission: leadspeek('enable') },
  'enrichment.run': { who: isCompanyStaff, permission: leadspeek('update') },

  // Integrations (issue 23, decision 0096): where a client's leads go, kept by the client and by
  // its agency's people (an agency's own connections take all its clients' leads). Changing them is
  // a settings write (the role's switches); which company is the scope check's. A key reaches them
  // as the Open API's webhook endpoints (decision 0106), with its own scopes.
  'integrations.read': { who: campaignRunners, key: 'webhooks:read' },
  'integrations.manage': { who: campaignRunners, permission: settings('update'), key: 'webhooks:write' },
  // The Developer API (decision 0100). An agency's people (and a system's, for its root company) see
  // their company's keys; making, rotating and revoking one binds the company to the developer
  // agreement and may charge its one-time fee, so only its own people with the Settings switch do it,
  // never a stand-in. The platform's staff read any agency's key state and revoke a leaked key. The
  // developer fee is a system setting.
  'developer.read': { who: (a: Actor) => isAgencyStaff(a) || isSystemStaff(a) },
  'developer.keys.create': {
    who: (a: Actor) => isAgencyStaff(a) || isSystemOwner(a),
    permission: settings('update'),
    notWhileActingAsOther: true,
  },
  'developer.keys.rotate': {
    who: (a: Actor) => isAgencyStaff(a) || isSystemOwner(a),
    permission: settings('update'),
    notWhileActingAsOther: true,
  },
  'developer.keys.revoke': {
    who: (a: Actor) => isAgencyStaff(a) || isSystemStaff(a),
    permission: settings('update'),
  },
  'developer.settings.read': { who: isSystemStaff },
  'developer.settings.update': { who: isSystemStaff, permission: settings('update') },

  // Reports and the outbox.
  /** Report Analytics: who reads it depends on the person's report permission (`reportAnalyticsAccess`). */
  'reports.analytics': { who: anyone },
  'reports.root': { who: isSystemOwner },
  /** The reconciliation of the ledger with the gateway (decision 0079): the system's owners only. */
  'billing.reconciliation': { who: isSystemOwner },
  /**
   * Root fees between systems (decision 0081): a non-master system's owners read what it owes the
   * master and connect the receiving account; the master's owners read what every other system owes.
   */
  'billing.rootFees': { who: isSystemOwner },
  /**
   * Sales commissions (decision 0089): the system's owners read the rate and every sales person's
   * commissions and set the rate (a setting: the Settings switch); a sales person reads their own
   * (whose figures a caller reads is `mayReadCommissions`).
   */
  'billing.commissionRate': { who: isSystemOwner },
  'billing.commissionRate.update': { who: isSystemOwner, permission: settings('update') },
  'billing.commissions': { who: (a: Actor) => isSystemOwner(a) || isSales(a) },
  'outbox.read': { who: systemUser },
} as const satisfies Record<string, ActionRule>;

export type Action = keyof typeof ACTIONS;
