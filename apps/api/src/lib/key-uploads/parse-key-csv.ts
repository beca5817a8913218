import { hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { BadLine } from '@app/contracts';
import { CsvError, parse } from 'csv-parse';

/*
 * Reads an uploaded CSV of keys (e-mail addresses and hashes) as a stream (csv-parse: BOM, CRLF or
 * LF, quoted fields, a header row or none) and yields the accepted keys in COPY text chunks,
 * counting what it reads. Nothing is buffered but the current chunk: a million rows pass in
 * constant memory. Shared by the exclusion lists (decision 0092) and the ad platform's audiences
 * (decision 0114); each says which cells it accepts (`classify`) and how a header names its column.
 *
 * Which cell holds the key: when the first row has no usable key it is a header; a header cell the
 * caller's `headerNames` matches picks that column, otherwise the first usable cell of each row
 * counts and the header line is reported among the rejected ones (it may be a stray line). A row
 * with no usable key is rejected with its line number; blank rows are skipped; repeats are left for
 * the merge to collapse.
 */

/** The first bad lines kept for the report; `rejected` counts them all. */
export const BAD_LINES_KEPT = 100;
/** Rows per COPY chunk (PGlite copies one chunk per statement). */
const CHUNK_ROWS = 20_000;
/** One record may not exceed this (a 10 MB line is read and rejected as one bad row). */
const MAX_RECORD_BYTES = 32 * 1024 * 1024;
const SHOWN_TEXT = 80;

export interface KeyCsvCounts {
  total: number;
  accepted: number;
  rejected: number;
  badLines: BadLine[];
}

/** More data rows than the upload may hold; `message` says so in the caller's words. */
export class KeyCsvRowLimitError extends Error {
  constructor(
    readonly limit: number,
    message: string,
  ) {
    super(message);
  }
}

/** A file csv-parse cannot read (the message names the line). */
export class KeyCsvUnreadableError extends Error {}

/** One-shot hashing: three times faster than `createHash` per e-mail (a million rows in well under a second). */
export const md5Hex = (text: string) => hash('md5', text, 'hex');

export interface KeyCsvRules {
  /** The stored key of one cell (lowercase hex), or null when the cell holds no usable key. */
  classify: (cell: string) => string | null;
  /** A header cell naming the key's column. */
  headerNames: RegExp;
  /** The reason a row without a usable key is reported with. */
  notAKey: string;
  /** The reason a first row naming no key column is reported with. */
  unnamedHeader: string;
  /** The refusal past the row limit. */
  tooManyRows: (limit: number) => string;
  /** What of a bad line's excerpt may be kept (the audiences keep no e-mail address, even a misplaced one). */
  redact?: (excerpt: string) => string;
}

/**
 * The accepted keys of `source` as COPY lines `uploadId \t seq \t key`, in chunks; `counts` is
 * filled as it goes and final once the iterable ends. Throws `KeyCsvRowLimitError` past `limit`
 * data rows, `KeyCsvUnreadableError` for a file csv-parse cannot read (with its line).
 */
export function parseKeyCsv(
  source: Readable,
  upload: { id: number; limit: number; counts: KeyCsvCounts },
  rules: KeyCsvRules,
): AsyncIterable<string> {
  const { id: uploadId, limit, counts } = upload;
  // Line numbers are counted here, not by csv-parse's `info` (which copies an object per record and
  // made a million rows five times slower): blank lines come through as records and are skipped
  // below, and a quoted field's line breaks are counted from its text.
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);

  return (async function* () {
    let column: number | null = null;
    let first = true;
    let chunk: string[] = [];
    /** The line the next record starts on. */
    let nextLine = 1;
    try {
      for await (const cells of parser as AsyncIterable<string[]>) {
        const line = nextLine;
        nextLine += 1;
        for (const cell of cells)
          for (let i = cell.indexOf('\n'); i >= 0; i = cell.indexOf('\n', i + 1)) nextLine += 1;
        if (cells.every((cell) => cell.trim() === '')) continue;
        const pick = () => {
          if (column !== null) return rules.classify(cells[column] ?? '');
          for (const cell of cells) {
            const found = rules.classify(cell);
            if (found) return found;
          }
          return null;
        };
        const key = pick();
        let reason = rules.notAKey;
        if (first) {
          first = false;
          if (!key) {
            // A first row with nothing usable is a header: it may name the column to read. One that
            // names none may as well be a stray line: it is reported with the rejected ones, so a
            // file of one junk line says "nothing usable", not "empty".
            const named = cells.findIndex((cell) => rules.headerNames.test(cell.trim().toLowerCase()));
            column = named >= 0 ? named : null;
            if (named >= 0) continue;
            reason = rules.unnamedHeader;
          }
        }
        counts.total += 1;
        if (counts.total > limit) throw new KeyCsvRowLimitError(limit, rules.tooManyRows(limit));
        if (!key) {
          counts.rejected += 1;
          if (counts.badLines.length < BAD_LINES_KEPT)
            counts.badLines.push({ line, reason, text: shown(cells, rules.redact) });
          continue;
        }
        counts.accepted += 1;
        chunk.push(`${uploadId}\t${counts.accepted}\t${key}\n`);
        if (chunk.length >= CHUNK_ROWS) {
          yield chunk.join('');
          chunk = [];
        }
      }
    } catch (err) {
      if (err instanceof CsvError)
        throw new KeyCsvUnreadableError(
          `Line ${(err as CsvError & { lines?: number }).lines ?? '?'} could not be read: ${err.message}`,
        );
      throw err;
    } finally {
      // Stop reading when the consumer stops early (a limit, a failed COPY): the rest is not needed.
      // The rest of the request body is read and dropped, so the multipart form still ends.
      if (!source.readableEnded) {
        source.unpipe(parser);
        source.resume();
      }
      parser.destroy();
    }
    if (chunk.length > 0) yield chunk.join('');
  })();
}

function shown(cells: readonly string[], redact: (excerpt: string) => string = (t) => t): string {
  const text = redact(cells.join(','));
  // Control characters (a binary file) are not echoed back.
  const clean = [...text.slice(0, SHOWN_TEXT * 2)]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c))
    .join('');
  return clean.length > SHOWN_TEXT ? `${clean.slice(0, SHOWN_TEXT)}…` : clean;
}
