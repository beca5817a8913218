import { MASTER_ONLY_MODULES, type ModuleType, PAYMENT_TERMS } from '@app/contracts';
import {
  and,
  companies,
  companyModules,
  companyPaymentTerms,
  companySalesLinks,
  type Database,
  eq,
  firstRow,
  users,
} from '@app/db';
import { HttpError } from '../../http-errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { DomainService } from '../domains/domain-service.js';
import { hashPassword } from '../identity/password-hasher.js';
import type { TokenService } from '../identity/token-service.js';
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

const AGENCY_MODULES: readonly ModuleType[] = ['local', 'locator', 'enhance'];

/**
 * Sign-up: an agency on a system's own host (optionally referred by a sales person), or a client
 * on its agency's white-label host. The new user starts with an unfinished profile (the guards send
 * them to profile setup) and is signed in.
 */
export function createRegistrationService(deps: {
  db: Database;
  domains: DomainService;
  tokens: TokenService;
  limiter: RateLimiter;
  audit: AuditLog;
  referralKey: string;
}) {
  const invalid = (field: string, message: string) =>
    new HttpError(400, 'validation_failed', message, { [field]: message });

  async function referrer(systemId: number, code: string | undefined) {
    if (!code) return null;
    const userId = userIdOfReferralCode(deps.referralKey, code);
    const [sales] = userId
      ? await deps.db
          .select()
          .from(users)
          .where(and(eq(users.id, userId), eq(users.systemId, systemId), eq(users.userType, 'sales')))
      : [];
    if (!sales) throw invalid('refcode', 'This referral code is not valid.');
    return sales;
  }

  return {
    async register(input: RegistrationInput) {
      if (!(await deps.limiter.hit(`register:ip:${input.ip}`, { limit: 10, windowSeconds: 3600 })).allowed) {
        throw new HttpError(
          429,
          'rate_limited',
          'Too many sign-ups from this address. Please try again later.',
        );
      }
      const { info } = await deps.domains.resolve(input.host);
      if (input.userType === 'client' && !info.agencyplatformroot) {
        throw invalid('userType', 'Clients sign up on their agency’s own address.');
      }
      if (input.userType === 'userdownline' && info.agencyplatformroot) {
        throw invalid('userType', 'Agencies sign up on the platform’s own address.');
      }
      const systemId = info.idsys;
      const [taken] = await deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.systemId, systemId), eq(users.email, input.email)));
      if (taken) throw invalid('email', 'This e-mail is already registered.');
      const sales = input.userType === 'userdownline' ? await referrer(systemId, input.refcode) : null;
      const passwordHash = await hashPassword(input.password);
      const parentId = input.userType === 'client' ? info.owner_company_id : info.rootcomp;
      const modules: readonly ModuleType[] =
        input.userType === 'client'
          ? ['local']
          : AGENCY_MODULES.filter((m) => info.is_master || !MASTER_ONLY_MODULES.includes(m));

      const user = await deps.db.transaction(async (tx) => {
        const company = firstRow(
          await tx
            .insert(companies)
            .values({
              systemId,
              rootId: info.rootcomp,
              parentId,
              kind: input.userType === 'client' ? 'client' : 'agency',
              name: input.companyName,
              legalName: input.companyName,
              email: input.email,
              phone: input.phone,
              phoneCountryCode: input.phoneCountryCode,
            })
            .returning({ id: companies.id }),
          'company',
        );
        await tx.insert(companyModules).values(modules.map((module) => ({ companyId: company.id, module })));
        if (input.userType === 'userdownline') {
          await tx
            .insert(companyPaymentTerms)
            .values(PAYMENT_TERMS.map((term) => ({ companyId: company.id, term })));
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
              userType: input.userType,
              email: input.email,
              name: input.name,
              passwordHash,
              phonenum: input.phone,
              phoneCountryCode: input.phoneCountryCode,
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
        description: `Signed up as ${input.userType === 'client' ? 'a client' : 'an agency'}${sales ? ` (referred by ${sales.email})` : ''}`,
        ip: input.ip,
      });
      const { tokens } = await deps.tokens.issue({ userId: user.id, systemId, ip: input.ip });
      return tokens;
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
