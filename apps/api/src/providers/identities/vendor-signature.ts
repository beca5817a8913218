import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The vendor callback's signature (decision 0044). A vendor pushing identities signs each delivery
 * as Stripe signs webhooks: header `x-vendor-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">`. Several v1 values may be sent (the vendor signs with the old and the new
 * secret while a secret is rotated), and we may hold several secrets; any pair matching is enough.
 * The timestamp must lie within five minutes of now, either side; a delivery already accepted is a
 * replay (that needs storage: `vendor-callback-nonces.ts`).
 */

export const VENDOR_SIGNATURE_HEADER = 'x-vendor-signature';
export const VENDOR_SIGNATURE_TOLERANCE_SECONDS = 300;
const MAX_HEADER_LENGTH = 2_000;
const MAX_SIGNATURES = 8;
const HEX_SHA256 = /^[0-9a-f]{64}$/;

export type VendorSignatureFailure =
  | 'missing'
  | 'malformed'
  | 'mismatch'
  | 'stale'
  | 'future'
  | 'replayed'
  | 'no_secret';

const MESSAGES: Record<VendorSignatureFailure, string> = {
  missing: `Missing ${VENDOR_SIGNATURE_HEADER} header.`,
  malformed: `Malformed ${VENDOR_SIGNATURE_HEADER} header: expected t=<unix seconds>,v1=<hex HMAC-SHA256>.`,
  mismatch: 'The vendor signature does not match the body.',
  stale: `The vendor signature is more than ${VENDOR_SIGNATURE_TOLERANCE_SECONDS} seconds old.`,
  future: `The vendor signature is dated more than ${VENDOR_SIGNATURE_TOLERANCE_SECONDS} seconds ahead.`,
  replayed: 'This signed delivery was accepted before.',
  no_secret: 'No vendor callback secret is configured.',
};

/** A callback that is not authentic, fresh and new: answer 401 and store nothing. */
export class VendorSignatureError extends Error {
  constructor(readonly reason: VendorSignatureFailure) {
    super(MESSAGES[reason]);
    this.name = 'VendorSignatureError';
  }
}

const hmacHex = (secret: string, timestamp: number, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');

/** The header a vendor (or a test playing one) sends for a body at a time. */
export function signVendorCallback(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
}

/** What an authentic delivery is remembered by: SHA-256 of "<t>.<raw body>", whichever secret signed it. */
export function deliveryDigest(timestamp: number, rawBody: string): string {
  return createHash('sha256').update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

function parseHeader(header: string): { timestamp: number; signatures: Buffer[] } {
  if (header.length > MAX_HEADER_LENGTH) throw new VendorSignatureError('malformed');
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [name, value, extra] = part.trim().split('=');
    if (value === undefined || extra !== undefined) throw new VendorSignatureError('malformed');
    if (name === 't') {
      if (timestamp !== null || !/^\d{1,12}$/.test(value)) throw new VendorSignatureError('malformed');
      timestamp = Number.parseInt(value, 10);
    } else if (name === 'v1') {
      if (!HEX_SHA256.test(value)) throw new VendorSignatureError('malformed');
      signatures.push(Buffer.from(value, 'hex'));
    }
    // Other schemes (v0…) are ignored, as Stripe ignores them: a vendor may add one later.
  }
  if (timestamp === null || signatures.length === 0 || signatures.length > MAX_SIGNATURES)
    throw new VendorSignatureError('malformed');
  return { timestamp, signatures };
}

export interface VerifiedSignature {
  /** The signed time, unix seconds. */
  timestamp: number;
  /** The delivery's digest, for replay protection. */
  digest: string;
}

/**
 * Checks that the header signs exactly this raw body with one of the secrets, within the tolerance
 * of `now`. Pure: replay is the caller's next step (`verifyVendorCallback` does both). Every
 * comparison of signatures is constant-time, and every signature is compared to every secret.
 */
export function verifyVendorSignature(
  rawBody: string,
  header: string | undefined,
  secrets: readonly string[],
  now: Date,
): VerifiedSignature {
  const usable = secrets.filter((secret) => secret.length > 0);
  if (usable.length === 0) throw new VendorSignatureError('no_secret');
  if (header === undefined || header.trim() === '') throw new VendorSignatureError('missing');
  const { timestamp, signatures } = parseHeader(header);
  let matched = false;
  for (const secret of usable) {
    const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'hex');
    for (const given of signatures) if (timingSafeEqual(given, expected)) matched = true;
  }
  if (!matched) throw new VendorSignatureError('mismatch');
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (timestamp < nowSeconds - VENDOR_SIGNATURE_TOLERANCE_SECONDS) throw new VendorSignatureError('stale');
  if (timestamp > nowSeconds + VENDOR_SIGNATURE_TOLERANCE_SECONDS) throw new VendorSignatureError('future');
  return { timestamp, digest: deliveryDigest(timestamp, rawBody) };
}
