import { type CampaignModule, campaignModuleSchema } from '@app/contracts';
import type { CurrentRoute } from './current-route';

/** A module name as a lead module (the catalogue's modules that bring leads), or null. */
export function leadModuleOf(module: string | undefined): CampaignModule | null {
  const parsed = campaignModuleSchema.safeParse(module);
  return parsed.success ? parsed.data : null;
}

/** The lead module a module page is for (the policy's match names it from the user's slug), or null. */
export const routeLeadModule = (current: CurrentRoute | null): CampaignModule | null =>
  leadModuleOf(current?.match.module ?? current?.match.route.module?.type);
