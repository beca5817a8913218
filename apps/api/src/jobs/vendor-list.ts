import { isVendorListModule } from '@app/contracts';
import { localDate, parseLocalDate } from '@app/lead-engine';
import { z } from 'zod';
import { defineJob } from './define-job.js';

/*
 * The enhance / b2b daily list (issue 11, decision 0044): once per campaign per local day, a job asks
 * the data vendor (`IdentityResolver.lookupList`) for the day's identities, sized to what the campaign
 * may still take, and plans their drip through the day (`planDrip` of `@app/lead-engine`). A recurring
 * sweep finds the campaigns whose run is due (`dueVendorListRun`) and queues one job each. The
 * handlers are the lead module's (`daily-list.ts`, registered in `registry.ts`, decision 0051); this
 * file is the contract: names, payload, key and the rule.
 */

const DAY = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD.')
  .refine((text) => {
    try {
      parseLocalDate(text);
      return true;
    } catch {
      return false;
    }
  }, 'The day must exist.');

/** One campaign's list for one of its local days. */
export const vendorListJob = defineJob({
  name: 'leads.vendor-list',
  payload: z.object({ campaignId: z.number().int().positive(), day: DAY }).strict(),
  // A vendor outage is retried with back-off for about an hour; the day's drip starts late, not never.
  retryLimit: 6,
  retryDelaySeconds: 60,
});

/** Every ten minutes: queue the runs that are due (the first sweep after a campaign's local midnight). */
export const vendorListSweepJob = defineJob({
  name: 'leads.vendor-list-sweep',
  payload: z.object({}).strict(),
  retryLimit: 0,
  retryDelaySeconds: 60,
  recurring: { cron: '*/10 * * * *' },
});

/**
 * The run's idempotency key. The handler claims it in the database before calling the vendor (a
 * unique row per key), so a run queued twice — two sweeps, a retry after a crash — fetches and drips
 * the list once; the queue may hold duplicates, the database never acts on them.
 */
export const vendorListKey = (campaignId: number, day: string) => `vendor-list:${campaignId}:${day}`;

/** What the rule needs to know of a campaign. */
export interface VendorListCampaign {
  id: number;
  /** The campaign's lead module; only enhance and b2b get lists. */
  module: string;
  /** Running, not archived or removed (the state machine's `acceptsLeads`). */
  acceptsLeads: boolean;
  timeZone: string;
  /** Local dates; null = open. */
  startDate: string | null;
  endDate: string | null;
  /** The last local day a run was claimed for, if any. */
  lastRunDay: string | null;
}

export interface VendorListRun {
  key: string;
  payload: z.infer<typeof vendorListJob.payload>;
}

/**
 * The run due now for a campaign, or null: an enhance or b2b campaign that takes leads gets one run
 * for each local day of its schedule, for the day it is now in its own zone, unless that day's run
 * was claimed already. A day missed entirely (the product was down) is not caught up: a list is for
 * its own day.
 */
export function dueVendorListRun(campaign: VendorListCampaign, now: Date): VendorListRun | null {
  if (!isVendorListModule(campaign.module)) return null;
  if (!campaign.acceptsLeads) return null;
  const day = localDate(now, campaign.timeZone);
  if (campaign.startDate !== null && day < campaign.startDate) return null;
  if (campaign.endDate !== null && day > campaign.endDate) return null;
  if (campaign.lastRunDay !== null && campaign.lastRunDay >= day) return null;
  return { key: vendorListKey(campaign.id, day), payload: { campaignId: campaign.id, day } };
}
