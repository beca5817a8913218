import { type Database, queryRows, sql } from '@app/db';
import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/define-job.js';
import { type AdPlatform, MAX_CONVERSION_RANGE_MS } from '../../providers/ad-platform/index.js';
import { USER_AGENT_MAX_LENGTH } from '../../providers/identities/index.js';
import { mirroredModulesSql } from '../campaigns/index.js';
import type { IntakeRepository } from './intake-repository.js';
import type { StoredAdVisit } from './schemas.js';

/*
 * Leads from the ad platform (issue 11 "locator … leads arrive through the same pipeline", decision
 * 0051): every minute, each running locator campaign mirrored to the platform is asked for the
 * visitors its ads brought since its cursor; they go to the intake (source `ad_platform`) and the
 * ingest job resolves them like the pixel's page views. The platform is asked with no transaction
 * open; the rows and the cursor's move are one transaction, conditional on the cursor it read, so two
 * pollers never add the same visits (and the lead claims would make a repeat harmless anyway).
 */

export const adConversionsJob = defineJob({
  name: 'leads.ad-conversions',
  payload: z.object({}).strict(),
  retryLimit: 0,
  retryDelaySeconds: 30,
  recurring: { cron: '* * * * *' },
});

/** Bounds of one run: campaigns asked, and visits taken per campaign (the rest come next minute). */
export const AD_POLL_CAMPAIGNS = 100;
export const AD_POLL_VISITS = 1_000;

interface PolledCampaign {
  id: number;
  ad_campaign_id: string;
  /** Where this poll starts, in epoch milliseconds. */
  since_ms: number | string;
  /** The stored cursor as the database writes it (microseconds kept: the conditional update compares it). */
  cursor: string | null;
}

const keywordOf = (pageUrl: string) => {
  try {
    return new URL(pageUrl).searchParams.get('keyword')?.slice(0, 200) ?? '';
  } catch {
    return '';
  }
};

export function createAdConversions(deps: {
  db: Database;
  intake: IntakeRepository;
  platform: AdPlatform;
  log: (message: string, detail?: unknown) => void;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function pollOne(c: PolledCampaign): Promise<number> {
    const since = new Date(Number(c.since_ms));
    const at = now();
    const until = new Date(Math.min(at.getTime(), since.getTime() + MAX_CONVERSION_RANGE_MS));
    if (until <= since) return 0;
    const visits = await deps.platform.pollConversions({ campaignId: c.ad_campaign_id, since, until });
    // A burst beyond the bound: take the first ones and every visit at the same instant as the last
    // taken (the next poll starts after that instant).
    let taken = visits;
    let cursor = until;
    if (visits.length > AD_POLL_VISITS) {
      const last = (visits[AD_POLL_VISITS - 1] as (typeof visits)[number]).at.getTime();
      taken = visits.filter((v) => v.at.getTime() <= last);
      cursor = new Date(last);
    }
    const rows = taken.map((v) => {
      const payload: StoredAdVisit = {
        visit: v.id,
        visitorKey: v.visitor.visitorKey,
        ip: v.visitor.ip,
        userAgent: v.visitor.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
        pageUrl: v.visitor.pageUrl,
        keyword: keywordOf(v.visitor.pageUrl),
      };
      return { campaignId: c.id, source: 'ad_platform' as const, payload: { ...payload } };
    });
    const stored = await db.transaction(async (tx) => {
      const moved = await queryRows(
        tx,
        sql`update locator_mirrors set conversions_until = ${cursor.toISOString()}::timestamptz
             where campaign_id = ${c.id}
               and conversions_until is not distinct from ${c.cursor}::timestamptz
            returning campaign_id`,
      );
      if (moved.length === 0) return 0; // another poller moved the cursor: its rows stand
      await deps.intake.insert(rows, tx);
      return rows.length;
    });
    return stored;
  }

  return {
    /** One run: the running, mirrored locator campaigns, least recently polled first. */
    async pollAll(): Promise<{ campaigns: number; visits: number; failed: number }> {
      const campaigns = await queryRows<PolledCampaign>(
        db,
        sql`select k.id, k.ad_platform_campaign_id as ad_campaign_id,
                   (extract(epoch from coalesce(m.conversions_until, m.created_at)) * 1000)::float8 as since_ms,
                   m.conversions_until::text as cursor
              from campaigns k join locator_mirrors m on m.campaign_id = k.id
             where k.module in (${mirroredModulesSql()}) and k.status = 'running' and not k.archived
               and k.removed_at is null and k.ad_platform_campaign_id is not null
             order by coalesce(m.conversions_until, m.created_at), k.id
             limit ${AD_POLL_CAMPAIGNS}`,
      );
      let visits = 0;
      let failed = 0;
      for (const c of campaigns) {
        try {
          visits += await pollOne(c);
        } catch (error) {
          // An outage or a refusal: the cursor stays, the next minute asks again.
          failed += 1;
          deps.log('ad platform visits not polled', { campaignId: c.id, error: String(error) });
        }
      }
      return { campaigns: campaigns.length, visits, failed };
    },
  };
}

export type AdConversions = ReturnType<typeof createAdConversions>;

export function adConversionsHandler(deps: {
  conversions: AdConversions;
  /** Wakes the ingestion, which takes the polled visitors through the pipeline. */
  wakeIngest: () => void;
}): JobHandler<typeof adConversionsJob.payload> {
  return {
    spec: adConversionsJob,
    async handle() {
      const polled = await deps.conversions.pollAll();
      if (polled.visits > 0) deps.wakeIngest();
    },
  };
}
