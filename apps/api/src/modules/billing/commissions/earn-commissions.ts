import { asCents, type Cents } from '@app/contracts';
import type { Database } from '@app/db';
import { commissionOn, rateInForce } from '@app/pricing';
import type { Clock } from '../../../lib/clock.js';
import type { Ledger } from '../../ledger/index.js';
import type { CollectedCharges } from '../../payments/index.js';
import type { SalesLinksOf } from '../../sales/index.js';
import type { CommissionRepository, CommissionSource, UnearnedCommission } from './commission-repository.js';
import { createCommissionShares } from './commission-share.js';

const ROLE_LABEL = {
  sales_rep: 'sales representative',
  account_executive: 'account executive',
  referrer: 'referrer',
};

/** Collected money of either source, as earning reads it. */
interface Collected {
  id: number;
  systemId: number;
  companyId: number | null;
  settledAt: Date;
  platformPart: Cents;
  description: string;
}

type Cursor = { settledAt: Date; id: number } | null;

/**
 * Earning sales commissions (decisions 0080, 0089): collected campaign wholesale of an agency earns
 * each of its linked sales people the system's rate of the platform's part, once. Two sources:
 * every collected campaign charge (cause `charge`: activations, period invoices, prepaid blocks;
 * the platform's part is a direct charge's application fee, else all of it) and every Data Wallet
 * spend on campaign wholesale (cause `wallet_spend`: manual-bill invoices, blocks and activation
 * parts the wallet paid, all of it the platform's). The row's unique key (per source and person)
 * and the posting's business key (`commission:<operation>:<person>`,
 * `commission-wallet:<spend>:<person>`) say once; the rate is the one in force when the money was
 * collected. Money not collected earns nothing: only succeeded operations and posted spends are
 * read; a minimum-spend shortfall (cause `minimum_spend`, by card or wallet) is not wholesale and
 * earns nothing either.
 */
export function createCommissionEarning(deps: {
  db: Database;
  repo: CommissionRepository;
  ledger: Ledger;
  collectedCharges: CollectedCharges;
  salesLinks: SalesLinksOf;
  clock: Clock;
}) {
  const { db, repo } = deps;
  const record = createCommissionShares({ repo, ledger: deps.ledger });

  const read: Record<CommissionSource, (after: Cursor, limit: number) => Promise<Collected[]>> = {
    charge: (after, limit) => deps.collectedCharges(after, limit),
    spend: async (after, limit) =>
      (await deps.ledger.walletSpends(after ? { postedAt: after.settledAt, id: after.id } : null, limit)).map(
        (spend) => ({
          id: spend.id,
          systemId: spend.systemId,
          companyId: spend.companyId,
          settledAt: spend.postedAt,
          platformPart: spend.amount,
          description: spend.description,
        }),
      ),
  };

  /** The next batch of collected money of a source, each with the linked people not yet earned on it. */
  async function unearned(source: CommissionSource, after: Cursor, limit: number) {
    const collected = await read[source](after, limit);
    const agencies = await repo.agencyOf([
      ...new Set(collected.flatMap((c) => (c.companyId === null ? [] : [c.companyId]))),
    ]);
    const links = await deps.salesLinks([...new Set(agencies.values())]);
    const earned = await repo.earnedAmong(
      source,
      collected.map((c) => c.id),
    );
    const due: UnearnedCommission[] = [];
    for (const money of collected) {
      const agencyId = money.companyId === null ? undefined : agencies.get(money.companyId);
      if (agencyId === undefined || money.platformPart <= 0) continue;
      for (const link of links)
        if (link.agencyId === agencyId && !earned.has(`${money.id}:${link.salesUserId}`))
          due.push({
            source,
            sourceId: money.id,
            operationSettledAt: money.settledAt,
            systemId: money.systemId,
            agencyId,
            salesUserId: link.salesUserId,
            role: link.role,
            base: money.platformPart,
            description: money.description,
          });
    }
    // A short page was the last: stop there, whatever precision the next read's keyset compares at.
    const last = collected.length < limit ? undefined : collected.at(-1);
    return { due, next: last ? { settledAt: last.settledAt, id: last.id } : null };
  }

  return async function earn(options: { batch?: number } = {}): Promise<{ earned: number; amount: Cents }> {
    let earned = 0;
    let amount = 0;
    const rates = new Map<number, Awaited<ReturnType<CommissionRepository['rateChanges']>>>();
    const rateAt = async (systemId: number, at: Date) => {
      const changes = rates.get(systemId) ?? (await repo.rateChanges(systemId));
      rates.set(systemId, changes);
      return rateInForce(changes, at);
    };
    for (const source of ['charge', 'spend'] as const) {
      let after = await repo.resumeAt(source);
      for (;;) {
        const { due, next } = await unearned(source, after, options.batch ?? 500);
        for (const item of due) {
          const rateBps = await rateAt(item.systemId, item.operationSettledAt);
          const commission = commissionOn(item.base, rateBps);
          const charge = item.source === 'charge';
          // Under a cent: recorded as earned 0 (so it is not read again), with nothing to post.
          const done = await db.transaction((tx) =>
            record(
              {
                systemId: item.systemId,
                operationId: charge ? item.sourceId : null,
                spendPostingId: charge ? null : item.sourceId,
                operationSettledAt: item.operationSettledAt,
                recordedAt: deps.clock.now(),
                agencyId: item.agencyId,
                salesUserId: item.salesUserId,
                role: item.role,
                kind: 'earned',
                base: item.base,
                rateBps,
                amount: commission,
                businessKey: charge
                  ? `commission:${item.sourceId}:${item.salesUserId}`
                  : `commission-wallet:${item.sourceId}:${item.salesUserId}`,
                description: `Commission of the ${ROLE_LABEL[item.role]} on ${item.description}`,
              },
              tx,
            ),
          );
          if (done && commission > 0) {
            earned += 1;
            amount += commission;
          }
        }
        if (!next) break;
        after = next;
      }
    }
    return { earned, amount: asCents(amount) };
  };
}
