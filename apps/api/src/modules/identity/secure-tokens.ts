import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An unguessable token for a browser to hold (256 bits, base64url); only its hash is stored. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/**
 * The refresh token that replaces `token` when it is rotated: derived, not drawn, so that a second
 * rotation of the same token (its first answer never reached the browser) hands out the same successor
 * instead of a second branch of the session. Unguessable without the server's key.
 */
export const successorToken = (key: Uint8Array, token: string): string =>
  createHmac('sha256', key).update(`refresh-successor:${token}`).digest('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Six random digits for an e-mailed sign-in code. */
export const newSixDigitCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/**
 * Codes have little entropy, so they are stored as an HMAC with a server secret: a leaked table does
 * not give them away to an offline search. Bound to the challenge so a code fits one login only.
 */
export const codeDigest = (key: string, challengeId: string, code: string): string =>
  createHmac('sha256', key).update(`${challengeId}:${code}`).digest('hex');

export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
