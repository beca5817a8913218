import { Readable } from 'node:stream';
import {
  asCents,
  type Cents,
  centsToDollars,
  DATA_WALLET_CSV_HEADER,
  DATA_WALLET_CSV_MAX_LINES,
  type DataWalletView,
  dataWalletFileName,
} from '@app/contracts';
import { notFound } from '../../../http-errors.js';
import type { Clock } from '../../../lib/clock.js';
import { csvChunks } from '../../../lib/csv.js';
import { type BetaFeatureService, DATA_WALLET } from '../../agreements/index.js';
import type { Ledger } from '../../ledger/index.js';

const TYPES = { wallet_topup: 'topup', wallet_spend: 'charge' } as const;

const currentMonth = (now: Date) =>
  `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;

/** A line's effect on the balance without its sign (the transaction type says which way it went). */
const magnitude = (cents: Cents): Cents => asCents(cents < 0 ? -cents : cents);

/**
 * What is real of the Data Wallet today (decision 0034): the balance of the agency's wallet account in
 * the ledger and that account's lines of one month. Top-ups come with the next issue; until then the
 * balance is 0 and the history empty — read from the ledger, never assumed. The gate is the server's.
 */
export function createDataWalletService(deps: { ledger: Ledger; beta: BetaFeatureService; clock: Clock }) {
  /** The agency's wallet account, once the gate is open for it (a client's id names no wallet). */
  async function walletOf(companyId: number) {
    const agency = await deps.beta.agencyOf(companyId);
    if (!agency || agency.agencyId !== companyId) throw notFound();
    await deps.beta.requireOpen(companyId, DATA_WALLET);
    const account = await deps.ledger.accountFor({
      systemId: agency.systemId,
      kind: 'wallet',
      owner: { type: 'company', companyId },
    });
    return { agency, account };
  }

  return {
    async read(companyId: number, month: string | undefined): Promise<DataWalletView> {
      const { agency, account } = await walletOf(companyId);
      const { balance } = await deps.ledger.balanceOf({ systemId: agency.systemId, accountId: account.id });
      const chosen = month ?? currentMonth(deps.clock.now());
      const statement = await deps.ledger.statement({
        systemId: agency.systemId,
        accountId: account.id,
        month: chosen,
        page: 1,
        pageSize: 100,
      });
      return {
        result: 'success',
        balance_amount: centsToDollars(balance),
        month: chosen,
        opening_balance: centsToDollars(statement.openingBalance),
        closing_balance: centsToDollars(statement.closingBalance),
        transaction_history: statement.lines.map((line) => ({
          id: line.lineId,
          title: line.cause.description,
          created_at: line.postedAt.toISOString(),
          transaction_type: TYPES[line.cause.kind as keyof typeof TYPES] ?? 'other',
          amount: centsToDollars(magnitude(line.change)),
        })),
      };
    },

    /**
     * The month's history as CSV (spec 2 §2 "monthly transaction history with download"): the same
     * lines as the modal, with the balance after each, streamed from the ledger in batches. Amounts
     * carry their sign here (a file has no colour or type icon); formula-looking cells are escaped.
     */
    async download(companyId: number, month: string | undefined) {
      const { agency, account } = await walletOf(companyId);
      const chosen = month ?? currentMonth(deps.clock.now());
      const exported = await deps.ledger.statementExport({
        systemId: agency.systemId,
        accountId: account.id,
        month: chosen,
        limit: DATA_WALLET_CSV_MAX_LINES,
      });
      async function* records() {
        for await (const lines of exported.batches())
          yield lines.map((line) => [
            line.postedAt
              .toISOString()
              .replace('T', ' ')
              .replace(/\.\d{3}Z$/, ''),
            line.cause.description,
            TYPES[line.cause.kind as keyof typeof TYPES] ?? 'other',
            centsToDollars(line.change),
            centsToDollars(line.balance),
          ]);
      }
      return {
        body: Readable.from(csvChunks(DATA_WALLET_CSV_HEADER, records())),
        fileName: dataWalletFileName(chosen),
        total: exported.total,
        truncated: exported.truncated,
      };
    },
  };
}

export type DataWalletService = ReturnType<typeof createDataWalletService>;
