import type { TokenResponse } from '@app/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { HttpError } from '../../http-errors.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { IdentityRepository } from './identity-repository.js';
import { newOpaqueToken, sha256, successorToken } from './secure-tokens.js';

const ISSUER = 'leadorbit';
export const audienceOf = (systemId: number) => `system:${systemId}`;

export interface TokenSettings {
  /** HS256 key (per deployment). */
  jwtKey: Uint8Array;
  accessTtlSeconds?: number;
  refreshTtlDays?: number;
  /**
   * A refresh token used again within this window (two tabs refreshing at once, or a page reloaded
   * before the first answer arrived) gets the same successor as its first use; after the window a
   * reuse revokes the family.
   */
  reuseGraceSeconds?: number;
}

export interface AccessTokenClaims {
  userId: number;
  systemId: number;
  familyId: string;
  actorUserId: number | null;
}

const unauthenticated = (code = 'unauthenticated') => new HttpError(401, code, 'Unauthenticated.');

interface VerifiedToken {
  claims: Readonly<AccessTokenClaims>;
  expiresAtMs: number;
}

/** Access tokens (short JWTs) and rotating refresh tokens with reuse detection. */
export function createTokenService(repo: IdentityRepository, settings: TokenSettings) {
  const accessTtl = settings.accessTtlSeconds ?? 900;
  const refreshTtlMs = (settings.refreshTtlDays ?? 30) * 86_400_000;
  const graceMs = (settings.reuseGraceSeconds ?? 30) * 1000;
  // Imported once: handing jose the raw bytes makes it import a key on every sign and verify.
  const jwtKey = crypto.subtle.importKey(
    'raw',
    new Uint8Array(settings.jwtKey),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );

  // A tab sends the same access token with every request of its 15 minutes, and checking the HMAC
  // again through WebCrypto cost ≈0.3 ms of each. The same bytes under the same key always get the
  // same verdict, so a verdict is kept (never a refusal); only the clock can change it, and expiry is
  // read on every use. Whether the session is still live is not kept: the authenticator asks.
  const verified = new TtlCache<VerifiedToken>(60_000, 10_000);

  async function verifySignature(token: string): Promise<VerifiedToken> {
    try {
      const { payload } = await jwtVerify(token, await jwtKey, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        requiredClaims: ['exp'],
      });
      const audience = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
      const systemId = Number(audience?.replace(/^system:/, ''));
      const userId = Number(payload.sub);
      if (!Number.isInteger(systemId) || !Number.isInteger(userId) || typeof payload.fam !== 'string')
        throw unauthenticated();
      const claims = Object.freeze({
        userId,
        systemId,
        familyId: payload.fam,
        actorUserId: typeof payload.act === 'number' ? payload.act : null,
      });
      return { claims, expiresAtMs: (payload.exp as number) * 1000 };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (err instanceof joseErrors.JOSEError) throw unauthenticated();
      throw err;
    }
  }

  async function tokensFor(
    familyId: string,
    userId: number,
    systemId: number,
    actorUserId: number | null,
    refresh = newOpaqueToken(),
  ): Promise<TokenResponse> {
    await repo.insertRefreshToken(familyId, sha256(refresh), new Date(Date.now() + refreshTtlMs));
    const jwt = new SignJWT({ fam: familyId, ...(actorUserId ? { act: actorUserId } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setAudience(audienceOf(systemId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${accessTtl}s`);
    return {
      access_token: await jwt.sign(await jwtKey),
      refresh_token: refresh,
      expires_in: accessTtl,
      token_type: 'Bearer',
    };
  }

  /** The family of a refresh token presented again, when that may go on; otherwise a 401. */
  async function retriedRotation(hash: string, successor: string): Promise<string> {
    const known = await repo.findRefreshToken(hash);
    if (!known?.usedAt) throw unauthenticated();
    if (Date.now() - known.usedAt.getTime() > graceMs) {
      await repo.revokeFamily(known.familyId, 'refresh token reused');
      throw unauthenticated('refresh_token_used');
    }
    // The session has moved past the successor already: whoever holds it now is the one to go on.
    if ((await repo.findRefreshToken(sha256(successor)))?.usedAt) throw unauthenticated('refresh_token_used');
    return known.familyId;
  }

  return {
    /** Starts a session (a new token family). */
    async issue(input: {
      userId: number;
      systemId: number;
      ip: string;
      actorUserId?: number | null;
      parentFamilyId?: string | null;
    }) {
      const family = await repo.createFamily({
        systemId: input.systemId,
        userId: input.userId,
        actorUserId: input.actorUserId ?? null,
        parentFamilyId: input.parentFamilyId ?? null,
        ip: input.ip,
      });
      return {
        familyId: family.id,
        tokens: await tokensFor(family.id, input.userId, input.systemId, family.actorUserId),
      };
    },

    /** A new token pair inside an existing live session (used when leaving view mode). */
    async continueFamily(familyId: string): Promise<TokenResponse | null> {
      const family = await repo.getFamily(familyId);
      if (!family || family.revokedAt || family.parentRevoked) return null;
      return tokensFor(family.id, family.userId, family.systemId, family.actorUserId);
    },

    /**
     * Exchanges a refresh token for a new pair. A token rotates once: used again within the grace
     * window it gets the same successor (still unused) rather than a second one, so a session never
     * forks; used again later, it is taken for a stolen copy and ends the session.
     */
    async rotate(refreshToken: string): Promise<TokenResponse> {
      const hash = sha256(refreshToken);
      const successor = successorToken(settings.jwtKey, refreshToken);
      const familyId =
        (await repo.useRefreshToken(hash))?.familyId ?? (await retriedRotation(hash, successor));
      const family = await repo.getFamily(familyId);
      if (!family || family.revokedAt || family.parentRevoked) throw unauthenticated();
      return tokensFor(family.id, family.userId, family.systemId, family.actorUserId, successor);
    },

    /** Checks signature, algorithm, issuer and expiry; the caller checks the session is live. */
    async verifyAccess(token: string): Promise<AccessTokenClaims> {
      const { claims, expiresAtMs } = await verified.get(token, () => verifySignature(token));
      if (expiresAtMs <= Date.now()) throw unauthenticated();
      return claims;
    },

    /** Ends a session and the view-mode sessions started from it. */
    revokeFamily: (familyId: string, reason: string) => repo.revokeFamily(familyId, reason),
    /** Logout: ends the session with its parent (when in view mode) and their view-mode sessions. */
    endSession: (familyId: string, reason: string) => repo.revokeSessionTree(familyId, reason),
    revokeUser: (userId: number, reason: string, keepFamilyId?: string) =>
      repo.revokeUserSessions(userId, reason, keepFamilyId),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
