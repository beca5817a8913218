import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { systems } from './tenancy.js';
import { users } from './users.js';

/*
 * Exclusion (suppression) lists (issue 22, decision 0092), owned by the exclusions module: the
 * entries the lead pipeline checks, the uploads that fill them, the rows an upload stages in the
 * database on its way in, and each system's upload limit. Nothing of an upload lives on one
 * process's disk: the request streams the file into `suppression_staging` with COPY and any
 * worker merges it into `suppression_entries`.
 */

const createdAt = () => timestamp({ withTimezone: true }).defaultNow().notNull();

/** Scopes of a list: the system's opt-out list, then an agency's, a client's, a campaign's. */
export const SUPPRESSION_SCOPES = ['opt_out', 'agency', 'client', 'campaign'] as const;

/**
 * One key on one list (decision 0037, 0092): the system's opt-out list (scope `opt_out`, owner =
 * system id), and the agency's, client's and campaign's lists (owner = company or campaign id).
 * `md5` holds the key as lowercase hex: the MD5 of a trimmed, lowercased e-mail (32 digits) or a
 * SHA-256 given as such (64 digits); an e-mail upload is stored as its MD5, which matches both the
 * identity key and the candidate's plain e-mails. `uploadId` is the upload that added it (null for
 * rows written before uploads existed).
 */
export const suppressionEntries = pgTable(
  'suppression_entries',
  {
    scope: text().notNull(),
    ownerId: integer().notNull(),
    md5: text().notNull(),
    createdAt: createdAt(),
    uploadId: bigint({ mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.ownerId, t.md5] }),
    // The pipeline asks once per batch which of its candidates' keys are on any list.
    index('suppression_entries_md5_idx').on(t.md5),
    check('suppression_entries_scope', sql`${t.scope} in ('opt_out', 'agency', 'client', 'campaign')`),
    // Written so for speed: the alternation '^([0-9a-f]{32}|[0-9a-f]{64})$' cost 2 of a million-row
    // merge's 9 seconds; a length test and a plain character class say the same.
    check('suppression_entries_md5', sql`length(${t.md5}) in (32, 64) and ${t.md5} ~ '^[0-9a-f]+$'`),
  ],
);

/**
 * One uploaded CSV: whose list, who sent it and when, what was read (rows, accepted, rejected with
 * the first bad lines and their line numbers) and where the merge stands. Statuses: `receiving`
 * (the request is still streaming it in), `queued`, `processing` (a worker merges it; `leaseUntil`
 * tells another worker when it may take over), `done`, `failed`, `purged` (the list was purged
 * before the upload finished: nothing of it stays).
 */
export const suppressionUploads = pgTable(
  'suppression_uploads',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    scope: text().notNull(),
    ownerId: integer().notNull(),
    fileName: text().notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    status: text().notNull().default('receiving'),
    /** Data rows read (header and blank lines not counted). */
    totalRows: integer().notNull().default(0),
    /** Rows that held an e-mail, an MD5 or a SHA-256. */
    acceptedRows: integer().notNull().default(0),
    /** Rows that held none of those. */
    rejectedRows: integer().notNull().default(0),
    /** The first bad lines: [{ line, reason, text }] (at most 100; `rejectedRows` counts them all). */
    badLines: jsonb().$type<{ line: number; reason: string; text: string }[]>().notNull().default([]),
    /** Accepted rows merged so far (the progress bar's current row). */
    mergedRows: integer().notNull().default(0),
    /**
     * The ranges merged so far, each by the `seq` it starts after (ranges of `MERGE_RANGE` keys,
     * merged two at a time in any order): a resumed merge skips them, and a missing range is lost.
     */
    mergedRanges: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** Keys the merge added to the list (the rest were repeated in the file or already listed). */
    addedRows: integer().notNull().default(0),
    error: text(),
    leaseUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
    /** When the progress call reported this upload done (100 % is reported exactly once). */
    reportedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('suppression_uploads_list_idx').on(t.scope, t.ownerId, t.createdAt),
    check(
      'suppression_uploads_status',
      sql`${t.status} in ('receiving', 'queued', 'processing', 'done', 'failed', 'purged')`,
    ),
    check('suppression_uploads_scope', sql`${t.scope} in ('opt_out', 'agency', 'client', 'campaign')`),
  ],
);

/**
 * The accepted keys of an upload on their way to the list, COPYed in by the request and numbered
 * 1, 2, … in file order (`seq`: the merge takes them in ranges and reports its progress in them;
 * no index but the one it walks), deleted as the merge takes them.
 */
export const suppressionStaging = pgTable(
  'suppression_staging',
  {
    uploadId: bigint({ mode: 'number' }).notNull(),
    seq: integer().notNull(),
    md5: text().notNull(),
  },
  (t) => [index('suppression_staging_upload_seq_idx').on(t.uploadId, t.seq)],
);

/** A system's own upload limit (spec 2 §9's 10,000 records when no row says otherwise). */
export const suppressionSettings = pgTable(
  'suppression_settings',
  {
    systemId: integer()
      .primaryKey()
      .references(() => systems.id),
    uploadRowLimit: integer().notNull(),
  },
  (t) => [check('suppression_settings_limit', sql`${t.uploadRowLimit} between 1 and 1000000`)],
);
