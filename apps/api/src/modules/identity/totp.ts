import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;

/** RFC 6238 authenticator codes: SHA-1, 6 digits, 30-second steps, ±1 step of clock drift. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpFor(secret: string, label: string, issuer: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a code belongs to (within ±1 step of now), or null when it is not valid. */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret, 'x', 'x').validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}
