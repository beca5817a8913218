import { md5Hex } from './md5.js';
import { ACCEPT, reject, type StepResult } from './reasons.js';

/*
 * Steps 1 and 2 of the pipeline (product guide §2): the system's opt-out list, then the agency's,
 * the client's and the campaign's suppression lists. Every list holds MD5 keys: an entry uploaded
 * as a plain e-mail is stored as the MD5 of its normalised form (`suppressionKeyOf`), so a match is
 * a set lookup of the candidate's keys, whichever form either side came in.
 */

const MD5_HEX = /^[0-9a-f]{32}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;
/** One '@' with text either side and no spaces: enough to tell an e-mail from a hash or noise. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

/** The form an e-mail is hashed in: surrounding spaces removed, lowercased (nothing else changes). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** MD5 of the normalised e-mail: the key identities and lists meet on. */
export const emailMd5 = (email: string): string => md5Hex(normalizeEmail(email));

/** What one entry of an uploaded list is: an e-mail, an MD5 or a SHA-256 of one, or nothing usable. */
export type SuppressionEntryKind = 'email' | 'md5' | 'sha256';

/**
 * Reads one suppression-list entry (spec 2 §5: "entries are MD5-hashed or plain e-mails only"; issue
 * 22 adds SHA-256): an MD5 or a SHA-256 (any case, spaces around) as lowercase hex, an e-mail as the
 * MD5 of its normalised form, anything else null (the upload counts it as invalid, with its line).
 * `md5` is the hash function to use (the API passes node:crypto's; the default is this package's).
 */
export function classifySuppressionEntry(
  entry: string,
  md5: (text: string) => string = md5Hex,
): { kind: SuppressionEntryKind; key: string } | null {
  const text = entry.trim().toLowerCase();
  if (MD5_HEX.test(text)) return { kind: 'md5', key: text };
  if (SHA256_HEX.test(text)) return { kind: 'sha256', key: text };
  if (EMAIL_SHAPE.test(text)) return { kind: 'email', key: md5(text) };
  return null;
}

/** The stored key of one suppression-list entry, or null (see `classifySuppressionEntry`). */
export function suppressionKeyOf(entry: string): string | null {
  return classifySuppressionEntry(entry)?.key ?? null;
}

/**
 * Every key a candidate can be matched by: its MD5, the MD5 of each plain e-mail it carries and,
 * when a SHA-256 function is given (the API passes node:crypto's; this package stays free of it so
 * it runs in the browser), the SHA-256 of each of those e-mails, so a list uploaded as SHA-256
 * suppresses every candidate whose e-mail is known. An identity known only by its MD5 cannot be
 * matched by a SHA-256 entry: nothing links the two hashes.
 */
export function candidateKeys(
  candidate: { emailMd5: string; emails: readonly string[] },
  sha256?: (text: string) => string,
): string[] {
  const keys = new Set<string>([candidate.emailMd5.trim().toLowerCase()]);
  for (const email of candidate.emails) {
    if (!EMAIL_SHAPE.test(email.trim())) continue;
    keys.add(emailMd5(email));
    if (sha256) keys.add(sha256(normalizeEmail(email)));
  }
  return [...keys];
}

/**
 * The lists a candidate is checked against. The API passes what its lookup found (the keys of
 * `candidateKeys` present in each list); a test may pass whole lists: the step only asks `has`.
 */
export interface SuppressionLists {
  optOut: ReadonlySet<string>;
  agency: ReadonlySet<string>;
  client: ReadonlySet<string>;
  campaign: ReadonlySet<string>;
}

const anyIn = (keys: readonly string[], list: ReadonlySet<string>) => keys.some((key) => list.has(key));

/** Step 1: the system's opt-out list. */
export function checkOptOut(keys: readonly string[], optOut: ReadonlySet<string>): StepResult {
  return anyIn(keys, optOut) ? reject('opted_out') : ACCEPT;
}

/** Step 2: the suppression lists, agency first, then client, then campaign (the first hit is named). */
export function checkSuppression(
  keys: readonly string[],
  lists: Pick<SuppressionLists, 'agency' | 'client' | 'campaign'>,
): StepResult {
  if (anyIn(keys, lists.agency)) return reject('suppressed_agency');
  if (anyIn(keys, lists.client)) return reject('suppressed_client');
  if (anyIn(keys, lists.campaign)) return reject('suppressed_campaign');
  return ACCEPT;
}
