import { hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { BadLine } from '@app/contracts';
import { classifySuppressionEntry } from '@app/lead-engine';
import { CsvError, parse } from 'csv-parse';

/*
 * Reads an uploaded exclusion CSV as a stream (csv-parse: BOM, CRLF or LF, quoted fields, a header
 * row or none) and yields the accepted keys in COPY text chunks, counting what it reads (decision
 * 0092). Nothing is buffered but the current chunk: a million rows pass in constant memory.
 *
 * Which cell holds the entry: when the first row has no usable entry it is a header; a header cell
 * named like an e-mail or a hash column (`email`, `e-mail`, `md5`, `sha256`, `hash`, …) picks that
 * column, otherwise the first usable cell of each row counts and the header line is reported among
 * the rejected ones (it may be a stray line). E-mails are trimmed and lowercased
 * before hashing (MD5); MD5 and SHA-256 hex are stored as given, lowercased. A row with no usable
 * entry is rejected with its line number; blank rows are skipped; repeats collapse at the merge.
 */

/** The first bad lines kept for the report; `rejected` counts them all. */
export const BAD_LINES_KEPT = 100;
/** Rows per COPY chunk (PGlite copies one chunk per statement). */
const CHUNK_ROWS = 20_000;
/** One record may not exceed this (a 10 MB line is read and rejected as one bad row). */
const MAX_RECORD_BYTES = 32 * 1024 * 1024;
const SHOWN_TEXT = 80;
const NOT_AN_ENTRY = 'Not an e-mail address, an MD5 or a SHA-256';
export const UNNAMED_HEADER =
  'Not an e-mail address, an MD5 or a SHA-256; read as a header row naming no e-mail or hash column';

const HEADER_NAMES =
  /^(e-?mail|email_?address|e-?mail_?address|emails?|md5|email_?md5|md5_?email|sha-?256|email_?sha-?256|sha256_?email|hash|hashed_?email|key)$/;

export interface UploadCounts {
  total: number;
  accepted: number;
  rejected: number;
  badLines: BadLine[];
}

export class UploadRowLimitError extends Error {
  constructor(readonly limit: number) {
    super(
      `This file holds more than ${limit.toLocaleString('en-US')} records; an upload may hold at most ${limit.toLocaleString('en-US')}.`,
    );
  }
}

export class UploadUnreadableError extends Error {}

/** One-shot hashing: three times faster than `createHash` per e-mail (a million rows in well under a second). */
const md5 = (text: string) => hash('md5', text, 'hex');

/**
 * The accepted keys of `source` as COPY lines `uploadId \t seq \t key`, in chunks; `counts` is
 * filled as it goes and final once the iterable ends. Throws `UploadRowLimitError` past `limit`
 * data rows, `UploadUnreadableError` for a file csv-parse cannot read (with its line).
 */
export function parseUpload(
  source: Readable,
  uploadId: number,
  limit: number,
  counts: UploadCounts,
): AsyncIterable<string> {
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
          if (column !== null) return classifySuppressionEntry(cells[column] ?? '', md5);
          for (const cell of cells) {
            const found = classifySuppressionEntry(cell, md5);
            if (found) return found;
          }
          return null;
        };
        const entry = pick();
        let reason = NOT_AN_ENTRY;
        if (first) {
          first = false;
          if (!entry) {
            // A first row with nothing usable is a header: it may name the column to read. One that
            // names none may as well be a stray line: it is reported with the rejected ones, so a
            // file of one junk line says "nothing usable", not "empty".
            const named = cells.findIndex((cell) => HEADER_NAMES.test(cell.trim().toLowerCase()));
            column = named >= 0 ? named : null;
            if (named >= 0) continue;
            reason = UNNAMED_HEADER;
          }
        }
        counts.total += 1;
        if (counts.total > limit) throw new UploadRowLimitError(limit);
        if (!entry) {
          counts.rejected += 1;
          if (counts.badLines.length < BAD_LINES_KEPT)
            counts.badLines.push({ line, reason, text: shown(cells) });
          continue;
        }
        counts.accepted += 1;
        chunk.push(`${uploadId}\t${counts.accepted}\t${entry.key}\n`);
        if (chunk.length >= CHUNK_ROWS) {
          yield chunk.join('');
          chunk = [];
        }
      }
    } catch (err) {
      if (err instanceof CsvError)
        throw new UploadUnreadableError(
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

function shown(cells: readonly string[]): string {
  const text = cells.join(',');
  // Control characters (a binary file) are not echoed back.
  const clean = [...text.slice(0, SHOWN_TEXT * 2)]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c))
    .join('');
  return clean.length > SHOWN_TEXT ? `${clean.slice(0, SHOWN_TEXT)}…` : clean;
}
