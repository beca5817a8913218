import { type Database, queryRows, sql } from '@app/db';
import {
  VENDOR_SIGNATURE_TOLERANCE_SECONDS,
  VendorSignatureError,
  type VerifiedSignature,
  verifyVendorSignature,
} from './vendor-signature.js';

/*
 * The vendor callback's door (decision 0044): a delivery is accepted when it is authentic, fresh and
 * new. The first two are the pure signature check; "new" needs memory — the digests of accepted
 * deliveries, kept while their timestamp could still pass the freshness check.
 */

/** A row outlives its timestamp's tolerance by this margin, so a fresh delivery always finds its twin. */
const RETENTION_MARGIN_SECONDS = 60;

export interface VendorCallbackNonces {
  /**
   * Records a delivery's digest; false when it was recorded before (a replay). Expired digests are
   * pruned in the same statement, so the table holds about five minutes of deliveries.
   */
  claim(digest: string, signedAt: Date, now: Date): Promise<boolean>;
}

export function createVendorCallbackNonces(db: Database): VendorCallbackNonces {
  return {
    async claim(digest, signedAt, now) {
      const expiresAt = new Date(
        signedAt.getTime() + (VENDOR_SIGNATURE_TOLERANCE_SECONDS + RETENTION_MARGIN_SECONDS) * 1000,
      );
      const rows = await queryRows<{ digest: string }>(
        db,
        sql`with pruned as (
              delete from vendor_callback_nonces where expires_at < ${now.toISOString()}::timestamptz
            )
            insert into vendor_callback_nonces (digest, signed_at, expires_at)
            values (${digest}, ${signedAt.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)
            on conflict (digest) do nothing
            returning digest`,
      );
      return rows.length === 1;
    },
  };
}

/**
 * The one check a vendor callback route makes before reading the body: signed by one of `secrets`
 * (current and previous, during a rotation), within five minutes of `now`, and not accepted before.
 * Throws `VendorSignatureError` (answer 401, store nothing) otherwise. The digest is recorded only
 * for a delivery that passed the other checks, so forged or stale requests leave no rows.
 */
export async function verifyVendorCallback(
  rawBody: string,
  header: string | undefined,
  secrets: readonly string[],
  now: Date,
  nonces: VendorCallbackNonces,
): Promise<VerifiedSignature> {
  const verified = verifyVendorSignature(rawBody, header, secrets, now);
  if (!(await nonces.claim(verified.digest, new Date(verified.timestamp * 1000), now)))
    throw new VendorSignatureError('replayed');
  return verified;
}
