import type { UnderPerformResponse } from '@app/contracts';
import { notFound } from '../../http-errors.js';
import type { TenantResource } from '../../plugins/access.js';
import type { CampaignCounts } from '../campaigns/index.js';
import type { LeadCounts } from '../leads/index.js';
import type { Principal } from '../tenancy/index.js';

export const UNDER_PERFORM_RULE =
  "Under-performing: fewer leads on the selected day (in the campaign's time zone) than expected. Expected is the campaign's own minimum leads per day when it sets one, else its daily average over the 7 days before; a campaign with neither, or outside its start and end dates on that day, is not judged.";

type Basis = 'minimum' | 'average' | 'none';

/**
 * The rule of decision 0094 (after 0083's average): a campaign's own minimum leads per day
 * (`minimumLimitLeads`, enabled) is what its client expects of it; without one, its recent daily
 * average is. Whole numbers throughout: onDay × 7 < previous7 is onDay < previous7 / 7.
 */
export function judge(
  campaign: { minimum_limit_leads: number | null; start_date: string | null; end_date: string | null },
  day: string,
  counts: { onDay: number; previous7: number },
): { basis: Basis; expected: number | null; under: boolean } {
  const dated =
    (campaign.start_date === null || campaign.start_date <= day) &&
    (campaign.end_date === null || day <= campaign.end_date);
  if (!dated) return { basis: 'none', expected: null, under: false };
  const minimum = campaign.minimum_limit_leads;
  if (minimum !== null && minimum > 0)
    return { basis: 'minimum', expected: minimum, under: counts.onDay < minimum };
  if (counts.previous7 > 0)
    return {
      basis: 'average',
      expected: Math.round((counts.previous7 / 7) * 100) / 100,
      under: counts.onDay * 7 < counts.previous7,
    };
  return { basis: 'none', expected: null, under: false };
}

/**
 * `GET /configuration/get-under-perform-campaigns` (spec 2 §6, decisions 0083, 0094): for each
 * campaign asked, its leads on the selected day against what was expected of it (`judge`). Every id
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
      const around = counts.get(id) ?? { onDay: 0, previous7: 0 };
      const verdict = judge(campaign, query.selected_date, around);
      return {
        id,
        leadspeek_api_id: campaign.public_id,
        name: campaign.name,
        leads_on_date: around.onDay,
        leads_previous_7_days: around.previous7,
        expected_leads: verdict.expected,
        basis: verdict.basis,
        under_perform: verdict.under,
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
