import { md5Hex } from './md5.js';
import { ACCEPT, reject, type StepResult } from './reasons.js';

/*
 * Steps 1 and 2 of the pipeline (product guide §2): the system's opt-out list, then the agency's,
 * the client's and the campaign's suppression lists. Every list holds MD5 keys: an entry uploaded
 * as a plain e-mail is stored as the MD5 of its normalised form (`suppressionKeyOf`), so a match is
 * a set lookup of the candidate's keys, whichever form either side came in.
 */

const MD5_HEX = /^[0-9a-f]{32}$/;
/** One '@' with text either side and no spaces: enough to tell an e-mail from a hash or noise. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

/** The form an e-mail is hashed in: surrounding spaces removed, lowercased (nothing else changes). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** MD5 of the normalised e-mail: the key identities and lists meet on. */
export const emailMd5 = (email: string): string => md5Hex(normalizeEmail(email));

/**
 * The stored key of one suppression-list entry (spec 2 §5: "entries are MD5-hashed or plain
 * e-mails only"): an MD5 (any case) as lowercase hex, an e-mail as the MD5 of its normalised form,
 * anything else null (the upload counts it as invalid and stores nothing for it).
 */
export function suppressionKeyOf(entry: string): string | null {
  const text = entry.trim().toLowerCase();
  if (MD5_HEX.test(text)) return text;
  if (EMAIL_SHAPE.test(text)) return md5Hex(text);
  return null;
}

/** Every key a candidate can be matched by: its MD5 and the MD5 of each plain e-mail it carries. */
export function candidateKeys(candidate: { emailMd5: string; emails: readonly string[] }): string[] {
  const keys = new Set<string>([candidate.emailMd5.trim().toLowerCase()]);
  for (const email of candidate.emails) if (EMAIL_SHAPE.test(email.trim())) keys.add(emailMd5(email));
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
