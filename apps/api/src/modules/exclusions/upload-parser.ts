import type { Readable } from 'node:stream';
import { classifySuppressionEntry } from '@app/lead-engine';
import {
  type KeyCsvCounts,
  KeyCsvRowLimitError,
  KeyCsvUnreadableError,
  md5Hex,
  parseKeyCsv,
} from '../../lib/key-uploads/index.js';

/*
 * Reads an uploaded exclusion CSV (decision 0092) with the shared key reader
 * (`lib/key-uploads`): an entry is an e-mail (trimmed and lowercased, stored as its MD5), an MD5 or
 * a SHA-256 (stored as given, lowercased); a header cell named like an e-mail or a hash column picks
 * the column.
 */

export type UploadCounts = KeyCsvCounts;
export { KeyCsvRowLimitError as UploadRowLimitError, KeyCsvUnreadableError as UploadUnreadableError };

const NOT_AN_ENTRY = 'Not an e-mail address, an MD5 or a SHA-256';
export const UNNAMED_HEADER =
  'Not an e-mail address, an MD5 or a SHA-256; read as a header row naming no e-mail or hash column';

const HEADER_NAMES =
  /^(e-?mail|email_?address|e-?mail_?address|emails?|md5|email_?md5|md5_?email|sha-?256|email_?sha-?256|sha256_?email|hash|hashed_?email|key)$/;

const EXCLUSION_RULES = {
  classify: (cell: string) => classifySuppressionEntry(cell, md5Hex)?.key ?? null,
  headerNames: HEADER_NAMES,
  notAKey: NOT_AN_ENTRY,
  unnamedHeader: UNNAMED_HEADER,
  tooManyRows: (limit: number) =>
    `This file holds more than ${limit.toLocaleString('en-US')} records; an upload may hold at most ${limit.toLocaleString('en-US')}.`,
};

/** The accepted keys of `source` as COPY lines `uploadId \t seq \t key`, in chunks (see `parseKeyCsv`). */
export function parseUpload(
  source: Readable,
  uploadId: number,
  limit: number,
  counts: UploadCounts,
): AsyncIterable<string> {
  return parseKeyCsv(source, { id: uploadId, limit, counts }, EXCLUSION_RULES);
}
