import type { UnderPerformResponse } from '@app/contracts';
import { notFound } from '../../http-errors.js';
import type { TenantResource } from '../../plugins/access.js';
import type { CampaignCounts } from '../campaigns/index.js';
import type { LeadCounts } from '../leads/index.js';
import type { Principal } from '../tenancy/index.js';

export const UNDER_PERFORM_RULE =
  "Under-performing: fewer leads on the selected day than the campaign's daily average over the 7 days before it (days in the campaign's time zone); a campaign without leads in those 7 days is not judged.";

/**
 * `GET /configuration/get-under-perform-campaigns` (spec 2 §6, decision 0083): for each campaign
 * asked, its leads on the selected day against its daily average over the 7 days before. Every id
 * is checked against the caller's scope first; one outside it answers 404 for the whole request, as
 * a missing id does, so nothing is said about other tenants' campaigns.
 */
export function createUnderPerform(deps: {
  campaigns: Pick<CampaignCounts, 'byIds'>;
  leads: Pick<LeadCounts, 'aroundDay'>;
  inScope: (principal: Principal, resource: TenantResource, id: number) => Promise<boolean>;
}) {
  return async function underPerform(
    p: Principal,
    query: { campaign_ids: number[]; selected_date: string },
  ): Promise<UnderPerformResponse> {
    const ids = [...new Set(query.campaign_ids)];
    for (const id of ids) if (!(await deps.inScope(p, 'campaign', id))) throw notFound();
    const [found, counts] = await Promise.all([
      deps.campaigns.byIds(ids),
      deps.leads.aroundDay(ids, query.selected_date),
    ]);
    const byId = new Map(found.map((c) => [Number(c.id), c]));
    const campaigns = ids.map((id) => {
      const campaign = byId.get(id);
      if (!campaign) throw notFound();
      const { onDay, previous7 } = counts.get(id) ?? { onDay: 0, previous7: 0 };
      return {
        id,
        leadspeek_api_id: campaign.public_id,
        name: campaign.name,
        leads_on_date: onDay,
        leads_previous_7_days: previous7,
        // onDay < previous7 / 7, in whole numbers.
        under_perform: previous7 > 0 && onDay * 7 < previous7,
      };
    });
    return {
      selected_date: query.selected_date,
      rule: UNDER_PERFORM_RULE,
      campaigns,
      under_perform_ids: campaigns.filter((c) => c.under_perform).map((c) => c.id),
    };
  };
}

export type UnderPerform = ReturnType<typeof createUnderPerform>;
