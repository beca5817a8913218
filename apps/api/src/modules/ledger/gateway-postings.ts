import { asCents, type Cents } from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import { exactInteger } from './ledger-repository.js';

/** A posting that names a gateway object, with what it moved through the system's gateway clearing account. */
export interface GatewayPosting {
  postingId: number;
  businessKey: string;
  gatewayObjectId: string;
  companyId: number | null;
  /** The sum of its lines on `gateway_clearing`: money in positive, out negative (0 when it has none). */
  clearing: Cents;
}

/**
 * The ledger's side of reconciliation (decision 0079): every posting of the system on the named
 * gateway, with its clearing lines summed. One pass over the system's gateway postings.
 */
export function createGatewayPostings({ db }: { db: Database }) {
  return {
    async gatewayPostings(input: { systemId: number; gateway: string }): Promise<GatewayPosting[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select p.id, p.business_key, p.gateway_object_id, p.company_id,
              coalesce((select sum(l.amount) from ledger_lines l
                          join ledger_accounts a on a.id = l.account_id
                         where l.posting_id = p.id and a.kind = 'gateway_clearing'), 0)::bigint as clearing
            from ledger_postings p
           where p.system_id = ${input.systemId} and p.gateway = ${input.gateway}
           order by p.id`,
      );
      return rows.map((r) => ({
        postingId: exactInteger(r.id),
        businessKey: String(r.business_key),
        gatewayObjectId: String(r.gateway_object_id),
        companyId: r.company_id === null ? null : exactInteger(r.company_id),
        clearing: asCents(exactInteger(r.clearing)),
      }));
    },

    /** The gateways the system's postings name. */
    async postingGateways(systemId: number): Promise<string[]> {
      const rows = await queryRows<{ gateway: unknown }>(
        db,
        sql`select distinct gateway from ledger_postings where system_id = ${systemId} and gateway is not null`,
      );
      return rows.map((r) => String(r.gateway));
    },
  };
}
