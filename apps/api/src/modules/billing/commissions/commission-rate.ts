import {
  COMMISSION_RATE_TEXTS,
  type CommissionRateResponse,
  DEFAULT_COMMISSION_BPS,
  formatCommissionRate,
  MAX_COMMISSION_BPS,
  parseCommissionRate,
} from '@app/contracts';
import type { Database } from '@app/db';
import { badRequest } from '../../../http-errors.js';
import type { Clock } from '../../../lib/clock.js';
import { type AuditLog, settingsEvent } from '../../audit/index.js';
import type { Principal } from '../../tenancy/index.js';
import type { PersonNamesOf } from '../../users/index.js';
import type { CommissionRepository } from './commission-repository.js';

/** How many of the latest changes the screen lists. */
const CHANGES_SHOWN = 10;

/**
 * A system's sales commission rate (decision 0089): read by its owners, set by them with the
 * Settings switch (the route's policy action). A new rate takes effect the moment it is saved and
 * applies to money collected from then on (earning reads the rate in force at collection); what
 * was earned keeps its rate. The change, the rate now and the user-log entry commit together; a
 * rate that is not new changes nothing.
 */
export function createCommissionRate(deps: {
  db: Database;
  repo: CommissionRepository;
  audit: AuditLog;
  clock: Clock;
  personNames: PersonNamesOf;
}) {
  const { repo } = deps;

  async function read(systemId: number, message?: string): Promise<CommissionRateResponse> {
    const [current, changes] = await Promise.all([
      repo.currentRate(systemId),
      repo.rateChanges(systemId, 'newest', CHANGES_SHOWN),
    ]);
    const names = await deps.personNames(systemId, [
      ...new Set(changes.flatMap((c) => (c.changedBy === null ? [] : [c.changedBy]))),
    ]);
    const rateBps = current?.rateBps ?? DEFAULT_COMMISSION_BPS;
    return {
      rate_bps: rateBps,
      rate_percent: formatCommissionRate(rateBps),
      is_default: current === null,
      default_percent: formatCommissionRate(DEFAULT_COMMISSION_BPS),
      max_percent: formatCommissionRate(MAX_COMMISSION_BPS),
      changes: changes.map((c) => ({
        rate_bps: c.rateBps,
        rate_percent: formatCommissionRate(c.rateBps),
        effective_from: c.effectiveFrom.toISOString(),
        changed_by: c.changedBy === null ? null : (names.get(c.changedBy) ?? `User ${c.changedBy}`),
      })),
      ...(message ? { message } : {}),
    };
  }

  return {
    read: (p: Principal) => read(p.systemId),

    async set(p: Principal, body: { rate: string }, ip: string): Promise<CommissionRateResponse> {
      // The route's schema refused a bad rate with its text already; this is the same rule, kept here.
      const parsed = parseCommissionRate(body.rate);
      if ('error' in parsed) throw badRequest(parsed.error, { rate: parsed.error });
      await deps.db.transaction(async (tx) => {
        const { previous, changed, at } = await repo.setRate(
          { systemId: p.systemId, rateBps: parsed.bps, now: () => deps.clock.now(), changedBy: p.userId },
          tx,
        );
        if (!changed) return;
        const was = formatCommissionRate(previous ?? DEFAULT_COMMISSION_BPS);
        await deps.audit.record(
          settingsEvent(
            p,
            p.rootCompanyId,
            'commission_rate_updated',
            `Set the sales commission rate to ${formatCommissionRate(parsed.bps)} % (was ${was} %${previous === null ? ', the default' : ''}) for money collected from ${at.toISOString()}`,
            ip,
          ),
          tx,
        );
      });
      return read(p.systemId, COMMISSION_RATE_TEXTS.saved);
    },
  };
}

export type CommissionRate = ReturnType<typeof createCommissionRate>;
