import { MODULES, type ModuleType, moduleEntry } from './module-catalogue.js';

export type ModuleBetaSlug = 'b2b_module' | 'simplifi_module';

/** What decides which modules are offered (decision 0041). */
export interface ModuleOfferQuery {
  /** The system is the master system: master-only modules exist nowhere else. */
  masterSystem: boolean;
  /**
   * The modules switched on at each level below the system, outermost first (e.g. the agency's
   * enabled modules, then the client's own). A module must be in every selection given; no
   * selection (a root company, the system itself) narrows nothing.
   */
  selections?: readonly (readonly string[])[];
  /**
   * Whether a beta feature is open to the company asked about (not beta any more, beta for all,
   * or a tester). Omitted: no beta gate — the system's own offer, system staff, and clients, whose
   * agency passed the gate when it gave them the module (decision D-client-beta).
   */
  betaOpen?: (feature: ModuleBetaSlug) => boolean;
}

/**
 * THE answer to "which modules does this system / agency / client offer", in catalogue order.
 * Every list of offered modules in the server and the web app comes from here.
 */
export function offeredModules(query: ModuleOfferQuery): ModuleType[] {
  return MODULES.filter((module) => {
    const entry = moduleEntry(module);
    if (entry.masterOnly && !query.masterSystem) return false;
    if (query.selections?.some((selection) => !selection.includes(module))) return false;
    if (entry.beta && query.betaOpen && !query.betaOpen(entry.beta.slug)) return false;
    return true;
  });
}

/**
 * The modules a new agency starts with (sign-up, Add Agency, the demo seed): what the system offers
 * without the beta modules, which the system switches on for an agency itself.
 */
export function startingModulesOfNewAgency(masterSystem: boolean): ModuleType[] {
  return offeredModules({ masterSystem }).filter((module) => moduleEntry(module).beta === null);
}
