import { isIP } from 'node:net';
import type { MailTransport, SmtpSettings } from '../mail/mail-transport.js';
import { type HostResolver, resolvePublicTarget } from './safe-resolve.js';

export interface GuardedSmtpOptions {
  /** The real transport (nodemailer), given a host that is already a checked address. */
  inner: (settings: SmtpSettings) => MailTransport;
  /**
   * True for SMTP servers the deployment's operator runs (the master system's own settings),
   * which may sit on a private network. Every other company's host must be public.
   */
  isTrusted: (companyId: number | undefined) => Promise<boolean>;
  resolver?: HostResolver;
}

/**
 * SMTP delivery that refuses non-public destinations: the host is resolved once, every address
 * is checked, and the connection goes to the checked address (the certificate is still verified
 * against the host name), so a DNS answer that changes between check and connect cannot
 * redirect it. Used for test sends and by the e-mail delivery job alike.
 */
export function createGuardedSmtpFactory(options: GuardedSmtpOptions) {
  /** The settings to connect with: unchanged for trusted servers, else pinned to a checked address. */
  async function pin(settings: SmtpSettings): Promise<SmtpSettings> {
    if (await options.isTrusted(settings.companyId)) return settings;
    const target = await resolvePublicTarget(settings.host, {
      resolver: options.resolver,
      label: 'The SMTP host',
    });
    return {
      ...settings,
      host: target.address,
      ...(isIP(target.host) ? {} : { tlsServername: target.host }),
    };
  }

  return {
    pin,
    transport(settings: SmtpSettings): MailTransport {
      return {
        name: 'smtp',
        async deliver(message) {
          return options.inner(await pin(settings)).deliver(message);
        },
      };
    },
  };
}

export type GuardedSmtpFactory = ReturnType<typeof createGuardedSmtpFactory>;
