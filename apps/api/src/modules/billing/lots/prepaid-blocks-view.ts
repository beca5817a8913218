import { asMicros, centsToDollars, microsToDollars } from '@app/contracts';
import { chargeForLeads } from '@app/pricing';
import type { PrepaidCampaign } from '../../campaigns/index.js';
import type { PrepaidLots } from './prepaid-lots.js';
import type { PrepaidRefundRepository } from './prepaid-refund-repository.js';

/** `currenttopup` and `remainingbalanceleads` (decision 0078): read from the lots and the ledger, never a counter. */
export function createPrepaidBlocksView(deps: {
  lots: Pick<PrepaidLots, 'left'>;
  repo: Pick<PrepaidRefundRepository, 'prepaidLotsOf'>;
}) {
  return {
    async currentTopUp(c: PrepaidCampaign) {
      const lots = await deps.repo.prepaidLotsOf(c.campaignId);
      const newest = lots[lots.length - 1];
      const unitPrice = newest?.clientPriceMicros ?? asMicros(0);
      return {
        leadspeek_api_id: c.publicId,
        current_topup: newest
          ? {
              leads: newest.quantity,
              client_price: microsToDollars(unitPrice),
              total: centsToDollars(chargeForLeads([{ leads: newest.quantity, unitPrice }])),
              bought_at: newest.boughtAt.toISOString(),
            }
          : null,
        blocks_bought: lots.length,
        leads_bought: lots.reduce((sum, lot) => sum + lot.quantity, 0),
        continual_topup: c.continualTopUp ? ('T' as const) : ('F' as const),
      };
    },

    async remaining(c: PrepaidCampaign) {
      const left = (await deps.lots.left([c.campaignId])).get(c.campaignId) ?? 0;
      return { leadspeek_api_id: c.publicId, remaining_balance_leads: left };
    },
  };
}

export type PrepaidBlocksView = ReturnType<typeof createPrepaidBlocksView>;
