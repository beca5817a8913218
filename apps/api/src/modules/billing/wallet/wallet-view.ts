import { Readable } from 'node:stream';
import {
  asCents,
  type Cents,
  centsToDollars,
  DATA_WALLET_CSV_HEADER,
  DATA_WALLET_CSV_MAX_LINES,
  DATA_WALLET_HISTORY_MAX_LINES,
  type DataWalletHistory,
  type DataWalletHistoryLine,
  type DataWalletView,
  dataWalletFileName,
  toTF,
} from '@app/contracts';
import type { Database } from '@app/db';
import type { Clock } from '../../../lib/clock.js';
import { csvChunks } from '../../../lib/csv.js';
import type { Ledger, StatementLine } from '../../ledger/index.js';
import type { WalletLots } from '../lots/wallet-lots.js';
import type { WalletAgency } from './wallet-agency.js';
import type { WalletSettingsRepository } from './wallet-settings-repository.js';

/** Lines per statement page (the ledger's largest). */
const PAGE = 100;
/** Money in is a top-up's type, a refund given back into the wallet's too (decision 0087). */
const TYPES = {
  wallet_topup: 'topup',
  refund: 'topup',
  wallet_spend: 'charge',
  minimum_spend: 'charge',
} as const;
const typeOf = (line: StatementLine) => TYPES[line.cause.kind as keyof typeof TYPES] ?? 'other';

/** A line's effect on the balance without its sign (the transaction type says which way it went). */
const magnitude = (cents: Cents): Cents => asCents(cents < 0 ? -cents : cents);
const csvTime = (at: Date) =>
  at
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, '');

/** A month's bounds (UTC, as the ledger's months are): [from, to). */
function rangeOfMonth(month: string): { from: Date; to: Date } {
  const year = Number.parseInt(month.slice(0, 4), 10);
  const index = Number.parseInt(month.slice(5, 7), 10) - 1;
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

/** The clock's month (UTC, as the ledger's months are). */
export const currentMonth = (now: Date) =>
  `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * What the Data Wallet modal and its download read (spec 2 §2, §7; decision 0073): the settings,
 * the balance (the ledger's sum of the agency's wallet account), and a month's lines of that account
 * with the month's opening and closing balances. A top-up line, and a refund given back into the
 * wallet (decision 0087), carries its lot's expiry.
 */
export function createWalletView(deps: {
  db: Database;
  ledger: Ledger;
  lots: Pick<WalletLots, 'balance' | 'lots'>;
  settings: Pick<WalletSettingsRepository, 'get'>;
  /** Whether the agency has a card on the platform to top up with. */
  hasCard: (agencyId: number) => Promise<boolean>;
  clock: Clock;
}) {
  const { ledger } = deps;

  /** The month's lines up to the modal's limit, read in one snapshot so the pages and balances agree. */
  async function monthOf(wallet: WalletAgency, month: string) {
    return deps.db.transaction(
      async (tx) => {
        const query = { systemId: wallet.systemId, accountId: wallet.accountId, month, pageSize: PAGE };
        const first = await ledger.statement({ ...query, page: 1 }, tx);
        const lines = [...first.lines];
        const wanted = Math.min(first.totalLines, DATA_WALLET_HISTORY_MAX_LINES);
        for (let page = 2; lines.length < wanted; page += 1)
          lines.push(...(await ledger.statement({ ...query, page }, tx)).lines);
        return { statement: first, lines: lines.slice(0, wanted) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** Each lot's source key → its expiry, and what the month's purchases came to. */
  async function lotsOf(wallet: WalletAgency, month: string) {
    const range = rangeOfMonth(month);
    const expiries = new Map<string, Date | null>();
    let bought = 0;
    for (const lot of await deps.lots.lots(wallet.accountId)) {
      expiries.set(lot.sourceKey, lot.expiresAt);
      if (lot.origin === 'purchase' && lot.boughtAt >= range.from && lot.boughtAt < range.to)
        bought += lot.quantity;
    }
    return { expiries, bought: asCents(bought) };
  }

  async function history(wallet: WalletAgency, month: string | undefined) {
    const chosen = month || currentMonth(deps.clock.now());
    const [{ statement, lines }, lots] = await Promise.all([monthOf(wallet, chosen), lotsOf(wallet, chosen)]);
    const rows: DataWalletHistoryLine[] = lines.map((line) => {
      const expiry = typeOf(line) === 'topup' ? lots.expiries.get(line.cause.businessKey) : null;
      return {
        id: line.lineId,
        title: line.cause.description,
        created_at: line.postedAt.toISOString(),
        expired_at: expiry ? expiry.toISOString() : null,
        transaction_type: typeOf(line),
        amount: centsToDollars(magnitude(line.change)),
      };
    });
    const answer: DataWalletHistory = {
      result: 'success',
      month: chosen,
      opening_balance: centsToDollars(statement.openingBalance),
      closing_balance: centsToDollars(statement.closingBalance),
      transaction_history: rows,
      total_lines: statement.totalLines,
    };
    return { answer, bought: lots.bought, opening: statement.openingBalance };
  }

  return {
    /** `GET …/get-transaction-history-direct-payment`: the month's lines. */
    history: async (wallet: WalletAgency, month: string | undefined) => (await history(wallet, month)).answer,

    /** `GET …/get-direct-payment`: the settings, the balance and the month's history. */
    async read(wallet: WalletAgency, month: string | undefined): Promise<DataWalletView> {
      const [{ answer, bought, opening }, settings, balance, card] = await Promise.all([
        history(wallet, month),
        deps.settings.get(wallet.agencyId),
        deps.lots.balance(wallet.accountId),
        deps.hasCard(wallet.agencyId),
      ]);
      return {
        ...answer,
        amount: centsToDollars(settings?.amount ?? asCents(0)),
        custom_amount: toTF(settings?.customAmount ?? false),
        stop_continual: toTF(settings?.stopContinual ?? false),
        balance_amount: centsToDollars(balance),
        total_amount: centsToDollars(bought),
        last_balance_amount: centsToDollars(opening),
        is_enable_topup_prepaid_direct_payment: toTF(card),
      };
    },

    /**
     * The month's history as CSV (spec 2 §7 download): every line of the month with the balance after
     * it, streamed from the ledger in batches; amounts carry their sign here (a file has no type icon),
     * top-ups their expiry; formula-looking cells are escaped.
     */
    async download(wallet: WalletAgency, month: string | undefined) {
      const chosen = month || currentMonth(deps.clock.now());
      const { expiries } = await lotsOf(wallet, chosen);
      const exported = await ledger.statementExport({
        systemId: wallet.systemId,
        accountId: wallet.accountId,
        month: chosen,
        limit: DATA_WALLET_CSV_MAX_LINES,
      });
      async function* records() {
        for await (const lines of exported.batches())
          yield lines.map((line) => {
            const expiry = typeOf(line) === 'topup' ? expiries.get(line.cause.businessKey) : null;
            return [
              csvTime(line.postedAt),
              line.cause.description,
              typeOf(line),
              centsToDollars(line.change),
              centsToDollars(line.balance),
              expiry ? csvTime(expiry) : '',
            ];
          });
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

export type WalletView = ReturnType<typeof createWalletView>;
