import { type Database, queryRows, sql } from '@app/db';

/*
 * The site tests' SQL on a campaign: its last embed check (outcome, time, message, page) and the
 * time of its last test lead. The once-a-minute rule is one conditional UPDATE, so two requests in
 * the same instant cannot both pass.
 */

export interface SiteTestCampaign {
  id: number;
  publicId: string;
  module: string;
  urlCode: string;
  gtmInstalled: boolean;
  reidentification: string;
  national: boolean;
  zips: string[];
  cities: string[];
  states: string[];
  localStateMode: 'include' | 'exclude';
  keywords: string[];
  embedStatus: string;
  embedCheckedAt: Date | null;
  embedCheckMessage: string;
  embedCheckUrl: string;
}

export interface StoredCheck {
  outcome: string;
  message: string;
  url: string;
  at: Date;
}

interface CampaignSql {
  id: number;
  public_id: string;
  module: string;
  url_code: string;
  gtm_installed: boolean;
  reidentification: string;
  national: boolean;
  zips: string[];
  cities: string[];
  states: string[];
  local_state_mode: 'include' | 'exclude';
  keywords: string[];
  embed_status: string;
  embed_checked_at: string | Date | null;
  embed_check_message: string;
  embed_check_url: string;
}

const toCampaign = (r: CampaignSql): SiteTestCampaign => ({
  id: r.id,
  publicId: r.public_id,
  module: r.module,
  urlCode: r.url_code,
  gtmInstalled: r.gtm_installed,
  reidentification: r.reidentification,
  national: r.national,
  zips: r.zips,
  cities: r.cities,
  states: r.states,
  localStateMode: r.local_state_mode,
  keywords: r.keywords,
  embedStatus: r.embed_status,
  embedCheckedAt: r.embed_checked_at === null ? null : new Date(r.embed_checked_at),
  embedCheckMessage: r.embed_check_message,
  embedCheckUrl: r.embed_check_url,
});

const columns = sql`id, public_id, module::text as module, url_code, gtm_installed, reidentification, national,
  zips, cities, states, local_state_mode, keywords, embed_status, embed_checked_at, embed_check_message,
  embed_check_url`;

/** `text[]` as one bound JSON parameter, the same on PostgreSQL and PGlite. */
const textArray = (values: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

export function createSiteTestRepository(db: Database) {
  return {
    async campaign(id: number): Promise<SiteTestCampaign | null> {
      const [row] = await queryRows<CampaignSql>(db, sql`select ${columns} from campaigns where id = ${id}`);
      return row ? toCampaign(row) : null;
    },

    async storeCheck(id: number, check: StoredCheck): Promise<void> {
      await db.execute(
        sql`update campaigns set embed_status = ${check.outcome}, embed_checked_at = ${check.at.toISOString()},
                   embed_check_message = ${check.message}, embed_check_url = ${check.url}
             where id = ${id}`,
      );
    },

    /**
     * Takes the campaign's test-lead slot if its last test lead is at least `intervalSeconds` old;
     * false when another request took it within that time.
     */
    async claimTestLeadSlot(id: number, intervalSeconds: number): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`update campaigns set last_test_lead_at = now()
             where id = ${id}
               and (last_test_lead_at is null or last_test_lead_at <= now() - make_interval(secs => ${intervalSeconds}))
            returning id`,
      );
      return rows.length > 0;
    },

    /**
     * Running campaigns of these modules with a site whose last check is older than `everySeconds`
     * (never checked first), at most `limit`.
     */
    async dueForCheck(modules: readonly string[], everySeconds: number, limit: number) {
      const rows = await queryRows<CampaignSql>(
        db,
        sql`select ${columns} from campaigns
             where status = 'running' and not archived and removed_at is null and url_code <> ''
               and module::text = any(${textArray(modules)})
               and (embed_checked_at is null or embed_checked_at <= now() - make_interval(secs => ${everySeconds}))
             order by embed_checked_at nulls first, id
             limit ${limit}`,
      );
      return rows.map(toCampaign);
    },
  };
}

export type SiteTestRepository = ReturnType<typeof createSiteTestRepository>;
