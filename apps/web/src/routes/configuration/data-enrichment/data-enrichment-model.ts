import {
  type CampaignListRow,
  type CountHistoryType,
  type EnhancementCountRow,
  INFORMATION_TYPE_VALUES,
  informationListOfModule,
} from '@app/contracts';

/*
 * The data enrichment screen's pure parts: the campaign and type it shows (kept in the URL), the
 * campaigns it offers (enhance and b2b), and how a count's field reads.
 */

export interface EnrichmentSelection {
  /** The campaign's row id; 0 for none chosen. */
  campaignId: number;
  type: CountHistoryType;
}

export function readSelection(params: URLSearchParams): EnrichmentSelection {
  const campaign = params.get('campaign') ?? '';
  const type = params.get('type') ?? 'all';
  return {
    campaignId: /^\d{1,9}$/.test(campaign) ? Number(campaign) : 0,
    type: (INFORMATION_TYPE_VALUES as readonly string[]).includes(type) ? (type as CountHistoryType) : 'all',
  };
}

export function writeSelection(params: URLSearchParams, selection: EnrichmentSelection): URLSearchParams {
  const next = new URLSearchParams(params);
  if (selection.campaignId > 0) next.set('campaign', String(selection.campaignId));
  else next.delete('campaign');
  if (selection.type === 'all') next.delete('type');
  else next.set('type', selection.type);
  return next;
}

export interface EnrichableCampaign {
  value: string;
  label: string;
  module: CampaignListRow['leadspeekType'];
}

/** The campaigns whose leads can carry advanced information: enhance and b2b, newest first as listed. */
export function enrichableCampaigns(rows: readonly CampaignListRow[]): EnrichableCampaign[] {
  return rows
    .filter((row) => informationListOfModule(row.leadspeekType) !== null)
    .map((row) => ({
      value: String(row.leadspeekID),
      label: `${row.campaignName} (#${row.leadspeek_api_id}, ${row.client_company_name})`,
      module: row.leadspeekType,
    }));
}

/** '1,234 (56%)' of the audience; the share left out when there is no audience. */
export function fieldShare(count: number, audience: number | null): string {
  const text = count.toLocaleString('en-US');
  if (!audience) return text;
  return `${text} (${Math.round((count / audience) * 100)}%)`;
}

/** The fields of a done count, as one line per field. */
export const fieldLines = (row: EnhancementCountRow) =>
  row.fields.map((f) => ({ id: f.id, label: f.label, text: fieldShare(f.count, row.audience) }));
