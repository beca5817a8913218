import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IdentityRepository } from './identity-repository.js';
import { createTokenService } from './token-service.js';

const key = new TextEncoder().encode('k'.repeat(32));
// Verifying needs no repository: only issuing and rotating write sessions.
const tokens = createTokenService({} as IdentityRepository, { jwtKey: key });

function accessToken(
  claims: { exp?: number; fam?: string; sub?: string },
  signingKey: Uint8Array = key,
): Promise<string> {
  const jwt = new SignJWT({ fam: claims.fam ?? 'family-1' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub ?? '7')
    .setAudience('system:3')
    .setIssuer('leadorbit')
    .setIssuedAt();
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  return jwt.sign(signingKey);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

afterEach(() => {
  vi.useRealTimers();
});

describe('verifying access tokens', () => {
  it('answers the same claims for a token it has seen, until the token expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await accessToken({ exp: nowSeconds() + 60 });
    const first = await tokens.verifyAccess(token);
    expect(first).toEqual({ userId: 7, systemId: 3, familyId: 'family-1', actorUserId: null });
    expect(await tokens.verifyAccess(token)).toEqual(first);

    vi.setSystemTime(Date.now() + 59_000);
    expect(await tokens.verifyAccess(token)).toEqual(first);
    vi.setSystemTime(Date.now() + 1_000);
    await expect(tokens.verifyAccess(token)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('refuses a token whose claims were changed after the genuine one was accepted', async () => {
    const token = await accessToken({ exp: nowSeconds() + 60 });
    await tokens.verifyAccess(token);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '8' })).toString('base64url');
    await expect(tokens.verifyAccess(`${header}.${forged}.${signature}`)).rejects.toMatchObject({
      statusCode: 401,
    });
  });

  it.each([
    ['signed with another key', () => accessToken({ exp: nowSeconds() + 60 }, new Uint8Array(32))],
    ['already expired', () => accessToken({ exp: nowSeconds() - 1 })],
    ['without an expiry', () => accessToken({})],
    ['with a subject that is not a user id', () => accessToken({ exp: nowSeconds() + 60, sub: 'x' })],
  ])('refuses a token %s, every time it is sent', async (_case, make) => {
    const token = await make();
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(tokens.verifyAccess(token)).rejects.toMatchObject({ statusCode: 401 });
    }
  });

  it('refuses an unsigned token', async () => {
    const token = await accessToken({ exp: nowSeconds() + 60 });
    const [, payload] = token.split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await expect(tokens.verifyAccess(`${none}.${payload}.`)).rejects.toMatchObject({ statusCode: 401 });
  });
});
