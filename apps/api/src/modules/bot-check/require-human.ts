import { HttpError } from '../../http-errors.js';
import type { BotCheck } from '../../providers/bot-check/bot-check.js';
import type { DomainService } from '../domains/index.js';

/**
 * The one gate of the public forms (login, forgot password, register): resolves the system of the
 * host the form was sent from and checks its bot-check answer. Answers the system id.
 */
export type RequireHuman = (input: { host: string; token: string; ip: string }) => Promise<number>;

export function createRequireHuman(
  botCheck: BotCheck,
  domains: Pick<DomainService, 'systemOf'>,
): RequireHuman {
  return async ({ host, token, ip }) => {
    const systemId = await domains.systemOf(host);
    const check = await botCheck.verify({ systemId, token, ip, hostname: host });
    if (!check.ok) throw new HttpError(400, 'bot_check_failed', 'Please confirm you are not a robot.');
    return systemId;
  };
}
