import type { CostModule, PaymentTerm } from '@app/contracts';
import { agencyPrices, and, campaigns, type Database, eq, inArray, ne, systems } from '@app/db';
import type {
  CampaignRules,
  CampaignStatus,
  LimitFrequency,
  PauseOnRunReason,
  ReidentificationWindow,
} from '@app/lead-engine';
import { type LeadPrices, leadPrices, type PriceSheet, rootFee, wholesalePrice } from '@app/pricing';

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

/** The campaigns of a batch (simplifi brings no leads and is left out), with their prices. */
export async function loadIngestCampaigns(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, IngestCampaign>> {
  const found = new Map<number, IngestCampaign>();
  if (ids.length === 0) return found;
  // The typed builder: money columns come back as numbers on both databases. The master system's
  // company is asked at the same time, so all the price sheets come in one more read.
  const [rows, masterRoot] = await Promise.all([
    db
      .select({ campaign: campaigns, rootCompanyId: systems.rootCompanyId, isMaster: systems.isMaster })
      .from(campaigns)
      .innerJoin(systems, eq(systems.id, campaigns.systemId))
      .where(and(inArray(campaigns.id, [...ids]), ne(campaigns.module, 'simplifi'))),
    masterCompany(db),
  ]);
  if (rows.length === 0) return found;
  const sheets = await priceSheets(db, [
    ...new Set([
      ...rows.flatMap((r) => [r.campaign.agencyId, ...(r.rootCompanyId === null ? [] : [r.rootCompanyId])]),
      ...(masterRoot === null ? [] : [masterRoot]),
    ]),
  ]);
  // The master system's own cost settings: the root fee of every non-master system.
  const master = (masterRoot !== null && sheets.get(masterRoot)) || [];
  for (const { campaign: row, rootCompanyId, isMaster } of rows) {
    const module = row.module as CostModule;
    const term = row.paymentTerm;
    const system = (rootCompanyId !== null && sheets.get(rootCompanyId)) || [];
    const prices = leadPrices({
      module,
      client: {
        term,
        setupFeeCents: row.setupFeeCents,
        periodFeeCents: row.periodFeeCents,
        costPerLeadMicros: row.costPerLeadMicros,
        costPerLeadAdvancedMicros: row.costPerLeadAdvancedMicros,
        // The campaign row has one per-lead column: for a b2b campaign it holds CostSetB2b.
        costPerLeadB2bMicros: row.costPerLeadMicros,
        leadsBought: row.prepaidLeadsPerBlock,
      },
      wholesale: wholesalePrice({ agency: sheets.get(row.agencyId) ?? [], system }, module, term),
      root: rootFee({ isMaster }, master, module, term),
    });
    found.set(row.id, {
      id: row.id,
      publicId: row.publicId,
      systemId: row.systemId,
      agencyId: row.agencyId,
      clientId: row.clientId,
      module,
      term,
      prices,
      reportSentTo: row.reportSentTo,
      adminNotifyTo: row.adminNotifyTo,
      rules: {
        module,
        state: {
          status: row.status as CampaignStatus,
          pauseReason: row.pauseReason as PauseOnRunReason | null,
          archived: row.archived,
          removed: row.removedAt !== null,
        },
        reidentification: {
          window: row.reidentification as ReidentificationWindow,
          acrossClientCampaigns: row.reidentifyAcrossClient,
        },
        location: {
          national: row.national,
          zips: row.zips,
          cities: row.cities,
          states: row.states,
          localStateMode: row.localStateMode as 'include' | 'exclude',
        },
        requires: { email: row.requireEmail, phone: row.requirePhone, address: row.requireAddress },
        limit: {
          max: row.leadLimit && row.leadLimit > 0 ? row.leadLimit : null,
          frequency: row.leadLimitFrequency as LimitFrequency,
          startDate: row.limitStartDate,
          endDate: row.limitEndDate,
        },
        timeZone: row.timeZone,
      },
    });
  }
  return found;
}

async function priceSheets(db: Database, companyIds: number[]): Promise<Map<number, PriceSheet>> {
  const rows = await db.select().from(agencyPrices).where(inArray(agencyPrices.companyId, companyIds));
  const sheets = new Map<number, PriceSheet>();
  for (const { companyId, ...price } of rows)
    sheets.set(companyId, [...(sheets.get(companyId) ?? []), price]);
  return sheets;
}

/** The company of the master system (whose cost settings give every other system's root fee), if any. */
async function masterCompany(db: Database): Promise<number | null> {
  const [master] = await db
    .select({ root: systems.rootCompanyId })
    .from(systems)
    .where(eq(systems.isMaster, true));
  return master?.root ?? null;
}
