import type { Readable } from 'node:stream';
import { AUDIENCE_TEXTS, type AudienceKeyKind } from '@app/contracts';
import { classifySuppressionEntry } from '@app/lead-engine';
import { type KeyCsvCounts, type KeyCsvRules, md5Hex, parseKeyCsv } from '../../lib/key-uploads/index.js';

/*
 * What an audience file's cells may hold (decision 0114), read by the shared key reader
 * (`lib/key-uploads`, the exclusion lists' too). An e-mail file: addresses, trimmed and lowercased,
 * hashed with MD5 as they are read (the address itself goes nowhere). An MD5 file: 32 hexadecimal
 * digits, stored lowercased. The ad platform matches MD5s only, so a SHA-256 is not a key here, and a
 * file's rows are all of the kind chosen for it: a row of the other kind is a bad line, not a guess.
 */

const HEADER_NAMES = {
  email: /^(e-?mail|emails?|email_?address|e-?mail_?address|address)$/,
  md5: /^(md5|email_?md5|md5_?email|hash|hashed_?email|key)$/,
} satisfies Record<AudienceKeyKind, RegExp>;

const NOT_A_KEY = {
  email: 'Not an e-mail address',
  md5: 'Not an MD5 hash (32 hexadecimal digits)',
} satisfies Record<AudienceKeyKind, string>;

/** The reader's rules for a file of `kind`. */
export function audienceKeyRules(kind: AudienceKeyKind): KeyCsvRules {
  return {
    classify: (cell) => {
      const found = classifySuppressionEntry(cell, md5Hex);
      return found?.kind === kind ? found.key : null;
    },
    headerNames: HEADER_NAMES[kind],
    notAKey: NOT_A_KEY[kind],
    unnamedHeader: `${NOT_A_KEY[kind]}; read as a header row naming no ${kind === 'email' ? 'e-mail' : 'MD5'} column`,
    tooManyRows: AUDIENCE_TEXTS.tooManyRows,
    // A bad line is shown back with its excerpt; an address in it (an e-mail in an MD5 file, or a
    // malformed one) is not kept.
    redact: (excerpt) => excerpt.replace(/[^\s,;"'<>]*@[^\s,;"'<>]*/g, '[e-mail address]'),
  };
}

/** The accepted keys of an audience file as COPY lines `audienceId \t seq \t md5`, in chunks. */
export function parseAudienceFile(
  source: Readable,
  audience: { id: number; kind: AudienceKeyKind; limit: number; counts: KeyCsvCounts },
): AsyncIterable<string> {
  return parseKeyCsv(source, audience, audienceKeyRules(audience.kind));
}
