import {
  adPlatformOrganizations,
  and,
  campaigns,
  companies,
  type Database,
  type Executor,
  eq,
  queryRows,
  sql,
} from '@app/db';
import { mirroredModulesSql } from './campaign-sql.js';

/*
 * The locator mirror's SQL (decision 0051): the intent (`locator_mirrors.revision`, raised with each
 * change in the change's own transaction), the lease that lets one mirror run per campaign without
 * an open transaction, and the recorded result. Nothing here calls the ad platform.
 */

/** What the mirror reads of a campaign, with the revision it read it at (one statement: a snapshot). */
export interface MirrorSnapshot {
  campaignId: number;
  revision: number;
  publicId: string;
  name: string;
  clientId: number;
  agencyId: number;
  status: string;
  removed: boolean;
  keywords: string[];
  contextualKeywords: string[];
  national: boolean;
  states: string[];
  cities: string[];
  zips: string[];
  startDate: string | null;
  endDate: string | null;
  timeZone: string;
  createdAt: Date;
  adPlatformCampaignId: string | null;
}

/** How long a mirror run may hold a campaign before another may take it (a crashed run's lease). */
const LEASE_SECONDS = 60;

/**
 * Raises the campaign's mirror revision if it is a locator campaign: the intent to mirror, written in
 * the caller's transaction with the change itself. A parked mirror becomes due again.
 */
export async function recordMirrorIntent(tx: Executor, campaignId: number): Promise<void> {
  await tx.execute(
    sql`insert into locator_mirrors (campaign_id)
          select id from campaigns where id = ${campaignId} and module in (${mirroredModulesSql()})
        on conflict (campaign_id) do update
          set revision = locator_mirrors.revision + 1, next_attempt_at = now(), updated_at = now()`,
  );
}

export function createLocatorMirrorRepository(db: Database) {
  return {
    /**
     * Takes the campaign's mirror for this run if it is behind and nobody holds it. A locator campaign
     * without a row (made before mirroring existed, or its intent lost) gets one first.
     */
    async lease(campaignId: number): Promise<boolean> {
      await db.execute(
        sql`insert into locator_mirrors (campaign_id)
              select id from campaigns where id = ${campaignId} and module in (${mirroredModulesSql()})
            on conflict (campaign_id) do nothing`,
      );
      const rows = await queryRows(
        db,
        sql`update locator_mirrors set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
             where campaign_id = ${campaignId} and mirrored_revision < revision
               and (lease_until is null or lease_until < now())
            returning campaign_id`,
      );
      return rows.length > 0;
    },

    async snapshot(campaignId: number): Promise<MirrorSnapshot | null> {
      const [row] = await queryRows<{
        id: number;
        revision: number;
        public_id: string;
        name: string;
        client_id: number;
        agency_id: number;
        status: string;
        removed: boolean;
        keywords: string[];
        contextual_keywords: string[];
        national: boolean;
        states: string[];
        cities: string[];
        zips: string[];
        start_date: string | null;
        end_date: string | null;
        time_zone: string;
        created_at: Date | string;
        ad_platform_campaign_id: string | null;
      }>(
        db,
        sql`select k.id, m.revision, k.public_id, k.name, k.client_id, k.agency_id, k.status,
                   k.removed_at is not null as removed, k.keywords, k.contextual_keywords, k.national,
                   k.states, k.cities, k.zips, k.start_date::text as start_date,
                   k.end_date::text as end_date, k.time_zone, k.created_at, k.ad_platform_campaign_id
              from campaigns k join locator_mirrors m on m.campaign_id = k.id
             where k.id = ${campaignId}`,
      );
      if (!row) return null;
      return {
        campaignId: row.id,
        revision: row.revision,
        publicId: row.public_id,
        name: row.name,
        clientId: row.client_id,
        agencyId: row.agency_id,
        status: row.status,
        removed: row.removed,
        keywords: row.keywords,
        contextualKeywords: row.contextual_keywords,
        national: row.national,
        states: row.states,
        cities: row.cities,
        zips: row.zips,
        startDate: row.start_date,
        endDate: row.end_date,
        timeZone: row.time_zone,
        createdAt: new Date(row.created_at),
        adPlatformCampaignId: row.ad_platform_campaign_id,
      };
    },

    /** The platform's campaign made for ours: stored at once, before any other call. */
    async setPlatformCampaign(campaignId: number, platformId: string): Promise<void> {
      await db
        .update(campaigns)
        .set({ adPlatformCampaignId: platformId })
        .where(eq(campaigns.id, campaignId));
    },

    async organizationOf(companyId: number): Promise<string | null> {
      const [row] = await db
        .select({ id: adPlatformOrganizations.organizationId })
        .from(adPlatformOrganizations)
        .where(eq(adPlatformOrganizations.companyId, companyId));
      return row?.id ?? null;
    },

    async setOrganization(companyId: number, organizationId: string): Promise<void> {
      await db
        .insert(adPlatformOrganizations)
        .values({ companyId, organizationId })
        .onConflictDoNothing({ target: adPlatformOrganizations.companyId });
    },

    /** The company's organisation is gone at the platform (deleted there by a person). */
    async forgetOrganization(companyId: number, organizationId: string): Promise<void> {
      await db
        .delete(adPlatformOrganizations)
        .where(
          and(
            eq(adPlatformOrganizations.companyId, companyId),
            eq(adPlatformOrganizations.organizationId, organizationId),
          ),
        );
    },

    async companyName(companyId: number): Promise<string> {
      const [row] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row?.name ?? `Company ${companyId}`;
    },

    /**
     * The result: the platform holds `revision`; the lease is let go. Answers the revision now wanted
     * (higher when a change came in meanwhile: the caller mirrors again).
     */
    async mirrored(campaignId: number, revision: number): Promise<number> {
      const [row] = await queryRows<{ revision: number }>(
        db,
        sql`update locator_mirrors
               set mirrored_revision = greatest(mirrored_revision, ${revision}), lease_until = null,
                   attempts = 0, last_error = null, next_attempt_at = null, updated_at = now()
             where campaign_id = ${campaignId}
            returning revision`,
      );
      return row?.revision ?? revision;
    },

    /** A failed attempt: the lease let go, the error kept; retried at `retryAt`, or parked (null). */
    async failed(campaignId: number, error: string, retryAt: Date | null): Promise<void> {
      await db.execute(
        sql`update locator_mirrors
               set lease_until = null, attempts = attempts + 1, last_error = ${error.slice(0, 500)},
                   next_attempt_at = ${retryAt ? retryAt.toISOString() : null}::timestamptz, updated_at = now()
             where campaign_id = ${campaignId}`,
      );
    },

    async attempts(campaignId: number): Promise<number> {
      const [row] = await queryRows<{ attempts: number }>(
        db,
        sql`select attempts from locator_mirrors where campaign_id = ${campaignId}`,
      );
      return row?.attempts ?? 0;
    },

    /**
     * Locator campaigns the retry job should mirror now: behind and due, or never mirrored at all
     * (no row; removed ones that never reached the platform need nothing). Oldest first, bounded.
     */
    async due(limit: number): Promise<number[]> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`(select m.campaign_id as id from locator_mirrors m
              where m.mirrored_revision < m.revision and m.next_attempt_at <= now()
                and (m.lease_until is null or m.lease_until < now())
              order by m.next_attempt_at limit ${limit})
            union
            (select k.id from campaigns k
              where k.module in (${mirroredModulesSql()}) and k.removed_at is null
                and not exists (select 1 from locator_mirrors m where m.campaign_id = k.id)
              order by k.id limit ${limit})`,
      );
      return rows.map((r) => r.id).slice(0, limit);
    },
  };
}

export type LocatorMirrorRepository = ReturnType<typeof createLocatorMirrorRepository>;
