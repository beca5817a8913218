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

/**
 * A beta feature as one agency stands with it: the system's setting of the feature (still beta, beta
 * for all agencies) and the agency's own part (a tester, its agreement accepted).
 */
export interface BetaStanding {
  isBeta: boolean;
  applyToAllAgency: boolean;
  tester: boolean;
  /** The agency accepted the feature's agreement (status 'T'). */
  agreed: boolean;
}

/**
 * Whether a beta feature is offered to an agency (and so to its clients): not beta any more, beta
 * for all agencies, or the agency tests it. A feature nobody has told us about stays gated.
 */
export function betaFeatureOffered(standing: BetaStanding | undefined): boolean {
  if (!standing) return false;
  return !standing.isBeta || standing.applyToAllAgency || standing.tester;
}

/**
 * Everything that decides which modules the people of one company may open (decision 0063): the
 * system, the agency's switches and, for a client, the client's own, and the agency's beta standing.
 * The server reads these from the database, the web app from the session user and the setup check.
 */
export interface ModuleAccessFacts {
  masterSystem: boolean;
  /** The modules the agency has switched on. */
  agencyModules: readonly string[];
  /** A client's own switched-on modules; null for the agency's own people. */
  clientModules: readonly string[] | null;
  /** The agency's standing with each module's beta feature; a missing one is gated. */
  beta: Partial<Record<ModuleBetaSlug, BetaStanding>>;
}

/**
 * THE answer to "may the people of this agency or client open module M" (decision 0063), for menus,
 * route guards, the campaign and report routes, campaign creation and activation, and ingestion: a
 * lead of a module nobody on the client's side may open is never stored nor billed. A client sees a
 * module only when its agency may open it too, so whoever runs a client's campaign can see it.
 */
export function modulesOpenTo(facts: ModuleAccessFacts): ModuleType[] {
  return offeredModules({
    masterSystem: facts.masterSystem,
    selections: facts.clientModules ? [facts.agencyModules, facts.clientModules] : [facts.agencyModules],
    betaOpen: (feature) => betaFeatureOffered(facts.beta[feature]),
  });
}

/**
 * A beta module whose agreement the agency has not accepted yet (spec 1 §4 "Beta agreement"): its
 * campaigns are neither created nor started until it has (decision 0064). A module no longer beta
 * opens directly.
 */
export function betaAgreementMissing(facts: ModuleAccessFacts, module: ModuleType): boolean {
  const beta = moduleEntry(module).beta;
  if (!beta) return false;
  const standing = facts.beta[beta.slug];
  return standing?.isBeta !== false && !standing?.agreed;
}

/** The server's refusal to create or start a campaign of a module its client may not open. */
export const MODULE_NOT_OPEN =
  'This module is not available to this client, so its campaigns can neither be created nor started.';

/** The server's refusal to create or start a beta module's campaign before its agreement is accepted. */
export const BETA_AGREEMENT_REQUIRED =
  "This module is in beta: the agency must accept its beta agreement before the module's campaigns can be created or started.";
