import { type Database, queryRows, sql } from '@app/db';
import type { SuppressionLists } from '@app/lead-engine';
import { listedKeys } from '../exclusions/index.js';
import type { IngestCampaign } from './ingest-campaigns.js';
import { intArray, textArray } from './sql-arrays.js';

/*
 * The pipeline's facts for a whole batch, in four plain reads with no transaction held (decision
 * 0037 §1: the facts are a decision, not a reservation; the claim enforces at-most-once): which
 * keys are on which list, the last delivery of each identity to its campaign and to its client,
 * and each campaign's count in its current limit period.
 */

export interface FactsRequest {
  campaign: IngestCampaign;
  /** The candidate's keys (`candidateKeys` with SHA-256), identity key first. */
  keys: readonly string[];
  identityMd5: string;
  periodKey: string | null;
}

export interface BatchFacts {
  lists(campaign: IngestCampaign, keys: readonly string[]): SuppressionLists;
  lastToCampaign(campaignId: number, md5: string): Date | null;
  lastToClient(clientId: number, md5: string): Date | null;
  countInPeriod(campaignId: number, periodKey: string): number;
}

const pairKey = (owner: number, md5: string) => `${owner}:${md5}`;

export async function readBatchFacts(db: Database, requests: readonly FactsRequest[]): Promise<BatchFacts> {
  const allKeys = [...new Set(requests.flatMap((r) => r.keys))];
  const byCampaign = requests.map((r) => [r.campaign.id, r.identityMd5] as const);
  const byClient = requests
    .filter((r) => r.campaign.rules.reidentification.acrossClientCampaigns)
    .map((r) => [r.campaign.clientId, r.identityMd5] as const);
  const campaignIds = [...new Set(requests.map((r) => r.campaign.id))];

  const [listRows, campaignRows, clientRows, counterRows] = await Promise.all([
    listedKeys(db, allKeys),
    lastDeliveries(db, 'lead_claims', 'campaign_id', byCampaign),
    lastDeliveries(db, 'client_lead_claims', 'client_id', byClient),
    campaignIds.length === 0
      ? []
      : queryRows<{ campaign_id: number; period_key: string; count: number }>(
          db,
          sql`select campaign_id, period_key, count from campaign_limit_counters
               where campaign_id = any(${intArray(campaignIds)})
                 and period_key = any(${textArray([...new Set(requests.map((r) => r.periodKey ?? ''))])})`,
        ),
  ]);

  const listed = new Set(listRows.map((r) => `${r.scope}:${r.ownerId}:${r.key}`));
  const counts = new Map(counterRows.map((r) => [`${r.campaign_id}:${r.period_key}`, Number(r.count)]));
  const hits = (scope: string, owner: number, keys: readonly string[]) =>
    new Set(keys.filter((key) => listed.has(`${scope}:${owner}:${key}`)));

  return {
    lists: (campaign, keys) => ({
      optOut: hits('opt_out', campaign.systemId, keys),
      agency: hits('agency', campaign.agencyId, keys),
      client: hits('client', campaign.clientId, keys),
      campaign: hits('campaign', campaign.id, keys),
    }),
    lastToCampaign: (campaignId, md5) => campaignRows.get(pairKey(campaignId, md5)) ?? null,
    lastToClient: (clientId, md5) => clientRows.get(pairKey(clientId, md5)) ?? null,
    countInPeriod: (campaignId, periodKey) => counts.get(`${campaignId}:${periodKey}`) ?? 0,
  };
}

async function lastDeliveries(
  db: Database,
  table: 'lead_claims' | 'client_lead_claims',
  ownerColumn: 'campaign_id' | 'client_id',
  pairs: ReadonlyArray<readonly [number, string]>,
): Promise<Map<string, Date>> {
  const found = new Map<string, Date>();
  if (pairs.length === 0) return found;
  const rows = await queryRows<{ owner: number; identity_md5: string; last_delivered_at: string | Date }>(
    db,
    sql`select t.${sql.raw(ownerColumn)} as owner, t.identity_md5, t.last_delivered_at
          from ${sql.raw(table)} t
          join (select (p->>0)::int as owner, p->>1 as md5
                  from jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) p) k
            on t.${sql.raw(ownerColumn)} = k.owner and t.identity_md5 = k.md5`,
  );
  for (const row of rows) found.set(pairKey(row.owner, row.identity_md5), new Date(row.last_delivered_at));
  return found;
}
