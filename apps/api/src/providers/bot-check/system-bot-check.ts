import type { BotCheck } from './bot-check.js';
import type { RecaptchaSettings } from './bot-check-repository.js';
import type { RecaptchaVerifier } from './recaptcha-bot-check.js';

export interface SystemBotCheckDependencies {
  /** The default for every system without its own reCAPTCHA keys. */
  altcha: BotCheck;
  recaptcha: Pick<RecaptchaVerifier, 'verify'>;
  /** The system's reCAPTCHA keys as stored (`systems.recaptcha_*`). */
  recaptchaSettings(systemId: number): Promise<RecaptchaSettings | null>;
  /** Opens a secret sealed with the deployment's data key (`SecretBox.open`). */
  decryptSecret(sealed: string): Promise<string>;
}

/**
 * The bot check as the sign-in forms use it: reCAPTCHA for a system that configured both its
 * site key (the browser needs it to render) and its secret (we need it to verify), else ALTCHA.
 * The choice is read on every call, so a system that changes its keys switches at once.
 */
export function createSystemBotCheck(deps: SystemBotCheckDependencies): BotCheck {
  async function recaptchaKeys(systemId: number) {
    const settings = await deps.recaptchaSettings(systemId);
    if (!settings?.siteKey || !settings.secretSealed) return null;
    // A secret that no longer opens (data key replaced) throws: failing loudly beats silently
    // switching the system to another check than the one its pages render.
    return { siteKey: settings.siteKey, secret: await deps.decryptSecret(settings.secretSealed) };
  }

  return {
    async challenge({ systemId }) {
      const keys = await recaptchaKeys(systemId);
      return keys ? { kind: 'recaptcha', siteKey: keys.siteKey } : deps.altcha.challenge({ systemId });
    },
    async verify(input) {
      const keys = await recaptchaKeys(input.systemId);
      if (!keys) return deps.altcha.verify(input);
      return deps.recaptcha.verify({
        secret: keys.secret,
        token: input.token,
        ip: input.ip,
        ...(input.hostname ? { hostname: input.hostname } : {}),
      });
    },
  };
}
