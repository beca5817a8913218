import type { Database } from '@app/db';
import type { SecretBox } from '../../lib/secret-box.js';
import {
  type AltchaBotCheckOptions,
  createAltchaBotCheck,
} from '../../providers/bot-check/altcha-bot-check.js';
import { createBotCheckRepository } from '../../providers/bot-check/bot-check-repository.js';
import { createRecaptchaVerifier } from '../../providers/bot-check/recaptcha-bot-check.js';
import { createSystemBotCheck } from '../../providers/bot-check/system-bot-check.js';
import type { DomainService } from '../domains/index.js';
import { botCheckRoutes } from './bot-check-routes.js';
import { createRequireHuman } from './require-human.js';

export type { RequireHuman } from './require-human.js';

/**
 * The bot check of the public forms: each system's own (ALTCHA proof of work, or reCAPTCHA when the
 * system stores its keys), the challenge route, and `requireHuman`, the one gate the forms pass.
 */
export function createBotCheckModule(deps: {
  db: Database;
  domains: Pick<DomainService, 'systemOf'>;
  secrets: Pick<SecretBox, 'open'>;
  altcha: Pick<AltchaBotCheckOptions, 'hmacKey' | 'maxNumber' | 'cost'>;
}) {
  const repo = createBotCheckRepository(deps.db);
  const botCheck = createSystemBotCheck({
    altcha: createAltchaBotCheck({ ...deps.altcha, uses: repo.uses }),
    recaptcha: createRecaptchaVerifier(),
    recaptchaSettings: repo.getRecaptchaSettings,
    decryptSecret: deps.secrets.open,
  });
  return {
    botCheck,
    requireHuman: createRequireHuman(botCheck, deps.domains),
    routes: [botCheckRoutes(botCheck, deps.domains.systemOf)],
  };
}
