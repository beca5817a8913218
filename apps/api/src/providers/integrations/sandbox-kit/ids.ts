import { createHash, randomBytes } from 'node:crypto';

/*
 * Ids and secrets the integration sandboxes make (every provider's sandbox uses these; decision
 * 0103). Only SHA-256 hashes of keys, codes and tokens are ever stored.
 */

/** The hex SHA-256 of a key, code or token: what the sandbox tables keep instead of it. */
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** Random URL-safe text of `bytes` random bytes. */
export const randomText = (bytes: number) => randomBytes(bytes).toString('base64url');

/** A new bearer token or code with a recognisable prefix (`sbx_at_…`). */
export const newToken = (prefix: string) => `${prefix}${randomText(32)}`;

/** A new short id for a sandbox object (`sbx_ct_…`): letters and digits only after the prefix. */
export const newId = (prefix: string) => `${prefix}${randomText(9).replace(/[-_]/g, 'x')}`;
