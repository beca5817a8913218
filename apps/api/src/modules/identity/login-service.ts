import { randomBytes } from 'node:crypto';
import type { AuditAction, LoginResponse, TokenResponse } from '@app/contracts';
import { HttpError } from '../../http-errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { IdentityRepository, UserRow } from './identity-repository.js';
import { hashPassword, verifyPassword } from './password-hasher.js';
import { codeDigest, newOpaqueToken, newSixDigitCode, sameDigest, sha256 } from './secure-tokens.js';
import type { TokenService } from './token-service.js';
import { matchTotpStep } from './totp.js';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

/**
 * Limits of spec'd abuse cases, by client IP and by account + IP (so nobody can lock a user out from
 * elsewhere). Sign-ins per IP are a setting (`LOGIN_ATTEMPTS_PER_IP`, 60 by default) in this window.
 */
const LOGIN_PER_IP_WINDOW_SECONDS = 300;
export const LIMITS = {
  loginPerAccountIp: { limit: 10, windowSeconds: 900 },
  codePerIp: { limit: 30, windowSeconds: 300 },
  resendPerAccountIp: { limit: 5, windowSeconds: 900 },
} as const;

export interface LoginDependencies {
  repo: IdentityRepository;
  tokens: TokenService;
  limiter: RateLimiter;
  /** Sign-in attempts one client address may make in 5 minutes, whatever the accounts. */
  loginAttemptsPerIp: number;
  /** HMAC key for stored e-mail codes. */
  codeKey: string;
  decryptSecret(sealed: string): Promise<string>;
  sendLoginCode(user: UserRow, code: string): Promise<void>;
  audit(event: { user: UserRow; action: AuditAction; description: string; ip: string }): Promise<void>;
}

const invalidCredentials = () =>
  new HttpError(401, 'invalid_credentials', 'The e-mail or password is incorrect.');
const invalidCode = (message = 'The code is invalid or has expired.') =>
  new HttpError(400, 'invalid_code', message);
const tooMany = (seconds: number) =>
  new HttpError(
    429,
    'rate_limited',
    `Too many attempts. Please try again in ${Math.ceil(seconds / 60)} minute(s).`,
  );

// Verifying against a fixed hash when the account does not exist keeps the timing of both answers alike.
const dummyHash = hashPassword(randomBytes(16).toString('hex'));
async function spendLikeAVerify(password: string): Promise<false> {
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Password sign-in with optional second factor (e-mail code or authenticator), scoped to one system. */
export function createLoginService(deps: LoginDependencies) {
  const loginPerIp = { limit: deps.loginAttemptsPerIp, windowSeconds: LOGIN_PER_IP_WINDOW_SECONDS };
  async function limit(key: string, rule: { limit: number; windowSeconds: number }) {
    const result = await deps.limiter.hit(key, rule);
    if (!result.allowed) throw tooMany(result.retryAfterSeconds);
  }

  async function startSession(user: UserRow, ip: string): Promise<TokenResponse> {
    await deps.repo.recordLogin(user.id, ip);
    const { tokens } = await deps.tokens.issue({ userId: user.id, systemId: user.systemId, ip });
    await deps.audit({ user, action: 'login', description: 'Signed in', ip });
    return tokens;
  }

  async function newEmailCode(challengeId: string, user: UserRow) {
    const code = newSixDigitCode();
    await deps.sendLoginCode(user, code);
    return codeDigest(deps.codeKey, challengeId, code);
  }

  return {
    async login(input: {
      systemId: number;
      email: string;
      password: string;
      ip: string;
    }): Promise<LoginResponse> {
      await limit(`login:ip:${input.ip}`, loginPerIp);
      const accountKey = `login:acct:${input.systemId}:${input.email}:${input.ip}`;
      await limit(accountKey, LIMITS.loginPerAccountIp);

      const user = await deps.repo.findUserByEmail(input.systemId, input.email);
      const valid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : await spendLikeAVerify(input.password);
      if (!user || !valid) {
        if (user)
          await deps.audit({ user, action: 'login_failed', description: 'Wrong password', ip: input.ip });
        throw invalidCredentials();
      }
      if (user.status === 'disabled')
        throw new HttpError(403, 'account_disabled', 'This account is disabled.');
      await deps.limiter.reset(accountKey);

      if (!user.twoFactorEnabled || !user.twoFactorType)
        return { result: 'success', ...(await startSession(user, input.ip)) };

      const otpToken = newOpaqueToken();
      const challenge = await deps.repo.createChallenge({
        userId: user.id,
        otpTokenHash: sha256(otpToken),
        type: user.twoFactorType,
        ip: input.ip,
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
      if (user.twoFactorType === 'email') {
        await deps.repo.replaceChallengeCode(
          challenge.id,
          await newEmailCode(challenge.id, user),
          challenge.expiresAt,
        );
      }
      return { result: 'otp_required', otp_token: otpToken, two_factor_auth_type: user.twoFactorType };
    },

    async verifyCode(input: {
      email: string;
      code: string;
      otpToken: string;
      ip: string;
    }): Promise<TokenResponse> {
      await limit(`code:ip:${input.ip}`, LIMITS.codePerIp);
      const challenge = await deps.repo.findChallenge(sha256(input.otpToken));
      const user = challenge ? await deps.repo.findUser(challenge.userId) : undefined;
      if (!challenge || !user || user.email !== input.email) throw invalidCode();
      if (
        challenge.consumedAt ||
        challenge.expiresAt.getTime() <= Date.now() ||
        challenge.attempts >= MAX_CODE_ATTEMPTS
      ) {
        throw invalidCode();
      }

      const accepted =
        challenge.type === 'email'
          ? Boolean(challenge.codeHash) &&
            sameDigest(codeDigest(deps.codeKey, challenge.id, input.code), challenge.codeHash ?? '')
          : await acceptTotp(user, input.code);
      if (!accepted) {
        const attempts = await deps.repo.countWrongCode(challenge.id, MAX_CODE_ATTEMPTS);
        await deps.audit({
          user,
          action: 'login_code_failed',
          description: `Wrong ${challenge.type} code`,
          ip: input.ip,
        });
        if (attempts === undefined || attempts >= MAX_CODE_ATTEMPTS) {
          throw invalidCode('Too many wrong codes. Please sign in again.');
        }
        throw invalidCode('The code is incorrect.');
      }
      // Of any number of parallel submissions of one valid code, exactly one consumes the challenge.
      if (!(await deps.repo.consumeChallenge(challenge.id, MAX_CODE_ATTEMPTS))) throw invalidCode();
      return startSession(user, input.ip);
    },

    async resendCode(input: { email: string; otpToken: string; ip: string }): Promise<void> {
      const challenge = await deps.repo.findChallenge(sha256(input.otpToken));
      const user = challenge ? await deps.repo.findUser(challenge.userId) : undefined;
      if (
        !challenge ||
        !user ||
        user.email !== input.email ||
        challenge.consumedAt ||
        challenge.type !== 'email'
      ) {
        throw invalidCode();
      }
      if (challenge.attempts >= MAX_CODE_ATTEMPTS)
        throw invalidCode('Too many wrong codes. Please sign in again.');
      await limit(`resend:${user.id}:${input.ip}`, LIMITS.resendPerAccountIp);
      const expiresAt = new Date(Date.now() + CODE_TTL_MS);
      await deps.repo.replaceChallengeCode(challenge.id, await newEmailCode(challenge.id, user), expiresAt);
    },
  };

  async function acceptTotp(user: UserRow, code: string): Promise<boolean> {
    if (!user.totpSecretEncrypted) return false;
    const step = matchTotpStep(await deps.decryptSecret(user.totpSecretEncrypted), code);
    // A code is accepted at most once: its time step must be newer than the last accepted one.
    return step !== null && deps.repo.claimTotpStep(user.id, step);
  }
}

export type LoginService = ReturnType<typeof createLoginService>;
