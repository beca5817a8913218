import type { CampaignRepository } from './campaign-repository.js';

/** A Prepaid campaign as the billing module's refunds and top-up reads see it (decision 0078). */
export interface PrepaidCampaign {
  campaignId: number;
  publicId: string;
  name: string;
  systemId: number;
  clientId: number;
  agencyId: number;
  term: string;
  status: string;
  continualTopUp: boolean;
}

/**
 * The campaigns a prepaid call names by public id (already scope-checked by the route's rule), and
 * the one setting the billing module changes on them: continual top-up.
 */
export function createPrepaidCampaigns(deps: {
  repo: Pick<CampaignRepository, 'idOfPublicId' | 'record' | 'update'>;
}) {
  const { repo } = deps;
  return {
    async byPublicId(publicId: string): Promise<PrepaidCampaign | null> {
      const id = await repo.idOfPublicId(publicId);
      const r = id === null ? null : await repo.record(id);
      if (!r) return null;
      return {
        campaignId: r.id,
        publicId: r.publicId,
        name: r.name,
        systemId: r.systemId,
        clientId: r.clientId,
        agencyId: r.agencyId,
        term: r.paymentTerm,
        status: r.status,
        continualTopUp: r.continualTopUp,
      };
    },

    /** Continual top-up off: the top-up job buys no more blocks for it (it checks `continual`). */
    async stopContinualTopUp(campaignId: number): Promise<void> {
      await repo.update(campaignId, { continualTopUp: false });
    },
  };
}

export type PrepaidCampaigns = ReturnType<typeof createPrepaidCampaigns>;
