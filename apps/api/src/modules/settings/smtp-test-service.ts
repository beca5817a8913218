import { SMTP_NOT_CONFIGURED } from '@app/contracts';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.js';
import type { GuardedSmtpFactory } from '../../providers/outbound/guarded-smtp.js';
import { OutboundRefusedError } from '../../providers/outbound/safe-resolve.js';
import { type AuditLog, settingsEvent } from '../audit/index.js';
import type { Principal } from '../tenancy/index.js';
import { loadCompany, requireKind } from './settings-access.js';
import type { SettingsRepository } from './settings-repository.js';

export interface TestMessage {
  to: string;
  from: { address: string; name: string } | null;
  replyTo: string;
  subject: string;
  text: string;
}

/**
 * Test sends per company: enough to fix a setting by trial and error, too few to make the form a
 * way to mail strangers through someone's server.
 */
export const TEST_EMAIL_LIMIT: RateLimitRule = { limit: 20, windowSeconds: 3600 };

/**
 * Test e-mails through a company's saved SMTP server. Unlike ordinary mail (stored, then delivered
 * by a job), a test is sent while the person waits: its whole point is to say whether the server
 * works. The destination check (public addresses only, connect to the checked address) is the
 * same one the delivery job uses.
 */
export function createSmtpTestService(deps: {
  repo: SettingsRepository;
  audit: AuditLog;
  smtp: GuardedSmtpFactory;
  openSecret: (sealed: string) => Promise<string>;
  limiter: RateLimiter;
}) {
  const { repo } = deps;

  /** Throws a 400 when the host resolves to a non-public address (checked at save, too). */
  async function checkHost(host: string, companyId: number) {
    try {
      await deps.smtp.pin({ host, port: 25, secure: false, username: '', password: '', companyId });
    } catch (err) {
      // A name that does not resolve yet may be saved (DNS can follow); a private one may not.
      if (err instanceof OutboundRefusedError && err.reason === 'not_public') {
        throw badRequest(err.message, { 'comsetval.host': err.message });
      }
      if (!(err instanceof OutboundRefusedError)) throw err;
    }
  }

  return {
    checkHost,

    async send(p: Principal, companyId: number, message: TestMessage, ip: string, parentId?: number | null) {
      const company = await loadCompany(repo.company, companyId);
      requireKind(company, ['root', 'agency']);
      if (
        parentId !== undefined &&
        parentId !== null &&
        parentId !== company.parentId &&
        parentId !== company.id
      )
        throw notFound();
      const row = await repo.smtp(company.id);
      if (!row) throw badRequest(SMTP_NOT_CONFIGURED);
      const allowed = await deps.limiter.hit(`smtp-test:company:${company.id}`, TEST_EMAIL_LIMIT);
      if (!allowed.allowed) {
        const minutes = Math.ceil(allowed.retryAfterSeconds / 60);
        throw new HttpError(
          429,
          'rate_limited',
          `Too many test e-mails. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
      const transport = deps.smtp.transport({
        host: row.host,
        port: row.port,
        secure: row.secure,
        username: row.username,
        password: row.passwordEncrypted ? await deps.openSecret(row.passwordEncrypted) : '',
        companyId: company.id,
      });
      try {
        await transport.deliver({
          from: message.from ?? { address: row.fromAddress, name: row.fromName },
          replyTo: message.replyTo || row.replyTo || undefined,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        await deps.audit.record(
          settingsEvent(
            p,
            company.id,
            'smtp_test_failed',
            `Test e-mail to ${message.to} failed: ${reason}`,
            ip,
          ),
        );
        if (err instanceof OutboundRefusedError) throw badRequest(err.message);
        throw badRequest(`The SMTP server did not accept the test e-mail: ${reason}`);
      }
      await deps.audit.record(
        settingsEvent(
          p,
          company.id,
          'smtp_test_sent',
          `Sent a test e-mail to ${message.to} via ${row.host}`,
          ip,
        ),
      );
      return { result: 'success' as const, message: `The test e-mail has been sent to ${message.to}.` };
    },
  };
}

export type SmtpTestService = ReturnType<typeof createSmtpTestService>;
