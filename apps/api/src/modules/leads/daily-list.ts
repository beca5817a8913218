import {
  advancedInformationField,
  isVendorListModule,
  leadInformationOf,
  listOfType,
  VENDOR_LIST_MODULES,
  type VendorListModule,
} from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import {
  type LimitFrequency,
  limitPeriod,
  localDate,
  normalizeState,
  normalizeZip,
  planDrip,
} from '@app/lead-engine';
import { dueVendorListRun, type VendorListRun, type vendorListJob } from '../../jobs/vendor-list.js';
import type { Identity, IdentityResolver, ListGeography } from '../../providers/identities/index.js';
import type { PrepaidLots } from '../billing/index.js';
import type { IntakeRepository } from './intake-repository.js';
import { textArray } from './sql-arrays.js';

/*
 * The enhance / b2b daily list (issue 11 "How leads arrive", decisions 0044 §4-5 and 0051): once per
 * campaign per local day, the data vendor (`IdentityResolver.lookupList`) is asked for people
 * matching the campaign's keywords and geography, as many as the campaign may still take that day,
 * and they are dripped through the day: each goes to the intake with its `available_at` from
 * `planDrip`, and the ingest job takes a row only once its time has come. The run's key is the
 * `vendor_list_runs` row (campaign, day): leased before the vendor is asked (no transaction open
 * across the call), completed in the same transaction as the intake rows — so a second run of the
 * day adds nothing, whoever runs it.
 */

/** Leads asked for when a campaign has no daily limit (and at most, per day, under a month or lifetime limit). */
export const DEFAULT_DAILY_LIST_SIZE = 100;
/** The vendor's ceiling for one list. */
const MAX_LIST = 10_000;
/** Campaigns one sweep looks at (more wait ten minutes). */
const SWEEP_LIMIT = 1_000;
/** A run asking the vendor holds its day this long; a crashed run's day is free again after it. */
const RUN_LEASE_SECONDS = 600;

interface ListCampaign {
  id: number;
  module: VendorListModule;
  keywords: string[];
  national: boolean;
  states: string[];
  cities: string[];
  zips: string[];
  lead_limit: number | null;
  lead_limit_frequency: LimitFrequency;
  limit_start_date: string | null;
  limit_end_date: string | null;
  time_zone: string;
  module_options: Record<string, unknown>;
}

/**
 * The advanced information a campaign asks its leads to carry (decision 0093): enhance its consumer
 * list, b2b its business list, as the campaign stores them; ids the catalogue does not know for
 * that list (an older row) are left out rather than refused by the vendor.
 */
export function informationFieldsOf(c: Pick<ListCampaign, 'module' | 'module_options'>): string[] {
  const information = leadInformationOf(c.module);
  if (!information) return [];
  const { list, campaignField } = information;
  const stored = c.module_options[campaignField];
  if (!Array.isArray(stored)) return [];
  return stored.filter((id): id is string => {
    const field = typeof id === 'string' ? advancedInformationField(id) : undefined;
    return field !== undefined && listOfType(field.type) === list;
  });
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

export type VendorListOutcome =
  | { status: 'written'; identities: number; notSent: number }
  | { status: 'already_done' | 'busy' | 'not_running' };

export function createVendorLists(deps: {
  db: Database;
  intake: IntakeRepository;
  resolver: IdentityResolver;
  prepaid: Pick<PrepaidLots, 'left'>;
}) {
  const { db } = deps;

  /** How many leads the campaign may still take today: its limit less the period's count, its prepaid leads. */
  async function quotaOf(c: ListCampaign, leadsLeft: number | null, now: Date): Promise<number> {
    let quota = DEFAULT_DAILY_LIST_SIZE;
    if (c.lead_limit !== null) {
      const period = limitPeriod(
        {
          max: c.lead_limit,
          frequency: c.lead_limit_frequency,
          startDate: c.limit_start_date,
          endDate: c.limit_end_date,
        },
        c.time_zone,
        now,
      );
      const [counted] = await queryRows<{ count: number }>(
        db,
        sql`select count from campaign_limit_counters
             where campaign_id = ${c.id} and period_key = ${period.key}`,
      );
      const left = Math.max(0, c.lead_limit - (counted?.count ?? 0));
      // A daily limit is the day's list; a month or lifetime limit is drawn at most a day's size a day.
      quota = c.lead_limit_frequency === 'day' ? left : Math.min(left, DEFAULT_DAILY_LIST_SIZE);
    }
    if (leadsLeft !== null) quota = Math.min(quota, leadsLeft);
    return Math.min(quota, MAX_LIST);
  }

  async function fetchList(c: ListCampaign, day: string, size: number): Promise<Identity[]> {
    const geography = listGeography(c);
    // Nowhere to look: the location lock would refuse every one.
    if (
      !geography.national &&
      geography.states.length + geography.cities.length + geography.zips.length === 0
    )
      return [];
    const identities: Identity[] = [];
    let cursor: string | undefined;
    do {
      const page = await deps.resolver.lookupList({
        module: c.module,
        keywords: c.keywords,
        geography,
        limit: size,
        day,
        fields: informationFieldsOf(c),
        ...(cursor ? { cursor } : {}),
      });
      identities.push(...page.identities);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && identities.length < size);
    return identities;
  }

  /** Lets the day go (nothing was written): a later run may take it. */
  const release = (campaignId: number, day: string) =>
    db.execute(
      sql`delete from vendor_list_runs
           where campaign_id = ${campaignId} and day = ${day}::date and completed_at is null`,
    );

  return {
    /** The runs due now: one per running enhance / b2b campaign whose local day has no written list. */
    async dueRuns(now: Date): Promise<VendorListRun[]> {
      const rows = await queryRows<{
        id: number;
        module: string;
        time_zone: string;
        start_date: string | null;
        end_date: string | null;
        last_run_day: string | null;
      }>(
        db,
        sql`select k.id, k.module, k.time_zone, k.start_date::text as start_date, k.end_date::text as end_date,
                   (select max(r.day)::text from vendor_list_runs r
                     where r.campaign_id = k.id and r.completed_at is not null) as last_run_day
              from campaigns k
             where k.status = 'running' and not k.archived and k.removed_at is null
               and k.module::text = any(${textArray(VENDOR_LIST_MODULES)})
             order by k.id limit ${SWEEP_LIMIT}`,
      );
      return rows
        .map((r) =>
          dueVendorListRun(
            {
              id: r.id,
              module: r.module,
              acceptsLeads: true,
              timeZone: r.time_zone,
              startDate: r.start_date,
              endDate: r.end_date,
              lastRunDay: r.last_run_day,
            },
            now,
          ),
        )
        .filter((run): run is VendorListRun => run !== null);
    },

    /** One campaign's list for one local day: asked, planned through the day, written once. */
    async run(payload: { campaignId: number; day: string }, now: Date): Promise<VendorListOutcome> {
      const { campaignId, day } = payload;
      const leased = await queryRows(
        db,
        sql`insert into vendor_list_runs (campaign_id, day, lease_until)
            values (${campaignId}, ${day}::date, now() + make_interval(secs => ${RUN_LEASE_SECONDS}))
            on conflict (campaign_id, day) do update set lease_until = excluded.lease_until
              where vendor_list_runs.completed_at is null and vendor_list_runs.lease_until < now()
            returning campaign_id`,
      );
      if (leased.length === 0) {
        const [row] = await queryRows<{ done: boolean }>(
          db,
          sql`select completed_at is not null as done from vendor_list_runs
               where campaign_id = ${campaignId} and day = ${day}::date`,
        );
        return { status: row?.done ? 'already_done' : 'busy' };
      }
      const [campaign] = await queryRows<ListCampaign>(
        db,
        sql`select k.id, k.module, k.keywords, k.national, k.states, k.cities, k.zips, k.lead_limit,
                   k.lead_limit_frequency, k.limit_start_date::text as limit_start_date,
                   k.limit_end_date::text as limit_end_date, k.time_zone, k.module_options
              from campaigns k
             where k.id = ${campaignId} and k.status = 'running' and not k.archived and k.removed_at is null`,
      );
      if (!campaign || !isVendorListModule(campaign.module)) {
        await release(campaignId, day);
        return { status: 'not_running' };
      }
      // Prepaid leads left cap the day's list (a campaign that never bought a block has no cap).
      const leadsLeft = (await deps.prepaid.left([campaignId])).get(campaignId) ?? null;
      let identities: Identity[] = [];
      let quota = 0;
      // A day already over (a run retried past midnight) plans nothing and is written empty.
      if (day >= localDate(now, campaign.time_zone)) {
        try {
          quota = await quotaOf(campaign, leadsLeft, now);
          if (quota > 0) identities = await fetchList(campaign, day, quota);
        } catch (error) {
          await release(campaignId, day); // the job's retry asks again
          throw error;
        }
      }
      const plan = planDrip({
        campaignId,
        day,
        timeZone: campaign.time_zone,
        quota,
        items: identities,
        notBefore: now,
      });
      return db.transaction(async (tx) => {
        const done = await queryRows(
          tx,
          sql`update vendor_list_runs
                 set completed_at = now(), identities = ${plan.sends.length}, not_sent = ${plan.notSent}
               where campaign_id = ${campaignId} and day = ${day}::date and completed_at is null
              returning campaign_id`,
        );
        if (done.length === 0) return { status: 'already_done' as const };
        await deps.intake.insert(
          plan.sends.map((send) => ({
            campaignId,
            source: 'vendor_list' as const,
            payload: { ...send.item },
            availableAt: send.at,
          })),
          tx,
        );
        return { status: 'written' as const, identities: plan.sends.length, notSent: plan.notSent };
      });
    },
  };
}

export type VendorLists = ReturnType<typeof createVendorLists>;
export type VendorListPayload = (typeof vendorListJob)['payload']['_output'];
