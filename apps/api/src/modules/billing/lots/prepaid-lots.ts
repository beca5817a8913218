import type { Micros } from '@app/contracts';
import type { Database, Executor } from '@app/db';
import type { Clock } from '../../../lib/clock.js';
import { asLeads, type Ledger, type PostingInput } from '../../ledger/index.js';
import { createLotRepository } from './lot-repository.js';

/** What a claim batch took of one campaign's prepaid leads. */
export interface PrepaidUse {
  campaignId: number;
  leads: number;
  /** The batch's first lead of the campaign: names the posting, once and for ever. */
  firstLeadId: number;
}

/**
 * A client's prepaid leads as ledger lots (decision 0072): a block bought is a lot of N leads posted
 * from the system's outstanding leads to the client's prepaid account for the campaign; each stored
 * lead posts its use back; what is left is that account's balance, a sum. The lead claim locks the
 * campaign's lots, reads the balance and posts its use in its own transaction.
 */
export function createPrepaidLots(deps: { db: Database; ledger: Ledger; clock: Clock }) {
  const { db, ledger, clock } = deps;
  const repoOf = (tx?: Executor) => createLotRepository(tx ?? db);

  const accounts = (systemId: number, clientId: number, campaignId: number, tx?: Executor) =>
    Promise.all([
      ledger.accountFor({ systemId, kind: 'prepaid_outstanding', owner: { type: 'system' } }, tx),
      ledger.accountFor(
        {
          systemId,
          kind: 'prepaid',
          owner: { type: 'company', companyId: clientId },
          reference: String(campaignId),
        },
        tx,
      ),
    ]);

  return {
    /**
     * Opens a lot of `leads` bought by `sourceKey` (the payment operation's business key): the lot
     * and its posting, once however often this runs, in the caller's transaction when given.
     */
    async open(
      input: {
        systemId: number;
        clientId: number;
        campaignId: number;
        leads: number;
        clientPriceMicros: Micros;
        wholesaleMicros: Micros;
        sourceKey: string;
        description: string;
      },
      tx?: Executor,
    ) {
      if (!Number.isSafeInteger(input.leads) || input.leads <= 0)
        throw new RangeError(`A prepaid block has at least one lead, not ${input.leads}.`);
      const [outstanding, prepaid] = await accounts(input.systemId, input.clientId, input.campaignId, tx);
      await ledger.post(
        {
          systemId: input.systemId,
          cause: {
            kind: 'prepaid_block',
            description: input.description,
            businessKey: `prepaid-block:${input.sourceKey}`,
            companyId: input.clientId,
          },
          lines: [
            { accountId: outstanding.id, amount: asLeads(input.leads) },
            { accountId: prepaid.id, amount: asLeads(-input.leads) },
          ],
        },
        tx,
      );
      return repoOf(tx).insert({
        systemId: input.systemId,
        companyId: input.clientId,
        campaignId: input.campaignId,
        kind: 'prepaid',
        accountId: prepaid.id,
        quantity: input.leads,
        clientPriceMicros: input.clientPriceMicros,
        wholesaleMicros: input.wholesaleMicros,
        boughtAt: clock.now(),
        expiresAt: null,
        sourceKey: input.sourceKey,
      });
    },

    /**
     * The leads left of these campaigns, their lots locked until the caller's transaction ends (a
     * campaign with no lot has none). Every lane's batch locks in the same order.
     */
    async lockLeft(campaignIds: readonly number[], tx: Executor): Promise<Map<number, number>> {
      const left = new Map<number, number>();
      if (campaignIds.length === 0) return left;
      const locked = await repoOf(tx).lockPrepaidAccounts(campaignIds);
      const balances = await ledger.balancesOf(
        [...locked.values()].map((a) => ({ id: a.accountId, kind: 'prepaid' as const })),
        tx,
      );
      for (const [campaignId, a] of locked) left.set(campaignId, balances.get(a.accountId) ?? 0);
      return left;
    },

    /** Posts what a claim batch used, in its transaction (after `lockLeft` of the same campaigns). */
    async use(uses: readonly PrepaidUse[], tx: Executor): Promise<void> {
      if (uses.length === 0) return;
      const repo = repoOf(tx);
      const locked = await repo.lockPrepaidAccounts(uses.map((u) => u.campaignId));
      const postings: PostingInput[] = [];
      const outstanding = new Map<number, number>();
      for (const use of uses) {
        const account = locked.get(use.campaignId);
        if (!account) throw new Error(`campaign ${use.campaignId} used prepaid leads it has no lot of`);
        let counter = outstanding.get(account.systemId);
        if (counter === undefined) {
          counter = (
            await ledger.accountFor(
              { systemId: account.systemId, kind: 'prepaid_outstanding', owner: { type: 'system' } },
              tx,
            )
          ).id;
          outstanding.set(account.systemId, counter);
        }
        postings.push({
          systemId: account.systemId,
          cause: {
            kind: 'prepaid_use',
            description: `${use.leads} prepaid lead${use.leads === 1 ? '' : 's'} delivered`,
            businessKey: `prepaid-use:${use.campaignId}:lead-${use.firstLeadId}`,
            companyId: account.clientId,
          },
          lines: [
            { accountId: account.accountId, amount: asLeads(use.leads) },
            { accountId: counter, amount: asLeads(-use.leads) },
          ],
        });
      }
      await ledger.postMany(postings, tx);
    },

    /** Leads left per campaign (reads: the campaign list, the daily plan); absent: none bought. */
    async left(campaignIds: readonly number[], tx?: Executor): Promise<Map<number, number>> {
      const byCampaign = await repoOf(tx).prepaidAccounts(campaignIds);
      const balances = await ledger.balancesOf(
        [...byCampaign.values()].map((id) => ({ id, kind: 'prepaid' as const })),
        tx,
      );
      return new Map([...byCampaign].map(([campaignId, id]) => [campaignId, balances.get(id) ?? 0]));
    },
  };
}

export type PrepaidLots = ReturnType<typeof createPrepaidLots>;
