import { AD_PLATFORM_MIRRORED_MODULES } from '@app/contracts';
import { sql } from '@app/db';
import type { SQL } from 'drizzle-orm';

/*
 * What the agency and client lists and the agencies report ask of a company's campaigns (decision
 * 0094), said once here so the lists' SQL stays one statement: each is one probe of a partial index
 * (`campaigns_running_agency_idx`, `campaigns_running_client_idx`, `campaigns_group_agency_idx`, `campaigns_group_client_idx`).
 */

/** Whose campaigns a company's are: an agency's are its clients' (the row carries both ids). */
const ownerColumn = (kind: 'agency' | 'client') => (kind === 'agency' ? sql`k.agency_id` : sql`k.client_id`);

/** The company (an SQL expression of its id) has a running campaign that is not removed. */
export const runningCampaignOfSql = (kind: 'agency' | 'client', companyId: SQL): SQL =>
  sql`exists (select 1 from campaigns k where ${ownerColumn(kind)} = ${companyId}
                 and k.status = 'running' and k.removed_at is null)`;

/** The company has a campaign (not removed) in the company group. */
export const campaignInGroupOfSql = (kind: 'agency' | 'client', companyId: SQL, groupId: number): SQL =>
  sql`exists (select 1 from campaigns k where k.company_group_id = ${groupId}
                 and k.removed_at is null and ${ownerColumn(kind)} = ${companyId})`;

/**
 * The modules whose campaigns are mirrored to the ad platform (the catalogue's lead source
 * `ad_platform_mirror`, decision 0051), as an SQL list: `k.module in (${mirroredModulesSql()})`.
 */
export const mirroredModulesSql = (): SQL =>
  sql.join(
    AD_PLATFORM_MIRRORED_MODULES.map((module) => sql`${module}`),
    sql`, `,
  );
