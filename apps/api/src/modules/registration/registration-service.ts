import {
  type DomainInfo,
  type ModuleType,
  PAYMENT_TERMS,
  REGISTRATION_AGENCY_CLOSED,
  REGISTRATION_CHECK_EMAIL,
  REGISTRATION_LINK_INVALID,
  REGISTRATION_LINK_USED,
  startingModulesOfNewAgency,
} from '@app/contracts';
import {
  and,
  companies,
  companySalesLinks,
  type Database,
  eq,
  firstRow,
  insertCompany,
  users,
} from '@app/db';
import { z } from 'zod';
import { HttpError } from '../../http-errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { AuditLog } from '../audit/index.js';
import type { DomainService, WebOrigins } from '../domains/index.js';
import type { TokenService } from '../identity/index.js';
import { hashPassword } from '../identity/index.js';
import type { MailService } from '../mail/index.js';
import { userIdOfReferralCode } from './referral-codes.js';

export interface RegistrationInput {
  host: string;
  userType: 'userdownline' | 'client';
  companyName: string;
  name: string;
  email: string;
  phone: string;
  phoneCountryCode: string;
  password: string;
  refcode?: string | undefined;
  ip: string;
}

/** A sign-up link is valid for a day; redeeming it creates the account, so it works once. */
const SIGN_UP_TTL_MS = 24 * 60 * 60_000;

/**
 * A sign-up waiting for its e-mail link: sealed with the deployment's data key into the link itself,
 * so nothing is stored (and no address is held) until the owner of the mailbox opens it.
 */
const pendingSignUpSchema = z.strictObject({
  purpose: z.literal('registration'),
  expiresAt: z.number().int(),
  host: z.string().min(1).max(253),
  userType: z.enum(['userdownline', 'client']),
  companyName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  phoneCountryCode: z.string(),
  passwordHash: z.string().min(1),
  salesUserId: z.number().int().nullable(),
});
type PendingSignUp = z.infer<typeof pendingSignUpSchema>;

/**
 * Sign-up: an agency on a system's own host (optionally referred by a sales person), or a client
 * on its agency's white-label host. Every accepted form gets the same answer and one e-mail
 * (decision 0019): a new address gets the link that creates the account and signs it in, with its
 * profile unfinished (the guards send it to profile setup); an address that already has an account
 * gets a note that someone tried to sign up with it. Nobody learns from the form whether an address
 * is registered.
 */
export function createRegistrationService(deps: {
  db: Database;
  domains: DomainService;
  tokens: TokenService;
  limiter: RateLimiter;
  audit: AuditLog;
  mail: Pick<MailService, 'queueEmail'>;
  origins: Pick<WebOrigins, 'ofCompany'>;
  secrets: Pick<SecretBox, 'seal' | 'open'>;
  referralKey: string;
}) {
  const invalid = (field: string, message: string) =>
    new HttpError(400, 'validation_failed', message, { [field]: message });
  const badLink = (message: string) => new HttpError(400, 'invalid_registration_link', message);

  async function limit(key: string, rule: { limit: number; windowSeconds: number }, message: string) {
    if (!(await deps.limiter.hit(key, rule)).allowed) throw new HttpError(429, 'rate_limited', message);
  }

  /** Clients sign up on their agency's host, agencies on the system's own host. */
  function checkHostFor(userType: RegistrationInput['userType'], info: DomainInfo) {
    if (userType === 'client' && !info.agencyplatformroot) {
      throw invalid('userType', 'Clients sign up on their agency’s own address.');
    }
    if (userType === 'userdownline' && info.agencyplatformroot) {
      throw invalid('userType', 'Agencies sign up on the platform’s own address.');
    }
  }

  /**
   * A client signs up under the agency whose host it is on; an agency that cancelled its subscription
   * (or was removed) takes no new clients, as in user management. Checked when the form is sent and
   * again when the link is opened, since the agency may have cancelled in between.
   */
  async function checkAgencyTakesClients(userType: RegistrationInput['userType'], info: DomainInfo) {
    if (userType !== 'client') return;
    const [agency] = await deps.db
      .select({ cancelledAt: companies.subscriptionCancelledAt, deletedAt: companies.deletedAt })
      .from(companies)
      .where(eq(companies.id, info.owner_company_id));
    if (!agency || agency.cancelledAt || agency.deletedAt)
      throw new HttpError(400, 'agency_closed', REGISTRATION_AGENCY_CLOSED);
  }

  async function accountOf(systemId: number, email: string) {
    const [row] = await deps.db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(and(eq(users.systemId, systemId), eq(users.email, email)));
    return row;
  }

  /** Creates the company and its first user from a confirmed sign-up, signs the user in. */
  async function createAccount(pending: PendingSignUp, info: DomainInfo, ip: string) {
    const systemId = info.idsys;
    const sales = pending.salesUserId ? await salesPerson(systemId, pending.salesUserId) : undefined;
    const parentId = pending.userType === 'client' ? info.owner_company_id : info.rootcomp;
    const modules: readonly ModuleType[] =
      pending.userType === 'client' ? ['local'] : startingModulesOfNewAgency(info.is_master);

    const user = await deps.db.transaction(async (tx) => {
      const agency = pending.userType === 'userdownline';
      const company = {
        id: await insertCompany(tx, {
          company: {
            systemId,
            rootId: info.rootcomp,
            parentId,
            kind: agency ? 'agency' : 'client',
            name: pending.companyName,
            legalName: pending.companyName,
            email: pending.email,
            phone: pending.phone,
            phoneCountryCode: pending.phoneCountryCode,
          },
          // An agency offers every term to its clients until it chooses; a client has none of its own.
          terms: agency ? PAYMENT_TERMS.map((term) => ({ term })) : [],
          modules: modules.map((module) => ({ module })),
        }),
      };
      if (agency) {
        if (sales)
          await tx
            .insert(companySalesLinks)
            .values({ companyId: company.id, role: 'referrer', salesUserId: sales.id });
      }
      return firstRow(
        await tx
          .insert(users)
          .values({
            systemId,
            companyId: company.id,
            userType: pending.userType,
            email: pending.email,
            name: pending.name,
            passwordHash: pending.passwordHash,
            phonenum: pending.phone,
            phoneCountryCode: pending.phoneCountryCode,
            profileSetupCompleted: false,
          })
          .returning(),
        'user',
      );
    });
    await deps.audit.record({
      systemId,
      companyId: user.companyId,
      userId: user.id,
      targetUserId: sales?.id ?? null,
      action: 'register',
      category: 'auth',
      description: `Signed up as ${pending.userType === 'client' ? 'a client' : 'an agency'}${sales ? ` (referred by ${sales.email})` : ''}`,
      ip,
    });
    const { tokens } = await deps.tokens.issue({ userId: user.id, systemId, ip });
    return tokens;
  }

  async function salesPerson(systemId: number, userId: number) {
    const [sales] = await deps.db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.systemId, systemId), eq(users.userType, 'sales')));
    return sales;
  }

  async function referrer(systemId: number, code: string | undefined) {
    if (!code) return null;
    const userId = userIdOfReferralCode(deps.referralKey, code);
    const sales = userId ? await salesPerson(systemId, userId) : undefined;
    if (!sales) throw invalid('refcode', 'This referral code is not valid.');
    return sales;
  }

  return {
    /**
     * Accepts a sign-up form: checks it, then e-mails the address (the link that finishes the sign-up,
     * or, when the address already has an account, a note to its owner). The same steps and the same
     * answer either way: the password is hashed, one origin read, one e-mail queued.
     */
    async register(input: RegistrationInput): Promise<{ message: string }> {
      await limit(
        `register:ip:${input.ip}`,
        { limit: 10, windowSeconds: 3600 },
        'Too many sign-ups from this address. Please try again later.',
      );
      const { info } = await deps.domains.resolve(input.host);
      checkHostFor(input.userType, info);
      await checkAgencyTakesClients(input.userType, info);
      const systemId = info.idsys;
      const sales = input.userType === 'userdownline' ? await referrer(systemId, input.refcode) : null;
      const passwordHash = await hashPassword(input.password);
      const existing = await accountOf(systemId, input.email);
      const platform = info.branding.company_name;
      if (existing) {
        const origin = await deps.origins.ofCompany(existing.companyId, input.host);
        await deps.mail.queueEmail({
          systemId,
          companyId: existing.companyId,
          to: input.email,
          subject: `Someone tried to sign up on ${platform} with your e-mail address`,
          text: `Someone (perhaps you) tried to sign up on ${platform} with this e-mail address, which already has an account. No new account was created.\n\nIf it was you, sign in here:\n${origin}/login\nIf you have forgotten your password, choose "Forgot password" there.\n\nIf it was not you, you can ignore this e-mail.`,
        });
        return { message: REGISTRATION_CHECK_EMAIL };
      }
      const parentId = input.userType === 'client' ? info.owner_company_id : info.rootcomp;
      const origin = await deps.origins.ofCompany(parentId, input.host);
      const pending: PendingSignUp = {
        purpose: 'registration',
        expiresAt: Date.now() + SIGN_UP_TTL_MS,
        host: input.host,
        userType: input.userType,
        companyName: input.companyName,
        name: input.name,
        email: input.email,
        phone: input.phone,
        phoneCountryCode: input.phoneCountryCode,
        passwordHash,
        salesUserId: sales?.id ?? null,
      };
      const token = await deps.secrets.seal(JSON.stringify(pending));
      await deps.mail.queueEmail({
        systemId,
        companyId: parentId,
        to: input.email,
        subject: `Finish signing up on ${platform}`,
        text: `Hello ${input.name},\n\nOpen this link to finish signing up on ${platform} (valid for 24 hours):\n${origin}/confirm-registration/${token}\n\nIf you did not sign up, ignore this e-mail: no account is created without the link.`,
      });
      return { message: REGISTRATION_CHECK_EMAIL };
    },

    /** Redeems a sign-up link: creates the account and signs it in. Works once (the address is then taken). */
    async confirm(input: { token: string; ip: string }) {
      await limit(
        `register-confirm:ip:${input.ip}`,
        { limit: 30, windowSeconds: 3600 },
        'Too many attempts. Please try again later.',
      );
      let pending: PendingSignUp;
      try {
        pending = pendingSignUpSchema.parse(JSON.parse(await deps.secrets.open(input.token)));
      } catch {
        throw badLink(REGISTRATION_LINK_INVALID);
      }
      if (pending.expiresAt <= Date.now()) throw badLink(REGISTRATION_LINK_INVALID);
      const { info } = await deps.domains.resolve(pending.host);
      try {
        checkHostFor(pending.userType, info);
      } catch {
        throw badLink(REGISTRATION_LINK_INVALID);
      }
      await checkAgencyTakesClients(pending.userType, info);
      // Only the mailbox's owner holds the link, so saying the address is taken tells nobody else.
      if (await accountOf(info.idsys, pending.email)) throw badLink(REGISTRATION_LINK_USED);
      try {
        return await createAccount(pending, info, input.ip);
      } catch (error) {
        if (isUniqueViolation(error)) throw badLink(REGISTRATION_LINK_USED);
        throw error;
      }
    },

    /** The referring sales person behind a code on a host's system. */
    async checkReferral(host: string, code: string) {
      const { info } = await deps.domains.resolve(host);
      try {
        const sales = await referrer(info.idsys, code);
        return { valid: true, name: sales?.name ?? '' };
      } catch {
        return { valid: false, name: '' };
      }
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;

/** A unique index refused the insert (two redemptions of one link at once); drizzle wraps the driver error. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as { code?: unknown; cause?: unknown } | undefined;
  }
  return false;
}
