import { modulesOpenTo } from '@app/contracts';
import { acceptsLeads } from '@app/lead-engine';
import type { ModuleAccess } from '../tenancy/index.js';
import type { IngestCampaign } from './ingest-campaigns.js';

/**
 * The campaigns of a batch that would take leads in a module their client may no longer open (the
 * agency or the client switched it off, or the agency left its beta): the module rule of decision
 * 0063, read once per batch for the batch's clients. Their rows are not resolved, their leads never
 * stored nor billed, and the campaign is paused on run (`module_unavailable`).
 */
export async function campaignsOfClosedModules(
  moduleAccess: Pick<ModuleAccess, 'factsOfCompanies'>,
  campaigns: ReadonlyMap<number, IngestCampaign>,
): Promise<Set<number>> {
  const taking = [...campaigns.values()].filter((c) => acceptsLeads(c.rules.state));
  const closed = new Set<number>();
  if (taking.length === 0) return closed;
  const facts = await moduleAccess.factsOfCompanies(taking.map((c) => c.clientId));
  for (const campaign of taking) {
    const known = facts.get(campaign.clientId);
    if (!known || !modulesOpenTo(known).includes(campaign.module)) closed.add(campaign.id);
  }
  return closed;
}
