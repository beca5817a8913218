import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The vendor callback's signature (decision 0046): header `x-vendor-signature: t=<unix seconds>,
 * v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, the scheme payment gateways use. A missing or
 * malformed header, a wrong signature or a timestamp more than the tolerance away from now is
 * refused; a replay of a valid one is refused by the receipts table (the route's job).
 */

export const VENDOR_SIGNATURE_HEADER = 'x-vendor-signature';
export const VENDOR_SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureCheck = { ok: true; signature: string } | { ok: false; why: string };

const HEADER = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

export const signVendorBody = (secret: string, timestamp: number, rawBody: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

/** The header a vendor sends for this body at this time. */
export const vendorSignatureHeader = (secret: string, timestamp: number, rawBody: string): string =>
  `t=${timestamp},v1=${signVendorBody(secret, timestamp, rawBody)}`;

export function verifyVendorSignature(input: {
  secret: string;
  header: string | undefined;
  rawBody: string;
  nowSeconds: number;
  toleranceSeconds?: number;
}): SignatureCheck {
  const match = HEADER.exec((input.header ?? '').trim());
  if (!match) return { ok: false, why: 'The request is not signed.' };
  const timestamp = Number(match[1]);
  const given = Buffer.from(match[2] as string, 'hex');
  const expected = Buffer.from(signVendorBody(input.secret, timestamp, input.rawBody), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, why: 'The signature does not match the body.' };
  const tolerance = input.toleranceSeconds ?? VENDOR_SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs(input.nowSeconds - timestamp) > tolerance)
    return { ok: false, why: 'The signature is too old or from the future.' };
  return { ok: true, signature: match[2] as string };
}
