import { type Database, queryRows, sql } from '@app/db';
import { type LeadFilter, leadWhereSql } from './lead-filter-sql.js';
import type { LeadRecord } from './lead-row-repository.js';

/** An int8 as the drivers answer it: a number from PGlite, its text from node-postgres under drizzle. */
export type Int8 = number | string;

/**
 * A lead as its download reads it: only the file's columns, each already the text the cell shows
 * (the database formats the time and picks the company's name and title), under the names this
 * type gives them, so a row from the driver is used as it comes, with no second object per lead.
 * The campaign's and the client's names are not repeated on every lead: `campaigns` and
 * `companies` read them once.
 */
export interface LeadExportRecord
  extends Pick<
    LeadRecord,
    | 'campaignId'
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'phone'
    | 'street'
    | 'city'
    | 'state'
    | 'zip'
    | 'pageUrl'
    | 'keyword'
    | 'source'
  > {
  id: Int8;
  /**
   * When it was stored, in UTC, ISO 8601 with the microseconds the database keeps and no zone
   * letter: the batch key (a millisecond key would skip or repeat leads stored in the same
   * millisecond) and, cut to milliseconds, the Date cell.
   */
  at: string;
  clientId: number;
  companyName: string;
  jobTitle: string;
  /** The advanced information as the database's JSON text, null when the lead has none. */
  advanced: string | null;
  /** Micro-dollars. */
  clientPrice: Int8;
  wholesale: Int8;
  rootFee: Int8;
}

/** Where a download's batch starts: after this lead (its time and id). */
export type LeadExportKey = Pick<LeadExportRecord, 'at' | 'id'>;

export const leadExportKey = ({ at, id }: LeadExportRecord): LeadExportKey => ({ at, id });

export interface CampaignNames {
  id: number;
  publicId: string;
  name: string;
  /** The campaign hides phones from its client (clientHidePhone). */
  hidePhone: boolean;
}

export interface CompanyName {
  id: number;
  name: string;
}

/*
 * Kept apart from the report's page query (lead-row-repository): a download reads every lead of a
 * filter in batches, so it selects the file's cells and nothing else — fewer values for the driver
 * to decode per lead, no Date or JSON to build in JavaScript — and no join: joined, the database
 * would sort every remaining lead of the filter for each batch instead of reading the next stretch
 * of the index in order.
 */
const COLUMNS = sql`l.id, to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at,
  l.campaign_id as "campaignId", l.client_id as "clientId", l.first_name as "firstName",
  l.last_name as "lastName", coalesce(l.emails[1], '') as email, coalesce(l.phones[1], '') as phone,
  l.street, l.city, l.state, l.zip, coalesce(l.company->>'name', '') as "companyName",
  coalesce(l.company->>'title', '') as "jobTitle", nullif(l.advanced::text, '{}') as advanced, l.page_url as "pageUrl", l.keyword, l.source,
  l.client_price_micros as "clientPrice", l.wholesale_micros as wholesale, l.root_fee_micros as "rootFee"`;

const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export function createLeadExportRepository(db: Database) {
  return {
    /**
     * The filtered leads newest first, `size` after `after`: one batch of a download. The time
     * bound is an index condition (`created_at <= at`), so each batch starts where the last ended.
     */
    batch(f: LeadFilter, after: LeadExportKey | undefined, size: number): Promise<LeadExportRecord[]> {
      const at = after && sql`${`${after.at}Z`}::timestamptz`;
      const keyset = after
        ? sql`and l.created_at <= ${at} and (l.created_at < ${at} or l.id < ${after.id})`
        : sql``;
      return queryRows<LeadExportRecord>(
        db,
        sql`select ${COLUMNS} from leads l where ${leadWhereSql(f)} ${keyset}
             order by l.created_at desc, l.id desc limit ${size}`,
      );
    },

    /** The public ids, names and phone setting of these campaigns. */
    campaigns(ids: readonly number[]): Promise<CampaignNames[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return queryRows<CampaignNames>(
        db,
        sql`select id, public_id as "publicId", name, hide_phone as "hidePhone"
              from campaigns where id in (${list(ids)})`,
      );
    },

    /** The names of these companies (the leads' clients). */
    companies(ids: readonly number[]): Promise<CompanyName[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return queryRows<CompanyName>(db, sql`select id, name from companies where id in (${list(ids)})`);
    },
  };
}

export type LeadExportRepository = ReturnType<typeof createLeadExportRepository>;
