import {
  BETA_AGREEMENT_REQUIRED,
  type BetaStanding,
  betaAgreementMissing,
  MODULE_NOT_OPEN,
  MODULES,
  type ModuleAccessFacts,
  type ModuleBetaSlug,
  type ModuleType,
  moduleEntry,
  modulesOpenTo,
} from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import type { Actor } from '@app/policy';
import { HttpError, notFound } from '../../http-errors.js';

interface FactsRow {
  company_id: number;
  is_master: boolean;
  kind: 'agency' | 'client';
  agency_modules: string[] | null;
  client_modules: string[] | null;
  beta: { slug: string; is_beta: boolean; all: boolean; tester: boolean; agreed: boolean }[] | null;
}

/** The beta features that gate a module (the catalogue's `beta`); the Data Wallet is none. */
const MODULE_BETA_SLUGS: readonly string[] = MODULES.flatMap(
  (module) => moduleEntry(module).beta?.slug ?? [],
);
const isModuleBetaSlug = (slug: string): slug is ModuleBetaSlug => MODULE_BETA_SLUGS.includes(slug);

/** The facts of the module rule from the row the read answers. */
function factsOf(row: FactsRow): ModuleAccessFacts {
  const beta: ModuleAccessFacts['beta'] = {};
  for (const f of row.beta ?? []) {
    if (!isModuleBetaSlug(f.slug)) continue;
    const standing: BetaStanding = {
      isBeta: f.is_beta,
      applyToAllAgency: f.all,
      tester: f.tester,
      agreed: f.agreed,
    };
    beta[f.slug] = standing;
  }
  return {
    masterSystem: row.is_master === true,
    agencyModules: row.agency_modules ?? [],
    clientModules: row.kind === 'client' ? (row.client_modules ?? []) : null,
    beta,
  };
}

/**
 * The server's side of the module rule (decision 0063): the facts of agencies and clients read in
 * one statement (their system, the agency's and the client's switched-on modules, the agency's beta
 * standing per feature with the system's own setting over the deployment's default), handed to the
 * contracts' `modulesOpenTo` — the rule the web app's menus and guards apply to the same facts.
 */
export function createModuleAccess(db: Database) {
  async function factsOfCompanies(companyIds: readonly number[]): Promise<Map<number, ModuleAccessFacts>> {
    const found = new Map<number, ModuleAccessFacts>();
    const ids = [...new Set(companyIds)];
    if (ids.length === 0) return found;
    const rows = await queryRows<FactsRow>(
      db,
      sql`select c.id as company_id, s.is_master, c.kind,
          (select json_agg(m.module) from company_modules m
             where m.company_id = ag.id and m.enabled) as agency_modules,
          (select json_agg(m.module) from company_modules m
             where m.company_id = c.id and m.enabled) as client_modules,
          (select json_agg(json_build_object(
              'slug', f.slug,
              'is_beta', coalesce(sf.is_beta, f.is_beta),
              'all', coalesce(sf.apply_to_all_agency, f.apply_to_all_agency),
              'tester', exists(select 1 from beta_testers t where t.feature_id = f.id and t.company_id = ag.id),
              'agreed', exists(select 1 from feature_agreements a where a.feature_id = f.id and a.company_id = ag.id)))
             from beta_features f
             left join system_beta_features sf on sf.feature_id = f.id and sf.system_id = c.system_id) as beta
        from companies c
        join systems s on s.id = c.system_id
        join companies ag on ag.id = case c.kind when 'client' then c.parent_id else c.id end
        where c.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)
          and c.kind in ('agency', 'client') and c.deleted_at is null`,
    );
    for (const row of rows) found.set(Number(row.company_id), factsOf(row));
    return found;
  }

  /** The facts of one agency or client; null for a root company or an unknown one. */
  async function facts(companyId: number): Promise<ModuleAccessFacts | null> {
    return (await factsOfCompanies([companyId])).get(companyId) ?? null;
  }

  return {
    factsOfCompanies,
    facts,

    /** The modules the people of an agency or client may open (none for a root or unknown company). */
    async openModules(companyId: number): Promise<ModuleType[]> {
      const known = await facts(companyId);
      return known ? modulesOpenTo(known) : [];
    },

    /**
     * The data of a module's pages (campaign lists, dashboards, lead reports of one module) for the
     * people of an agency or client who may open the module; 404 otherwise, as the page itself
     * answers. Platform staff and sales are not gated by their own company's modules (they are sent
     * away from module pages, and reach campaigns through the scope checks).
     */
    async requireReadable(
      actor: Pick<Actor, 'companyId' | 'companyKind'>,
      module: ModuleType,
    ): Promise<void> {
      if (actor.companyKind !== 'agency' && actor.companyKind !== 'client') return;
      const known = await facts(actor.companyId);
      if (!known || !modulesOpenTo(known).includes(module)) throw notFound();
    },

    /**
     * Before a campaign of `module` is created or started for a client: the client (and so its agency)
     * may open the module (else 409), and a beta module's agreement is accepted by the agency (else
     * 403, as the beta gate answers it: decision 0064).
     */
    async requireCampaignsMayStart(clientId: number, module: ModuleType): Promise<void> {
      const known = await facts(clientId);
      if (!known || !modulesOpenTo(known).includes(module))
        throw new HttpError(409, 'module_not_open', MODULE_NOT_OPEN);
      if (betaAgreementMissing(known, module))
        throw new HttpError(403, 'agreement_required', BETA_AGREEMENT_REQUIRED);
    },
  };
}

export type ModuleAccess = ReturnType<typeof createModuleAccess>;
