import type { MinimumSpendLatest } from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import { badRequest, notFound } from '../../http-errors.js';

const VERSIONED = ['v2', 'v3', 'v4', 'minimum_spend'] as const;
type Versioned = (typeof VERSIONED)[number];

/**
 * The agreements minimum spend depends on (spec 2 §6, §7; decision 0077): which of the current
 * versions of agreements v2-v4 and of the Minimum Spend Addendum an agency has accepted, and when it
 * first accepted the addendum — the start its minimum-spend months are counted from.
 */
export function createMinimumSpendAgreements(db: Database) {
  return {
    async latest(companyId: number): Promise<MinimumSpendLatest> {
      const [company] = await queryRows<{ kind: string; system_id: number; is_master: boolean }>(
        db,
        sql`select c.kind, c.system_id, s.is_master from companies c join systems s on s.id = c.system_id
          where c.id = ${companyId} and c.deleted_at is null`,
      );
      if (!company) throw notFound();
      // Clients skip the minimum-spend checks (spec 2 §6); the root company has no agreement with itself.
      if (company.kind !== 'agency') throw badRequest('Minimum spend agreements apply to agencies.');
      // Per document: the current version (the system's own, else the default) and whether it was accepted.
      const rows = await queryRows<{ name: Versioned; accepted: boolean }>(
        db,
        sql`select n.name, exists (
              select 1 from agreement_acceptances a where a.company_id = ${companyId} and a.document_id = (
                select d.id from documents d
                 where d.name = n.name and (d.system_id = ${company.system_id} or d.system_id is null)
                 order by d.system_id is null, d.version desc limit 1)
            ) as accepted
          from (values ${sql.join(
            VERSIONED.map((name) => sql`(${name}::text)`),
            sql`, `,
          )}) as n(name)`,
      );
      const accepted = (name: Versioned) => rows.some((r) => r.name === name && r.accepted);
      const start = (await this.startsOf([companyId])).get(companyId) ?? null;
      return {
        result: 'success',
        isAgreementV2: accepted('v2'),
        isAgreementV3: accepted('v3'),
        isAgreementV4: accepted('v4'),
        minimum_spend_addendum_required: company.is_master,
        isAgreementMinimumSpend: accepted('minimum_spend'),
        minimum_spend_started_at: start?.toISOString() ?? null,
      };
    },

    /** When each agency first accepted the Minimum Spend Addendum (any version); absent: never. */
    async startsOf(companyIds: readonly number[]): Promise<Map<number, Date>> {
      if (companyIds.length === 0) return new Map();
      const rows = await queryRows<{ company_id: number; started_at: Date | string }>(
        db,
        sql`select company_id, min(accepted_at) as started_at from agreement_acceptances
          where document_name = 'minimum_spend' and company_id in (${sql.join(
            companyIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          group by company_id`,
      );
      return new Map(rows.map((r) => [r.company_id, new Date(r.started_at)]));
    },
  };
}

export type MinimumSpendAgreements = ReturnType<typeof createMinimumSpendAgreements>;
