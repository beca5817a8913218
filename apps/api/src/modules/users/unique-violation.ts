import { DOMAIN_TAKEN, EMAIL_UNAVAILABLE, SUBDOMAIN_TAKEN } from '@app/contracts';
import { badRequest, type HttpError } from '../../http-errors.js';

/** The payload field and text for each unique index a create or update can hit. */
const CONSTRAINTS: Record<string, [field: string, message: string]> = {
  // A race: whoever won may be outside the caller's scope, so the neutral text (decision 0019).
  users_system_email_key: ['ClientEmail', EMAIL_UNAVAILABLE],
  companies_subdomain_key: ['DownlineSubDomain', SUBDOMAIN_TAKEN],
  companies_custom_domain_key: ['DownlineDomain', DOMAIN_TAKEN],
};

/**
 * The checks before a write answer these texts; this covers the race where two requests pass the
 * check at once and the unique index refuses the second (drizzle wraps the driver error in `cause`).
 */
export function uniqueViolation(error: unknown): HttpError | null {
  for (let e = error as Record<string, unknown> | undefined, depth = 0; e && depth < 3; depth++) {
    if (e.code === '23505') {
      const name = String(e.constraint ?? e.constraint_name ?? '');
      const known =
        CONSTRAINTS[name] ?? Object.entries(CONSTRAINTS).find(([k]) => String(e?.message).includes(k))?.[1];
      if (known) return badRequest(known[1], { [known[0]]: known[1] });
    }
    e = e.cause as Record<string, unknown> | undefined;
  }
  return null;
}
