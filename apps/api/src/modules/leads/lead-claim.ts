import { type Database, queryRows, sql } from '@app/db';
import type { PauseOnRunReason, PipelineStep, RejectionReason } from '@app/lead-engine';
import type { IngestCampaign } from './ingest-campaigns.js';

/*
 * The claim of decision 0037 §1: ONE short transaction per accepted candidate that calls nothing
 * outside the database. In order: the campaign claim (campaign, identity), the client claim when
 * the window spans the client's campaigns, the limit counter, the prepaid balance, then the lead
 * with its frozen prices and its delivery rows. Any "no row back" throws `ClaimLost`, which rolls
 * everything back: nothing is half-taken, and a lead is stored and billed at most once.
 */

export interface LeadToStore {
  campaign: IngestCampaign;
  identityMd5: string;
  /** The instant read once for this candidate: facts, pipeline and claim all use it. */
  now: Date;
  windowMs: number | null;
  periodKey: string;
  source: 'pixel' | 'vendor_callback' | 'vendor_list' | 'ad_platform';
  person: {
    firstName: string;
    lastName: string;
    emails: readonly string[];
    phones: readonly string[];
    street: string;
    city: string;
    state: string;
    zip: string;
    company: Record<string, string> | null;
  };
  pageUrl: string;
  keyword: string;
}

export type ClaimOutcome =
  | { ok: true; leadId: number; deliveries: number; pause: PauseOnRunReason | null }
  | { ok: false; step: PipelineStep | 'billing'; reason: RejectionReason; pause: PauseOnRunReason | null };

class ClaimLost extends Error {
  constructor(
    readonly step: PipelineStep | 'billing',
    readonly reason: RejectionReason,
    readonly pause: PauseOnRunReason | null = null,
  ) {
    super(reason);
  }
}

const LIMIT_REASONS = {
  day: 'limit_reached_day',
  month: 'limit_reached_month',
  lifetime: 'limit_reached_lifetime',
} as const satisfies Record<string, RejectionReason>;

/** The re-claim condition: elapsed time since the last delivery at least the window; never = never. */
const windowPassed = (table: string, windowMs: number | null) =>
  windowMs === null
    ? sql`false`
    : sql`${sql.raw(table)}.last_delivered_at <= excluded.last_delivered_at - (${`${windowMs} milliseconds`})::interval`;

export async function claimLead(db: Database, lead: LeadToStore): Promise<ClaimOutcome> {
  const { campaign, identityMd5, now } = lead;
  const at = now.toISOString();
  try {
    return await db.transaction(async (tx) => {
      const won = await queryRows(
        tx,
        sql`insert into lead_claims (campaign_id, identity_md5, last_delivered_at)
            values (${campaign.id}, ${identityMd5}, ${at})
            on conflict (campaign_id, identity_md5) do update set last_delivered_at = excluded.last_delivered_at
            where ${windowPassed('lead_claims', lead.windowMs)}
            returning 1 as won`,
      );
      if (won.length === 0) throw new ClaimLost('reidentification', 'already_stored');

      if (campaign.rules.reidentification.acrossClientCampaigns) {
        const wonClient = await queryRows(
          tx,
          sql`insert into client_lead_claims (client_id, identity_md5, last_delivered_at)
              values (${campaign.clientId}, ${identityMd5}, ${at})
              on conflict (client_id, identity_md5) do update set last_delivered_at = excluded.last_delivered_at
              where ${windowPassed('client_lead_claims', lead.windowMs)}
              returning 1 as won`,
        );
        if (wonClient.length === 0) throw new ClaimLost('reidentification', 'reidentified_client');
      }

      let pause: PauseOnRunReason | null = null;
      const { max, frequency } = campaign.rules.limit;
      if (max !== null) {
        const [counted] = await queryRows<{ count: number }>(
          tx,
          sql`insert into campaign_limit_counters (campaign_id, period_key, count)
              values (${campaign.id}, ${lead.periodKey}, 1)
              on conflict (campaign_id, period_key) do update set count = campaign_limit_counters.count + 1
              where campaign_limit_counters.count < ${max}
              returning count`,
        );
        if (!counted) throw new ClaimLost('limit', LIMIT_REASONS[frequency], 'limit');
        if (counted.count >= max) pause = 'limit';
      }

      if (campaign.term === 'Prepaid') {
        const [left] = await queryRows<{ leads_left: number }>(
          tx,
          sql`update campaign_prepaid_balances set leads_left = leads_left - 1, updated_at = now()
               where campaign_id = ${campaign.id} and leads_left > 0
              returning leads_left`,
        );
        if (!left) throw new ClaimLost('billing', 'prepaid_balance_exhausted', 'balance');
        // The last prepaid lead: balance outranks limit in the state machine.
        if (left.leads_left === 0) pause = 'balance';
      }

      const { person, campaign: c } = lead;
      const [stored] = await queryRows<{ id: string }>(
        tx,
        sql`insert into leads (campaign_id, client_id, agency_id, system_id, module, identity_md5, claimed_at,
                   source, first_name, last_name, emails, phones, street, city, state, zip, company, page_url,
                   keyword, client_price_micros, wholesale_micros, root_fee_micros)
            values (${c.id}, ${c.clientId}, ${c.agencyId}, ${c.systemId}, ${c.module}, ${identityMd5}, ${at},
                   ${lead.source}, ${person.firstName}, ${person.lastName},
                   array(select jsonb_array_elements_text(${JSON.stringify(person.emails)}::jsonb)),
                   array(select jsonb_array_elements_text(${JSON.stringify(person.phones)}::jsonb)),
                   ${person.street}, ${person.city}, ${person.state}, ${person.zip},
                   ${person.company ? JSON.stringify(person.company) : null}::jsonb, ${lead.pageUrl},
                   ${lead.keyword}, ${c.prices.clientMicros}, ${c.prices.wholesaleMicros},
                   ${c.prices.rootFeeMicros})
            returning id::text as id`,
      );
      if (!stored) throw new Error('the lead row was not stored');
      const targets = deliveryTargets(c);
      if (targets.length > 0)
        await tx.execute(
          sql`insert into lead_deliveries (lead_id, kind, target)
              select ${stored.id}, t->>0, t->>1 from jsonb_array_elements(${JSON.stringify(targets)}::jsonb) t`,
        );
      return { ok: true as const, leadId: Number.parseInt(stored.id, 10), deliveries: targets.length, pause };
    });
  } catch (err) {
    if (err instanceof ClaimLost) return { ok: false, step: err.step, reason: err.reason, pause: err.pause };
    throw err;
  }
}

/** One delivery per recipient the campaign asks for: report e-mails and administrators' notifications. */
export function deliveryTargets(campaign: Pick<IngestCampaign, 'reportSentTo' | 'adminNotifyTo'>) {
  const targets: [kind: string, target: string][] = [];
  for (const to of new Set(campaign.reportSentTo.map((a) => a.trim().toLowerCase()).filter(Boolean)))
    targets.push(['report_email', to]);
  for (const to of new Set(campaign.adminNotifyTo.map((a) => a.trim().toLowerCase()).filter(Boolean)))
    targets.push(['notification', to]);
  return targets;
}
