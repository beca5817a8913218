import {
  BETA_FEATURES,
  type BetaFeatureId,
  type BetaFeatureListResponse,
  betaFeatureOffered,
  FEATURE_AGREEMENT_REQUIRED,
  type FeatureGate,
} from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import { HttpError, notFound } from '../../http-errors.js';

export const DATA_WALLET: BetaFeatureId = 1;

interface FeatureRow {
  id: number;
  slug: string;
  name: string;
  is_beta: boolean;
  apply_to_all_agency: boolean;
}

/** The agency a company works under: itself, or a client's agency; a root company has none. */
export interface AgencyOfCompany {
  agencyId: number;
  systemId: number;
  isMaster: boolean;
}

/**
 * Beta features per system (spec 2 §3, §4): whether a feature is still beta there, whether the beta
 * applies to every agency, which agencies test it; and the gate the server enforces — a feature is
 * offered when it is not beta, or its beta applies to all agencies, or the agency is a tester; a beta
 * feature then opens only once the agency has accepted its agreement (status T).
 */
export function createBetaFeatureService(db: Database) {
  async function featuresOf(systemId: number): Promise<FeatureRow[]> {
    return queryRows<FeatureRow>(
      db,
      sql`select f.id, f.slug, f.name, coalesce(s.is_beta, f.is_beta) as is_beta,
          coalesce(s.apply_to_all_agency, f.apply_to_all_agency) as apply_to_all_agency
        from beta_features f
        left join system_beta_features s on s.feature_id = f.id and s.system_id = ${systemId}
        order by f.id`,
    );
  }

  async function agencyOf(companyId: number): Promise<AgencyOfCompany | null> {
    const [row] = await queryRows<{ agency_id: number | null; system_id: number; is_master: boolean }>(
      db,
      sql`select case c.kind when 'agency' then c.id when 'client' then c.parent_id end as agency_id,
          c.system_id, s.is_master
        from companies c join systems s on s.id = c.system_id
        where c.id = ${companyId} and c.deleted_at is null`,
    );
    return row?.agency_id
      ? { agencyId: row.agency_id, systemId: row.system_id, isMaster: row.is_master }
      : null;
  }

  /** The gate of a feature for the people of a company (spec 2 §4). */
  async function gateOf(companyId: number, featureId: BetaFeatureId): Promise<FeatureGate> {
    const agency = await agencyOf(companyId);
    const closed: FeatureGate = {
      result: 'success',
      feature_id: featureId,
      available: false,
      is_beta: true,
      status: 'F',
      gate: 'unavailable',
    };
    if (!agency) return closed;
    const feature = (await featuresOf(agency.systemId)).find((f) => f.id === featureId);
    if (!feature) return closed;
    const [tester] = await queryRows(
      db,
      sql`select 1 from beta_testers where feature_id = ${featureId} and company_id = ${agency.agencyId}`,
    );
    const [agreement] = await queryRows(
      db,
      sql`select 1 from feature_agreements where feature_id = ${featureId} and company_id = ${agency.agencyId}`,
    );
    // The Data Wallet is the master system's prepaid balance (product guide §3), and the simplifi
    // module exists only there (spec 1 §6).
    const masterOnly = featureId !== 2;
    const status = agreement ? 'T' : 'F';
    // The contracts' one beta rule, the one the module rule and the web's menus apply (decision 0063).
    const available =
      (!masterOnly || agency.isMaster) &&
      betaFeatureOffered({
        isBeta: feature.is_beta,
        applyToAllAgency: feature.apply_to_all_agency,
        tester: tester !== undefined,
        agreed: status === 'T',
      });
    return {
      result: 'success',
      feature_id: featureId,
      available,
      is_beta: feature.is_beta,
      status,
      gate: !available ? 'unavailable' : !feature.is_beta || status === 'T' ? 'open' : 'agreement',
    };
  }

  return {
    featuresOf,
    agencyOf,
    gateOf,

    /**
     * The check later module routes call before they act on a gated feature for a company: 404 when
     * the feature is not offered to it, 403 until its agreement is accepted.
     */
    async requireOpen(companyId: number, featureId: BetaFeatureId): Promise<void> {
      const gate = await gateOf(companyId, featureId);
      if (gate.gate === 'unavailable') throw notFound();
      if (gate.gate === 'agreement')
        throw new HttpError(403, 'agreement_required', FEATURE_AGREEMENT_REQUIRED);
    },

    async list(systemId: number): Promise<BetaFeatureListResponse> {
      const features = await featuresOf(systemId);
      const testers = await queryRows<{ feature_id: number; company_id: number; company_name: string }>(
        db,
        sql`select t.feature_id, c.id as company_id, c.name as company_name
          from beta_testers t join companies c on c.id = t.company_id
          where c.system_id = ${systemId} and c.deleted_at is null order by c.name, c.id`,
      );
      const agencies = await queryRows<{ company_id: number; company_name: string }>(
        db,
        sql`select id as company_id, name as company_name from companies
          where system_id = ${systemId} and kind = 'agency' and deleted_at is null order by name, id`,
      );
      return {
        result: 'success',
        features: features.map((f) => ({
          id: f.id as BetaFeatureId,
          slug: f.slug,
          name: f.name,
          is_beta: f.is_beta,
          apply_to_all_agency: f.apply_to_all_agency,
          testers: testers
            .filter((t) => t.feature_id === f.id)
            .map(({ company_id, company_name }) => ({ company_id, company_name })),
        })),
        agencies,
      };
    },

    /** Sets a feature in one system; testers must be agencies of that system (404 otherwise). */
    async update(
      input: { systemId: number; userId: number; featureId: BetaFeatureId },
      values: { is_beta: boolean; apply_to_all_agency: boolean; testers: number[] },
    ): Promise<void> {
      if (!BETA_FEATURES.some((f) => f.id === input.featureId)) throw notFound();
      const testers = [...new Set(values.testers)];
      await db.transaction(async (tx) => {
        const t = tx as unknown as Database;
        if (testers.length > 0) {
          const found = await queryRows<{ id: number }>(
            t,
            sql`select id from companies where id in (${sql.join(testers, sql`, `)})
              and system_id = ${input.systemId} and kind = 'agency' and deleted_at is null`,
          );
          if (found.length !== testers.length) throw notFound();
        }
        await tx.execute(sql`insert into system_beta_features (system_id, feature_id, is_beta, apply_to_all_agency, updated_by_user_id)
          values (${input.systemId}, ${input.featureId}, ${values.is_beta}, ${values.apply_to_all_agency}, ${input.userId})
          on conflict (system_id, feature_id) do update set is_beta = excluded.is_beta,
            apply_to_all_agency = excluded.apply_to_all_agency, updated_by_user_id = excluded.updated_by_user_id,
            updated_at = now()`);
        await tx.execute(sql`delete from beta_testers where feature_id = ${input.featureId}
          and company_id in (select id from companies where system_id = ${input.systemId})`);
        for (const companyId of testers)
          await tx.execute(
            sql`insert into beta_testers (feature_id, company_id) values (${input.featureId}, ${companyId})`,
          );
      });
    },
  };
}

export type BetaFeatureService = ReturnType<typeof createBetaFeatureService>;
