import {
  BETA_FEATURES,
  type BetaFeatureSlug,
  MODULE_CATALOGUE,
  MODULES,
  type ModuleType,
  offeredModules,
  type SessionUser,
  type SetupCheck,
} from '@app/contracts';
import type { RolePermission } from './context.js';

/** The beta feature that gates a module (spec 1 §3.7, the catalogue's `beta`): b2b_module and simplifi_module. */
export const BETA_FEATURE_OF_MODULE: Partial<Record<ModuleType, BetaFeatureSlug>> = Object.fromEntries(
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
 * A beta feature is open to the user when it is no longer beta, when the beta applies to all agencies,
 * or when the user is a beta tester (spec 1 §4 "Beta agreement", spec 2 §4 "Data Wallet gating").
 */
export function betaFeatureAvailable(setup: SetupCheck | null, slug: BetaFeatureSlug): boolean {
  if (!setup) return false;
  const feature = findFeature(setup, slug);
  if (!feature) return setup.isBeta;
  return !feature.is_beta || feature.apply_to_all_agency || setup.isBeta;
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
 * The modules that exist for this (non-system) user, in the fixed module order, from the catalogue's
 * one offer rule: master-only modules need the master system; the module must be enabled; a client
 * must have it among its own modules; an agency must pass the beta gate. Clients skip the beta gate:
 * their agency already chose to give them the module, and the agency could only do so if it passed
 * the gate itself (decision D-client-beta).
 */
export function availableModules(user: SessionUser, setup: SetupCheck | null): ModuleType[] {
  const enabled = user.modules.filter((entry) => entry.enabled).map((entry) => entry.type);
  const client = user.user_type === 'client';
  return offeredModules({
    masterSystem: user.is_master_system,
    selections: client ? [enabled, clientModulePermissions(user).modules] : [enabled],
    ...(client ? {} : { betaOpen: (feature: BetaFeatureSlug) => betaFeatureAvailable(setup, feature) }),
  });
}

/** Whether a module exists for this (non-system) user (see `availableModules`). */
export function isModuleAvailable(user: SessionUser, setup: SetupCheck | null, module: ModuleType): boolean {
  return availableModules(user, setup).includes(module);
}
