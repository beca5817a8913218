import { type BadLine, DEFAULT_UPLOAD_ROW_LIMIT } from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import type { SQL } from 'drizzle-orm';
import { StagedRowsLostError } from '../../lib/key-uploads/index.js';
import type { SuppressionScope } from './list-target.js';

/*
 * Every statement of the exclusion lists (decision 0092). Set-based throughout: the request COPYs
 * its keys into `suppression_staging`; a merge moves one range of them into the list in a single
 * statement (delete from staging … returning → insert … on conflict do nothing); a purge is three
 * statements whatever the list's size. No statement runs per row.
 */

export interface ListKey {
  scope: SuppressionScope;
  ownerId: number;
}

export interface UploadRow {
  id: number;
  system_id: number;
  scope: SuppressionScope;
  owner_id: number;
  file_name: string;
  uploaded_by: number | null;
  status: 'receiving' | 'queued' | 'processing' | 'done' | 'failed' | 'purged';
  total_rows: number;
  accepted_rows: number;
  rejected_rows: number;
  bad_lines: BadLine[];
  merged_rows: number;
  merged_ranges: number[];
  added_rows: number;
  error: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

/** A merge leases its upload this long; another worker takes it over once the lease is out. */
export const MERGE_LEASE_SECONDS = 60;
/** An upload still `receiving` this long after it began was abandoned (its request died). */
const ABANDONED_AFTER = '1 hour';

const listIs = (list: ListKey, alias = sql``) =>
  sql`${alias}scope = ${list.scope} and ${alias}owner_id = ${list.ownerId}`;

/** An upload's advisory lock (ids past 2^31 share one: a wait, never a wrong answer): its merge ranges hold it shared, a purge exclusively. */
const uploadLock = (id: number | SQL) => sql`hashtext('suppression_upload'), ((${id}) % 2147483648)::int`;

const UPLOAD_COLUMNS = sql`u.id, u.system_id, u.scope, u.owner_id, u.file_name, u.status, u.total_rows,
  u.accepted_rows, u.rejected_rows, u.bad_lines, u.merged_rows, u.merged_ranges, u.added_rows, u.error, u.created_at,
  u.finished_at, u.uploaded_by`;

export const STAGED_ROWS_LOST = 'The upload was interrupted by a database restart; upload the file again.';

/** Lists the pipeline's keys are on: `{ scope, ownerId, key }` for each hit (one indexed read). */
export async function listedKeys(
  db: Database,
  keys: readonly string[],
): Promise<{ scope: string; ownerId: number; key: string }[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<{ scope: string; owner_id: number; md5: string }>(
    db,
    sql`select scope, owner_id, md5 from suppression_entries where md5 = any(${`{${keys.join(',')}}`}::text[])`,
  );
  return rows.map((r) => ({ scope: r.scope, ownerId: Number(r.owner_id), key: r.md5 }));
}

export function createExclusionRepository(db: Database) {
  return {
    async uploadRowLimit(systemId: number): Promise<number> {
      const [row] = await queryRows<{ upload_row_limit: number }>(
        db,
        sql`select upload_row_limit from suppression_settings where system_id = ${systemId}`,
      );
      return row ? Number(row.upload_row_limit) : DEFAULT_UPLOAD_ROW_LIMIT;
    },

    async setUploadRowLimit(systemId: number, limit: number): Promise<void> {
      await db.execute(
        sql`insert into suppression_settings (system_id, upload_row_limit) values (${systemId}, ${limit})
            on conflict (system_id) do update set upload_row_limit = excluded.upload_row_limit`,
      );
    },

    async entryCount(list: ListKey): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from suppression_entries where ${listIs(list)}`,
      );
      return Number(row?.n ?? 0);
    },

    async createUpload(u: ListKey & { systemId: number; fileName: string; uploadedBy: number }) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into suppression_uploads (system_id, scope, owner_id, file_name, uploaded_by)
            values (${u.systemId}, ${u.scope}, ${u.ownerId}, ${u.fileName}, ${u.uploadedBy}) returning id`,
      );
      return Number(row?.id);
    },

    /** The request is done reading: `receiving` → `queued` with its counts; false when purged meanwhile. */
    async finishReceiving(
      id: number,
      c: { total: number; accepted: number; rejected: number; badLines: BadLine[] },
    ): Promise<boolean> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update suppression_uploads
               set status = 'queued', total_rows = ${c.total}, accepted_rows = ${c.accepted},
                   rejected_rows = ${c.rejected}, bad_lines = ${JSON.stringify(c.badLines)}::jsonb
             where id = ${id} and status = 'receiving' returning id`,
      );
      return rows.length > 0;
    },

    /** An upload refused while it was read: nothing of it stays. */
    async discard(id: number): Promise<void> {
      await db.execute(sql`delete from suppression_staging where upload_id = ${id}`);
      await db.execute(
        sql`delete from suppression_uploads where id = ${id} and status in ('receiving', 'purged')`,
      );
    },

    /** Uploads whose request died mid-way (any list): their staged rows go, they are marked failed. */
    async sweepAbandoned(): Promise<void> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update suppression_uploads set status = 'failed', finished_at = now(),
                   error = 'The upload did not finish.'
             where status = 'receiving' and created_at < now() - ${ABANDONED_AFTER}::interval returning id`,
      );
      for (const { id } of rows)
        await db.execute(sql`delete from suppression_staging where upload_id = ${id}`);
    },

    /** Takes an upload to merge: queued, or processing with its lease out (its worker died). */
    async claim(id: number): Promise<UploadRow | null> {
      const [row] = await queryRows<UploadRow>(
        db,
        sql`update suppression_uploads u
               set status = 'processing', lease_until = now() + ${`${MERGE_LEASE_SECONDS} seconds`}::interval
             where u.id = ${id}
               and (u.status = 'queued' or (u.status = 'processing' and u.lease_until < now()))
           returning ${UPLOAD_COLUMNS}`,
      );
      return row ?? null;
    },

    async status(id: number): Promise<UploadRow['status'] | null> {
      const [row] = await queryRows<{ status: UploadRow['status'] }>(
        db,
        sql`select status from suppression_uploads where id = ${id}`,
      );
      return row?.status ?? null;
    },

    /**
     * Merges staged keys `seq` in (from, to] into the list in one transaction. Two ranges of an
     * upload may merge at once (each holds the upload's lock shared); a purge takes it exclusively,
     * so it waits for the ranges in flight and a range after it finds the upload purged. False when
     * the upload is no longer processing: nothing is merged.
     */
    async mergeRange(upload: UploadRow, from: number, to: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock_shared(${uploadLock(upload.id)})`);
        const [held] = await queryRows<{ status: string }>(
          tx,
          sql`select status from suppression_uploads where id = ${upload.id}`,
        );
        if (held?.status !== 'processing') return false;
        // Keys go in in key order: the list's indexes then grow at a few places instead of at
        // random pages (a million keys merge several times faster).
        const [counts] = await queryRows<{ taken: number; added: number }>(
          tx,
          sql`with taken as (
                delete from suppression_staging
                 where upload_id = ${upload.id} and seq > ${from} and seq <= ${to}
                returning md5
              ), put as (
                insert into suppression_entries (scope, owner_id, md5, upload_id)
                select ${upload.scope}, ${upload.owner_id}::int, d.md5, ${upload.id}::bigint
                  from (select distinct md5 from taken) d order by d.md5
                on conflict do nothing
                returning 1
              )
              select (select count(*) from taken)::int as taken, (select count(*) from put)::int as added`,
        );
        // The staging table is unlogged (no WAL for rows that live seconds): a database crash
        // empties it. A range that comes back short was lost so; the range is rolled back and the
        // upload failed, never finished with rows missing.
        if (Number(counts?.taken ?? 0) !== to - from) throw new StagedRowsLostError(upload.id);
        // The two ranges in flight take turns on the row here (neither holds it before).
        await tx.execute(
          sql`update suppression_uploads
                 set merged_rows = merged_rows + ${to - from},
                     merged_ranges = array_append(merged_ranges, ${from}::int),
                     added_rows = added_rows + ${Number(counts?.added ?? 0)},
                     lease_until = now() + ${`${MERGE_LEASE_SECONDS} seconds`}::interval
               where id = ${upload.id}`,
        );
        return true;
      });
    },

    async finish(id: number, outcome: { status: 'done' } | { status: 'failed'; error: string }) {
      await db.execute(
        sql`update suppression_uploads
               set status = ${outcome.status}, finished_at = now(), lease_until = null,
                   error = ${outcome.status === 'failed' ? outcome.error : null}
             where id = ${id} and status = 'processing'`,
      );
      if (outcome.status === 'failed')
        await db.execute(sql`delete from suppression_staging where upload_id = ${id}`);
    },

    /**
     * The list's jobs for the progress call: those still on their way, and each finished one exactly
     * once (the call that reports it stamps `reported_at`; later calls no longer see it).
     */
    async progress(list: ListKey): Promise<{ rows: UploadRow[]; running: number }> {
      const running = await queryRows<UploadRow>(
        db,
        sql`select ${UPLOAD_COLUMNS} from suppression_uploads u
             where ${listIs(list, sql`u.`)} and u.status in ('receiving', 'queued', 'processing')
             order by u.id`,
      );
      const finished = await queryRows<UploadRow>(
        db,
        sql`update suppression_uploads u set reported_at = now()
             where ${listIs(list, sql`u.`)} and u.status in ('done', 'failed') and u.reported_at is null
               and u.finished_at > now() - interval '1 day'
           returning ${UPLOAD_COLUMNS}`,
      );
      return { rows: [...running, ...finished].sort((a, b) => a.id - b.id), running: running.length };
    },

    async uploads(list: ListKey, limit = 50): Promise<UploadRow[]> {
      return queryRows<UploadRow>(
        db,
        sql`select ${UPLOAD_COLUMNS} from suppression_uploads u
             where ${listIs(list, sql`u.`)} order by u.id desc limit ${limit}`,
      );
    },

    /**
     * Empties a list: uploads still on their way are marked purged first (waiting for a merge step
     * in flight), their staged rows and the list's entries deleted, all in one transaction.
     */
    async purge(list: ListKey): Promise<{ purged: number; cancelledUploads: number }> {
      return db.transaction(async (tx) => {
        // The merges in flight finish first (each holds its upload's lock shared); ranges after
        // this find their upload purged.
        await tx.execute(
          sql`select pg_advisory_xact_lock(${uploadLock(sql`id`)}) from suppression_uploads
               where ${listIs(list)} and status = 'processing' order by id`,
        );
        const cancelled = await queryRows<{ id: number }>(
          tx,
          sql`update suppression_uploads set status = 'purged', finished_at = now(), lease_until = null
               where ${listIs(list)} and status in ('receiving', 'queued', 'processing') returning id`,
        );
        if (cancelled.length > 0)
          await tx.execute(
            sql`delete from suppression_staging
                 where upload_id = any(${`{${cancelled.map((c) => c.id).join(',')}}`}::bigint[])`,
          );
        const [deleted] = await queryRows<{ n: number }>(
          tx,
          sql`with gone as (delete from suppression_entries where ${listIs(list)} returning 1)
              select count(*)::int as n from gone`,
        );
        return { purged: Number(deleted?.n ?? 0), cancelledUploads: cancelled.length };
      });
    },

    /** One page of a list's keys in key order, after `after` (keyset paging for the download). */
    async keysAfter(list: ListKey, after: string, limit: number): Promise<string[]> {
      const rows = await queryRows<{ md5: string }>(
        db,
        sql`select md5 from suppression_entries where ${listIs(list)} and md5 > ${after}
             order by md5 limit ${limit}`,
      );
      return rows.map((r) => r.md5);
    },

    /** A page of a list's entries with when each was added, in key order after `after` (Open API). */
    async entriesAfter(list: ListKey, after: string, limit: number) {
      return queryRows<{ md5: string; created_at: Date | string }>(
        db,
        sql`select md5, created_at from suppression_entries where ${listIs(list)} and md5 > ${after}
             order by md5 limit ${limit}`,
      );
    },

    /**
     * Adds keys to a list in one statement (the Open API's few at a time; uploads go through COPY
     * and the merge). Waits for no upload: an entry is a set member, so adding it twice is harmless.
     */
    async addEntries(list: ListKey, keys: readonly string[]): Promise<number> {
      if (keys.length === 0) return 0;
      const rows = await queryRows<{ md5: string }>(
        db,
        sql`insert into suppression_entries (scope, owner_id, md5)
             select ${list.scope}, ${list.ownerId}, k from unnest(${sql.param([...keys])}::text[]) as k
             on conflict do nothing returning md5`,
      );
      return rows.length;
    },

    /** Which of these lists hold the key. */
    async holding(lists: readonly ListKey[], key: string): Promise<ListKey[]> {
      if (lists.length === 0) return [];
      const rows = await queryRows<{ scope: SuppressionScope; owner_id: number }>(
        db,
        sql`select scope, owner_id from suppression_entries
             where md5 = ${key} and (${sql.join(
               lists.map((l) => sql`(${listIs(l)})`),
               sql` or `,
             )})`,
      );
      return rows.map((r) => ({ scope: r.scope, ownerId: Number(r.owner_id) }));
    },
  };
}

export type ExclusionRepository = ReturnType<typeof createExclusionRepository>;
