import { asCents, type Cents } from '@app/contracts';
import type { Database } from '@app/db';
import { commissionOn } from '@app/pricing';
import type { Ledger } from '../../ledger/index.js';
import type { CollectedCharges } from '../../payments/index.js';
import type { SalesLinksOf } from '../../sales/index.js';
import type { CommissionRepository, UnearnedCommission } from './commission-repository.js';
import { createCommissionShares } from './commission-share.js';

const ROLE_LABEL = {
  sales_rep: 'sales representative',
  account_executive: 'account executive',
  referrer: 'referrer',
};

/**
 * Earning sales commissions (decision 0080): every collected campaign charge of an agency earns each
 * of its linked sales people the system's rate of the platform's part, once — the row's unique key
 * and the posting's business key (`commission:<operation>:<person>`) both say so — posted from the
 * system's commission expense to the person's commission payable. Money not collected earns nothing:
 * only succeeded operations are read.
 */
export function createCommissionEarning(deps: {
  db: Database;
  repo: CommissionRepository;
  ledger: Ledger;
  collectedCharges: CollectedCharges;
  salesLinks: SalesLinksOf;
}) {
  const { db, repo } = deps;
  const record = createCommissionShares({ repo, ledger: deps.ledger });

  /** The next batch of collected charges, each with the linked people not yet earned on it. */
  async function unearned(after: { settledAt: Date; id: number } | null, limit: number) {
    const charges = await deps.collectedCharges(after, limit);
    const agencies = await repo.agencyOf([
      ...new Set(charges.flatMap((c) => (c.companyId === null ? [] : [c.companyId]))),
    ]);
    const links = await deps.salesLinks([...new Set(agencies.values())]);
    const earned = await repo.earnedAmong(charges.map((c) => c.id));
    const due: UnearnedCommission[] = [];
    for (const charge of charges) {
      const agencyId = charge.companyId === null ? undefined : agencies.get(charge.companyId);
      if (agencyId === undefined || charge.platformPart <= 0) continue;
      for (const link of links)
        if (link.agencyId === agencyId && !earned.has(`${charge.id}:${link.salesUserId}`))
          due.push({
            operationId: charge.id,
            operationSettledAt: charge.settledAt,
            systemId: charge.systemId,
            agencyId,
            salesUserId: link.salesUserId,
            role: link.role,
            base: charge.platformPart,
            description: charge.description,
          });
    }
    // A short page was the last: stop there, whatever precision the next read's keyset compares at.
    const last = charges.length < limit ? undefined : charges.at(-1);
    return { due, next: last ? { settledAt: last.settledAt, id: last.id } : null };
  }

  return async function earn(options: { batch?: number } = {}): Promise<{ earned: number; amount: Cents }> {
    let earned = 0;
    let amount = 0;
    const rates = new Map<number, number>();
    let after = await repo.resumeAt();
    for (;;) {
      const { due, next } = await unearned(after, options.batch ?? 500);
      for (const item of due) {
        const rateBps = rates.get(item.systemId) ?? (await repo.rateOf(item.systemId));
        rates.set(item.systemId, rateBps);
        const commission = commissionOn(item.base, rateBps);
        // Under a cent: recorded as earned 0 (so it is not read again), with nothing to post.
        const done = await db.transaction((tx) =>
          record(
            {
              ...item,
              kind: 'earned',
              rateBps,
              amount: commission,
              businessKey: `commission:${item.operationId}:${item.salesUserId}`,
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
    return { earned, amount: asCents(amount) };
  };
}
