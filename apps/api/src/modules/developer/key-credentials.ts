import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * Client credentials and the access tokens they buy (decision 0100). The client id is public
 * (`lo_` + 16 random bytes); the secret is 32 random bytes, so a plain SHA-256 of it is as good as a
 * slow hash and lets a token exchange cost one look-up. Access tokens are JWTs (HS256) signed with a
 * key of their own — never the sign-in tokens' — that name the key; every call re-reads the key, so
 * a revoked key stops at once, whatever its tokens' expiry.
 */
export const newClientId = () => `lo_${randomBytes(16).toString('hex')}`;
export const newClientSecret = () => `los_${randomBytes(32).toString('base64url')}`;
export const secretSha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Compares a presented secret with the stored hash in constant time. */
export function secretMatches(presented: string, storedSha256: string): boolean {
  const a = Buffer.from(secretSha256(presented), 'hex');
  const b = Buffer.from(storedSha256, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const ISSUER = 'leadorbit';
const AUDIENCE = 'open-api';

export function createKeyTokens(options: { signingKey: string; ttlSeconds: number }) {
  const key = createHash('sha256').update(`open-api-tokens:${options.signingKey}`).digest();
  return {
    ttlSeconds: options.ttlSeconds,
    async issue(keyId: number, scopes: readonly string[]): Promise<string> {
      return new SignJWT({ scope: scopes.join(' ') })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(`key:${keyId}`)
        .setIssuedAt()
        .setJti(randomBytes(12).toString('base64url'))
        .setExpirationTime(`${options.ttlSeconds}s`)
        .sign(key);
    },
    /** The key a token names and its scopes, or null for anything not ours, altered or expired. */
    async verify(token: string): Promise<{ keyId: number; scopes: string[] } | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          typ: 'at+jwt',
        });
        const match = /^key:(\d{1,10})$/.exec(payload.sub ?? '');
        const scope = typeof payload.scope === 'string' ? payload.scope : '';
        return match ? { keyId: Number(match[1]), scopes: scope.split(' ').filter(Boolean) } : null;
      } catch {
        return null;
      }
    },
  };
}

export type KeyTokens = ReturnType<typeof createKeyTokens>;
