import { VENDOR_LIST_MODULES, type VendorListModule } from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import { localDate, normalizeState, normalizeZip } from '@app/lead-engine';
import type { IdentityResolver, ListGeography } from '../../providers/identities/index.js';
import type { IntakeRepository } from './intake-repository.js';
import { textArray } from './sql-arrays.js';

/*
 * The enhance / b2b daily list (issue 11 "How leads arrive"): once a day, for each running enhance
 * or b2b campaign, the resolver's `lookupList` is asked for people matching its keywords and
 * geography, sized to its daily limit, and they go to the intake like any other identity — the same
 * pipeline decides. They are fed in one go here (the ad-platform work brings the drip through the
 * day; the intake's `available_at` is where it will set the times). No transaction is open while
 * the resolver is asked.
 */

/** Leads asked for when a campaign has no daily limit. */
export const DEFAULT_DAILY_LIST_SIZE = 100;
const MAX_LIST = 10_000;

interface ListCampaign {
  id: number;
  module: VendorListModule;
  keywords: string[];
  national: boolean;
  states: string[];
  cities: string[];
  zips: string[];
  lead_limit: number | null;
  lead_limit_frequency: string;
  time_zone: string;
}

/** The campaign's lists in the resolver's terms: state codes, cities with their state, 5-digit zips. */
export function listGeography(
  c: Pick<ListCampaign, 'national' | 'states' | 'cities' | 'zips'>,
): ListGeography {
  const cities: { city: string; state: string }[] = [];
  for (const entry of c.cities) {
    const comma = entry.lastIndexOf(',');
    const state = comma >= 0 ? normalizeState(entry.slice(comma + 1)) : null;
    // A city without its state cannot be asked of the vendor (its lists are per state); the lead
    // engine's lock still takes such a city from other sources.
    if (state) cities.push({ city: entry.slice(0, comma).trim(), state });
  }
  return {
    national: c.national,
    states: c.states.map(normalizeState).filter((s): s is string => s !== null),
    cities,
    zips: c.zips.map(normalizeZip).filter((z) => /^[0-9]{5}$/.test(z)),
  };
}

export function createDailyList(deps: {
  db: Database;
  intake: IntakeRepository;
  resolver: IdentityResolver;
}) {
  return {
    /** Feeds today's list of every running enhance / b2b campaign; answers identities queued. */
    async feedAll(now = new Date()): Promise<{ campaigns: number; identities: number }> {
      const campaigns = await queryRows<ListCampaign>(
        deps.db,
        sql`select id, module, keywords, national, states, cities, zips, lead_limit, lead_limit_frequency,
                   time_zone
              from campaigns
             where status = 'running' and not archived and removed_at is null and module::text = any(${textArray(VENDOR_LIST_MODULES)})
             order by id`,
      );
      let identities = 0;
      for (const campaign of campaigns) identities += await this.feedOne(campaign, now);
      return { campaigns: campaigns.length, identities };
    },

    async feedOne(campaign: ListCampaign, now: Date): Promise<number> {
      const size =
        campaign.lead_limit_frequency === 'day' && campaign.lead_limit
          ? Math.min(campaign.lead_limit, MAX_LIST)
          : DEFAULT_DAILY_LIST_SIZE;
      const geography = listGeography(campaign);
      if (
        !geography.national &&
        geography.states.length + geography.cities.length + geography.zips.length === 0
      )
        return 0; // nowhere to look: the location lock would refuse every one
      const day = localDate(now, campaign.time_zone);
      let cursor: string | undefined;
      let fed = 0;
      do {
        const page = await deps.resolver.lookupList({
          module: campaign.module,
          keywords: campaign.keywords,
          geography,
          limit: size,
          day,
          ...(cursor ? { cursor } : {}),
        });
        await deps.intake.insert(
          page.identities.map((identity) => ({
            campaignId: campaign.id,
            source: 'vendor_list' as const,
            payload: { ...identity },
          })),
        );
        fed += page.identities.length;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return fed;
    },
  };
}

export type DailyList = ReturnType<typeof createDailyList>;
