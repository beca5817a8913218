import {
  BETA_FEATURES,
  type BetaFeatureSlug,
  type BetaStanding,
  betaAgreementMissing,
  betaFeatureOffered,
  MODULE_CATALOGUE,
  MODULES,
  type ModuleAccessFacts,
  type ModuleBetaSlug,
  type ModuleType,
  modulesOpenTo,
  type SessionUser,
  type SetupCheck,
} from '@app/contracts';
import type { PolicyContext, RolePermission } from './context.js';

/** The beta feature that gates a module (spec 1 §3.7, the catalogue's `beta`): b2b_module and simplifi_module. */
export const BETA_FEATURE_OF_MODULE: Partial<Record<ModuleType, ModuleBetaSlug>> = Object.fromEntries(
  MODULES.flatMap((module) => {
    const beta = MODULE_CATALOGUE[module].beta;
    return beta ? [[module, beta.slug]] : [];
  }),
);

function findFeature(setup: SetupCheck, slug: BetaFeatureSlug) {
  const id = BETA_FEATURES.find((feature) => feature.slug === slug)?.id;
  return setup.betaFeature.find((feature) => feature.slug === slug || feature.id === id);
}

/**
 * Whether a feature is still flagged beta. A feature the setup check does not list is treated as beta
 * not applied to all agencies: a gated feature should stay gated when the server says nothing
 * (decision D-beta-unknown).
 */
export function isBetaFlagged(setup: SetupCheck | null, slug: BetaFeatureSlug): boolean {
  const feature = setup ? findFeature(setup, slug) : undefined;
  return feature ? feature.is_beta : true;
}

/**
 * The user's agency's standing with a beta feature, as the setup check tells it. An answer without
 * the per-feature tester flag falls back on `isBeta` (tests any feature); a feature the check does
 * not list is gated unless the agency is a tester (decision D-beta-unknown).
 */
function betaStandingOf(setup: SetupCheck, slug: BetaFeatureSlug): BetaStanding | undefined {
  const feature = findFeature(setup, slug);
  if (!feature)
    return setup.isBeta ? { isBeta: true, applyToAllAgency: false, tester: true, agreed: false } : undefined;
  return {
    isBeta: feature.is_beta,
    applyToAllAgency: feature.apply_to_all_agency,
    tester: feature.is_tester ?? setup.isBeta,
    agreed: feature.agreement_status === 'T',
  };
}

/**
 * A beta feature is open to the user when it is no longer beta, when the beta applies to all agencies,
 * or when the user's agency is a beta tester (spec 1 §4 "Beta agreement", spec 2 §4 "Data Wallet
 * gating"): `betaFeatureOffered` of the contracts, the rule the server applies.
 */
export function betaFeatureAvailable(setup: SetupCheck | null, slug: BetaFeatureSlug): boolean {
  return setup !== null && betaFeatureOffered(betaStandingOf(setup, slug));
}

/** The Beta badge on B2B and ad-platform modules when flagged beta (spec 1 §6). */
export function isModuleBeta(setup: SetupCheck | null, module: ModuleType): boolean {
  const feature = BETA_FEATURE_OF_MODULE[module];
  return feature !== undefined && isBetaFlagged(setup, feature);
}

export interface ClientModulePermissions {
  /** The LeadsPeek menu: the leadspeek module enables it with update and delete. */
  leadspeek: RolePermission;
  /** Legacy type flags: 'local' sets local; any other listed value sets locator. */
  local: boolean;
  locator: boolean;
  /** The known module types listed in leadspeek_type, in the fixed module order (local first). */
  modules: ModuleType[];
}

/**
 * Client module permissions (spec 1 §6, spec 2 §6). `create` is not in the spec's list; it follows
 * disable_client_add_campaign so a client may create campaigns unless the agency disabled it
 * (decision D-client-create).
 */
export function clientModulePermissions(user: SessionUser): ClientModulePermissions {
  const listed = user.leadspeek_type
    .split('|')
    .map((value) => value.trim().toLowerCase())
    .filter((value) => value !== '');
  const modules = MODULES.filter((module) => listed.includes(module));
  const enable = user.menuLeadspeek;
  return {
    leadspeek: {
      enable,
      create: enable && user.disable_client_add_campaign !== 'T',
      update: enable,
      delete: enable,
    },
    local: listed.includes('local'),
    locator: listed.some((value) => value !== 'local'),
    modules,
  };
}

/** The agency turned the module on for this user (a module missing from the list is off). */
export function isModuleEnabled(user: SessionUser, module: ModuleType): boolean {
  return user.modules.some((entry) => entry.type === module && entry.enabled);
}

/**
 * The facts of the module rule (decision 0063) as the session knows them: the modules the session
 * lists as enabled (for a client the server lists those its agency and it both have on), a client's
 * listed types, the master system, and the agency's beta standing from the setup check (unknown
 * setup: every beta gated).
 */
export function moduleAccessFactsOf(user: SessionUser, setup: SetupCheck | null): ModuleAccessFacts {
  const enabled = user.modules.filter((entry) => entry.enabled).map((entry) => entry.type);
  const beta: ModuleAccessFacts['beta'] = {};
  if (setup)
    for (const slug of Object.values(BETA_FEATURE_OF_MODULE)) {
      const standing = betaStandingOf(setup, slug);
      if (standing) beta[slug] = standing;
    }
  return {
    masterSystem: user.is_master_system,
    agencyModules: enabled,
    clientModules: user.user_type === 'client' ? clientModulePermissions(user).modules : null,
    beta,
  };
}

/**
 * The modules this (non-system) user may open: the contracts' one rule `modulesOpenTo`, which the
 * server applies to the same facts for its routes, campaign starts and lead billing. A client is
 * gated by its agency's beta standing too: nobody pays for a module nobody on their side can open.
 */
export function availableModules(user: SessionUser, setup: SetupCheck | null): ModuleType[] {
  return modulesOpenTo(moduleAccessFactsOf(user, setup));
}

/** Whether a module exists for this (non-system) user (see `availableModules`). */
export function isModuleAvailable(user: SessionUser, setup: SetupCheck | null, module: ModuleType): boolean {
  return availableModules(user, setup).includes(module);
}

/**
 * A beta module the user may open whose agreement their agency has not accepted yet: the web app asks
 * for it (a dialog, once) and the server refuses creating or starting campaigns until then.
 */
export function betaAgreementPending(
  user: SessionUser,
  setup: SetupCheck | null,
  module: ModuleType,
): boolean {
  return betaAgreementMissing(moduleAccessFactsOf(user, setup), module);
}

/**
 * The role's LeadsPeek switch opens the module pages and their data (spec 1 §3.6: `enable` gates
 * reads; the server's `campaigns.read` needs it too). Known role switches must grant it; absent
 * switches mean the person holds no role (owners, system users), who are not restricted; clients
 * hold none (their LeadsPeek menu is their modules, `clientModulePermissions`).
 */
export function roleOpensLeads(ctx: PolicyContext): boolean {
  if (ctx.user?.user_type === 'client' || !ctx.rolePermissions) return true;
  return ctx.rolePermissions.leadspeek?.enable === true;
}
