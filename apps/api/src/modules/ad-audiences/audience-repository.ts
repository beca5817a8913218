import type { AudienceKeyKind, AudienceStatus, BadLine } from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import { StagedRowsLostError } from '../../lib/key-uploads/index.js';

/*
 * Every statement of the ad platform's audiences (decision 0114). Set-based like the exclusion
 * lists': the request COPYs an upload's keys into `ad_audience_staging`; the job moves one range of
 * them into `ad_audience_keys` in a single statement; a delete is a few statements whatever the
 * audience's size. No statement runs per key.
 */

export interface AudienceRow {
  id: number;
  system_id: number;
  company_id: number;
  agency_id: number;
  uploaded_by: number | null;
  name: string;
  key_kind: AudienceKeyKind;
  file_name: string;
  status: AudienceStatus;
  rows_read: number;
  /** `keys_accepted`, named for the shared merge runner. */
  accepted_rows: number;
  bad_line_count: number;
  bad_lines: BadLine[];
  merged_rows: number;
  merged_ranges: number[];
  keys_stored: number;
  error: string | null;
  platform_audience_id: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

/** A merge leases its audience this long; another worker takes it over once the lease is out. */
export const MERGE_LEASE_SECONDS = 60;
/** An audience still `receiving` this long after it began was abandoned (its request died). */
const ABANDONED_AFTER = '1 hour';
export const STAGED_KEYS_LOST = 'The upload was interrupted by a database restart; upload the file again.';

const COLUMNS = sql`a.id, a.system_id, a.company_id, a.agency_id, a.uploaded_by, a.name, a.key_kind,
  a.file_name, a.status, a.rows_read, a.keys_accepted as accepted_rows, a.bad_line_count, a.bad_lines,
  a.merged_rows, a.merged_ranges, a.keys_stored, a.error, a.platform_audience_id, a.created_at,
  a.finished_at`;

const normalize = (row: AudienceRow): AudienceRow => ({
  ...row,
  id: Number(row.id),
  company_id: Number(row.company_id),
  agency_id: Number(row.agency_id),
  merged_ranges: (row.merged_ranges ?? []).map(Number),
});

export function createAudienceRepository(db: Database) {
  const rows = async (query: ReturnType<typeof sql>) =>
    (await queryRows<AudienceRow>(db, query)).map(normalize);

  return {
    async create(a: {
      systemId: number;
      companyId: number;
      agencyId: number;
      uploadedBy: number;
      name: string;
      keyKind: AudienceKeyKind;
      fileName: string;
    }): Promise<number> {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into ad_audiences (system_id, company_id, agency_id, uploaded_by, name, key_kind, file_name)
            values (${a.systemId}, ${a.companyId}, ${a.agencyId}, ${a.uploadedBy}, ${a.name}, ${a.keyKind},
                    ${a.fileName})
            returning id`,
      );
      return Number(row?.id);
    },

    /** The request is done reading: `receiving` → `processing` with its counts; false when deleted meanwhile. */
    async finishReceiving(
      id: number,
      c: { total: number; accepted: number; rejected: number; badLines: BadLine[] },
    ): Promise<boolean> {
      const done = await queryRows<{ id: number }>(
        db,
        sql`update ad_audiences
               set status = 'processing', rows_read = ${c.total}, keys_accepted = ${c.accepted},
                   bad_line_count = ${c.rejected}, bad_lines = ${JSON.stringify(c.badLines)}::jsonb
             where id = ${id} and status = 'receiving' returning id`,
      );
      return done.length > 0;
    },

    /** An upload refused while it was read: nothing of it stays. */
    async discard(id: number): Promise<void> {
      await db.execute(sql`delete from ad_audience_staging where audience_id = ${id}`);
      await db.execute(sql`delete from ad_audiences where id = ${id} and status = 'receiving'`);
    },

    /** Audiences whose request died mid-way: their staged keys go, they are marked failed. */
    async sweepAbandoned(): Promise<void> {
      const gone = await queryRows<{ id: number }>(
        db,
        sql`update ad_audiences set status = 'failed', finished_at = now(), error = 'The upload did not finish.'
             where status = 'receiving' and created_at < now() - ${ABANDONED_AFTER}::interval returning id`,
      );
      for (const { id } of gone)
        await db.execute(sql`delete from ad_audience_staging where audience_id = ${id}`);
    },

    /** Takes an audience to merge: processing with no lease, or with its lease out (its worker died). */
    async claim(id: number): Promise<AudienceRow | null> {
      const [row] = await rows(
        sql`update ad_audiences a
               set lease_until = now() + ${`${MERGE_LEASE_SECONDS} seconds`}::interval
             where a.id = ${id} and a.status = 'processing'
               and (a.lease_until is null or a.lease_until < now())
           returning ${COLUMNS}`,
      );
      return row ?? null;
    },

    async busy(id: number): Promise<boolean> {
      const [row] = await queryRows<{ busy: boolean }>(
        db,
        sql`select (status = 'processing' and lease_until >= now()) as busy from ad_audiences where id = ${id}`,
      );
      return row?.busy === true;
    },

    /**
     * Moves staged keys `seq` in (from, to] into the audience in one transaction, holding the
     * audience's row (a delete waits for the range in flight; a range after it finds no row). False
     * when the audience is gone or no longer processing: nothing is moved.
     */
    async mergeRange(audience: AudienceRow, from: number, to: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [held] = await queryRows<{ status: string }>(
          tx,
          sql`select status from ad_audiences where id = ${audience.id} for key share`,
        );
        if (held?.status !== 'processing') return false;
        // Keys go in in key order: the index then grows at a few places instead of random pages.
        const [counts] = await queryRows<{ taken: number; added: number }>(
          tx,
          sql`with taken as (
                delete from ad_audience_staging
                 where audience_id = ${audience.id} and seq > ${from} and seq <= ${to}
                returning md5
              ), put as (
                insert into ad_audience_keys (audience_id, md5)
                select ${audience.id}::bigint, d.md5 from (select distinct md5 from taken) d order by d.md5
                on conflict do nothing
                returning 1
              )
              select (select count(*) from taken)::int as taken, (select count(*) from put)::int as added`,
        );
        // The staging table is unlogged: a range that comes back short was lost in a crash.
        if (Number(counts?.taken ?? 0) !== to - from) throw new StagedRowsLostError(audience.id);
        await tx.execute(
          sql`update ad_audiences
                 set merged_rows = merged_rows + ${to - from},
                     merged_ranges = array_append(merged_ranges, ${from}::int),
                     keys_stored = keys_stored + ${Number(counts?.added ?? 0)},
                     lease_until = now() + ${`${MERGE_LEASE_SECONDS} seconds`}::interval
               where id = ${audience.id}`,
        );
        return true;
      });
    },

    async finish(id: number, outcome: { status: 'done' } | { status: 'failed'; error: string }) {
      const failed = outcome.status === 'failed';
      await db.execute(
        sql`update ad_audiences
               set status = ${failed ? 'failed' : 'ready'}, finished_at = now(), lease_until = null,
                   error = ${failed ? outcome.error : null}
             where id = ${id} and status = 'processing'`,
      );
      if (failed) {
        // A failed audience keeps none of its keys: a campaign never targets half a list.
        await db.execute(sql`delete from ad_audience_staging where audience_id = ${id}`);
        await db.execute(sql`delete from ad_audience_keys where audience_id = ${id}`);
      }
    },

    async one(id: number): Promise<AudienceRow | null> {
      const [row] = await rows(sql`select ${COLUMNS} from ad_audiences a where a.id = ${id}`);
      return row ?? null;
    },

    async byIds(ids: readonly number[]): Promise<AudienceRow[]> {
      if (ids.length === 0) return [];
      return rows(
        sql`select ${COLUMNS} from ad_audiences a
             where a.id = any(${`{${ids.join(',')}}`}::bigint[]) order by a.id`,
      );
    },

    /** A company's audiences, newest first; an agency's include its clients' when asked. */
    async ofCompany(companyId: number, withClients: boolean): Promise<AudienceRow[]> {
      return rows(
        sql`select ${COLUMNS} from ad_audiences a
             where ${withClients ? sql`a.agency_id = ${companyId}` : sql`a.company_id = ${companyId}`}
             order by a.created_at desc, a.id desc`,
      );
    },

    /** The campaigns each audience is attached to. */
    async campaignsOf(audienceIds: readonly number[]): Promise<Map<number, number[]>> {
      const found = new Map<number, number[]>();
      if (audienceIds.length === 0) return found;
      const links = await queryRows<{ audience_id: number; campaign_id: number }>(
        db,
        sql`select audience_id, campaign_id from ad_campaign_audiences
             where audience_id = any(${`{${audienceIds.join(',')}}`}::bigint[]) order by campaign_id`,
      );
      for (const l of links) {
        const id = Number(l.audience_id);
        found.set(id, [...(found.get(id) ?? []), Number(l.campaign_id)]);
      }
      return found;
    },

    /**
     * Deletes an audience with its keys and staged rows, unless a campaign uses it (checked in the same
     * transaction, holding the row, so an attach cannot slip in between). Answers the campaigns that
     * hold it (nothing deleted), or null once deleted.
     */
    async delete(id: number): Promise<{ usedBy: number[] } | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from ad_audiences where id = ${id} for update`);
        const used = await queryRows<{ campaign_id: number }>(
          tx,
          sql`select campaign_id from ad_campaign_audiences where audience_id = ${id} order by campaign_id`,
        );
        if (used.length > 0) return { usedBy: used.map((u) => Number(u.campaign_id)) };
        await tx.execute(sql`delete from ad_audience_staging where audience_id = ${id}`);
        await tx.execute(sql`delete from ad_audience_keys where audience_id = ${id}`);
        await tx.execute(sql`delete from ad_audiences where id = ${id}`);
        return null;
      });
    },

    /** One page of an audience's keys in key order after `after` (keyset paging). */
    async keysAfter(id: number, after: string, limit: number): Promise<string[]> {
      const page = await queryRows<{ md5: string }>(
        db,
        sql`select md5 from ad_audience_keys where audience_id = ${id} and md5 > ${after}
             order by md5 limit ${limit}`,
      );
      return page.map((r) => r.md5);
    },

    async recordPlatformAudience(id: number, platformId: string | null): Promise<boolean> {
      const done = await queryRows<{ id: number }>(
        db,
        sql`update ad_audiences set platform_audience_id = ${platformId} where id = ${id} returning id`,
      );
      return done.length > 0;
    },

    /**
     * Attaches audiences to a campaign in one transaction, each held so a delete waits (once each).
     * False when one of them was deleted meanwhile: nothing is attached.
     */
    async attach(campaignId: number, audienceIds: readonly number[]): Promise<boolean> {
      if (audienceIds.length === 0) return true;
      const ids = `{${audienceIds.join(',')}}`;
      return db.transaction(async (tx) => {
        const held = await queryRows<{ id: number }>(
          tx,
          sql`select id from ad_audiences where id = any(${ids}::bigint[]) and status = 'ready'
               order by id for share`,
        );
        if (held.length !== audienceIds.length) return false;
        await tx.execute(
          sql`insert into ad_campaign_audiences (campaign_id, audience_id)
              select ${campaignId}, a from unnest(${ids}::bigint[]) as a
              on conflict do nothing`,
        );
        return true;
      });
    },

    async detach(campaignId: number, audienceIds?: readonly number[]): Promise<number> {
      const gone = await queryRows<{ audience_id: number }>(
        db,
        sql`delete from ad_campaign_audiences where campaign_id = ${campaignId}
            ${audienceIds ? sql`and audience_id = any(${`{${audienceIds.join(',')}}`}::bigint[])` : sql``}
            returning audience_id`,
      );
      return gone.length;
    },

    async ofCampaign(campaignId: number): Promise<AudienceRow[]> {
      return rows(
        sql`select ${COLUMNS} from ad_audiences a
              join ad_campaign_audiences l on l.audience_id = a.id
             where l.campaign_id = ${campaignId} order by a.id`,
      );
    },
  };
}

export type AudienceRepository = ReturnType<typeof createAudienceRepository>;
