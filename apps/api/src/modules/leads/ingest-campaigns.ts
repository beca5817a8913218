import { asCents, asMicros, type CostModule, type PaymentTerm } from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import type {
  CampaignRules,
  CampaignStatus,
  LimitFrequency,
  PauseOnRunReason,
  ReidentificationWindow,
} from '@app/lead-engine';
import { type LeadPrices, leadPrices, type PriceSheet, rootFee, wholesalePrice } from '@app/pricing';
import { intArray } from './sql-arrays.js';

/*
 * What the ingest job needs to know of a campaign, read once per batch: its rules for the pipeline,
 * who it belongs to, its delivery recipients, and the three prices its leads get (computed here by
 * `@app/pricing`, once per campaign and batch, then frozen on each lead).
 */
export interface IngestCampaign {
  id: number;
  publicId: string;
  systemId: number;
  agencyId: number;
  clientId: number;
  module: CostModule;
  term: PaymentTerm;
  rules: CampaignRules;
  prices: LeadPrices;
  reportSentTo: string[];
  adminNotifyTo: string[];
}

interface CampaignRow {
  id: number;
  public_id: string;
  system_id: number;
  agency_id: number;
  client_id: number;
  root_company_id: number;
  is_master: boolean;
  module: string;
  status: CampaignStatus;
  pause_reason: PauseOnRunReason | null;
  archived: boolean;
  removed: boolean;
  reidentification: ReidentificationWindow;
  reidentify_across_client: boolean;
  national: boolean;
  zips: string[];
  states: string[];
  cities: string[];
  local_state_mode: 'include' | 'exclude';
  require_email: boolean;
  require_phone: boolean;
  require_address: boolean;
  lead_limit: number | null;
  lead_limit_frequency: LimitFrequency;
  limit_start_date: string | null;
  limit_end_date: string | null;
  time_zone: string;
  payment_term: PaymentTerm;
  setup_fee_cents: number;
  period_fee_cents: number;
  cost_per_lead_micros: number;
  cost_per_lead_advanced_micros: number;
  prepaid_leads_per_block: number;
  report_sent_to: string[];
  admin_notify_to: string[];
}

interface PriceRow {
  company_id: number;
  module: string;
  term: PaymentTerm;
  setup_fee_cents: number;
  platform_fee_cents: number;
  cost_per_lead_micros: number;
  cost_per_lead_advanced_micros: number;
}

/** The campaigns of a batch (simplifi brings no leads and is left out), with their prices. */
export async function loadIngestCampaigns(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, IngestCampaign>> {
  const found = new Map<number, IngestCampaign>();
  if (ids.length === 0) return found;
  const rows = await queryRows<CampaignRow>(
    db,
    sql`select c.id, c.public_id, c.system_id, c.agency_id, c.client_id, s.root_company_id, s.is_master,
               c.module, c.status, c.pause_reason, c.archived, c.removed_at is not null as removed,
               c.reidentification, c.reidentify_across_client, c.national, c.zips, c.states, c.cities,
               c.local_state_mode, c.require_email, c.require_phone, c.require_address, c.lead_limit,
               c.lead_limit_frequency, c.limit_start_date::text, c.limit_end_date::text, c.time_zone,
               c.payment_term, c.setup_fee_cents, c.period_fee_cents, c.cost_per_lead_micros,
               c.cost_per_lead_advanced_micros, c.prepaid_leads_per_block, c.report_sent_to,
               c.admin_notify_to
          from campaigns c join systems s on s.id = c.system_id
         where c.id = any(${intArray(ids)})
           and c.module <> 'simplifi'`,
  );
  if (rows.length === 0) return found;
  const sheets = await priceSheets(db, [...new Set(rows.flatMap((r) => [r.agency_id, r.root_company_id]))]);
  const master = await masterSheet(db, sheets);
  for (const row of rows) {
    const module = row.module as CostModule;
    const term = row.payment_term;
    const system = sheets.get(row.root_company_id) ?? [];
    const prices = leadPrices({
      module,
      client: {
        term,
        setupFeeCents: asCents(row.setup_fee_cents),
        periodFeeCents: asCents(row.period_fee_cents),
        costPerLeadMicros: asMicros(row.cost_per_lead_micros),
        costPerLeadAdvancedMicros: asMicros(row.cost_per_lead_advanced_micros),
        // The campaign row has one per-lead column: for a b2b campaign it holds CostSetB2b.
        costPerLeadB2bMicros: asMicros(row.cost_per_lead_micros),
        leadsBought: row.prepaid_leads_per_block,
      },
      wholesale: wholesalePrice({ agency: sheets.get(row.agency_id) ?? [], system }, module, term),
      root: rootFee({ isMaster: row.is_master }, master, module, term),
    });
    found.set(row.id, {
      id: row.id,
      publicId: row.public_id,
      systemId: row.system_id,
      agencyId: row.agency_id,
      clientId: row.client_id,
      module,
      term,
      prices,
      reportSentTo: row.report_sent_to,
      adminNotifyTo: row.admin_notify_to,
      rules: {
        module,
        state: {
          status: row.status,
          pauseReason: row.pause_reason,
          archived: row.archived,
          removed: row.removed,
        },
        reidentification: {
          window: row.reidentification,
          acrossClientCampaigns: row.reidentify_across_client,
        },
        location: {
          national: row.national,
          zips: row.zips,
          cities: row.cities,
          states: row.states,
          localStateMode: row.local_state_mode,
        },
        requires: { email: row.require_email, phone: row.require_phone, address: row.require_address },
        limit: {
          max: row.lead_limit && row.lead_limit > 0 ? row.lead_limit : null,
          frequency: row.lead_limit_frequency,
          startDate: row.limit_start_date,
          endDate: row.limit_end_date,
        },
        timeZone: row.time_zone,
      },
    });
  }
  return found;
}

async function priceSheets(db: Database, companyIds: number[]): Promise<Map<number, PriceSheet>> {
  const rows = await queryRows<PriceRow>(
    db,
    sql`select company_id, module, term, setup_fee_cents, platform_fee_cents, cost_per_lead_micros,
               cost_per_lead_advanced_micros
          from agency_prices
         where company_id = any(${intArray(companyIds)})`,
  );
  const sheets = new Map<number, PriceSheet>();
  for (const row of rows) {
    const sheet = (sheets.get(row.company_id) ?? []) as PriceSheet[number][];
    sheet.push({
      module: row.module,
      term: row.term,
      setupFeeCents: asCents(row.setup_fee_cents),
      platformFeeCents: asCents(row.platform_fee_cents),
      costPerLeadMicros: asMicros(row.cost_per_lead_micros),
      costPerLeadAdvancedMicros: asMicros(row.cost_per_lead_advanced_micros),
    });
    sheets.set(row.company_id, sheet);
  }
  return sheets;
}

/** The master system's own cost settings: the root fee of every non-master system. */
async function masterSheet(db: Database, known: Map<number, PriceSheet>): Promise<PriceSheet> {
  const [master] = await queryRows<{ root_company_id: number }>(
    db,
    sql`select root_company_id from systems where is_master`,
  );
  if (!master) return [];
  const sheet = known.get(master.root_company_id);
  if (sheet) return sheet;
  return (await priceSheets(db, [master.root_company_id])).get(master.root_company_id) ?? [];
}
