import { asCents, type Cents } from '@app/contracts';
import type { Database, Executor } from '@app/db';
import { type Clock, systemClock } from '../../lib/clock.js';
import { createGatewayPostings } from './gateway-postings.js';
import {
  isLedgerAccountKind,
  LEDGER_ACCOUNT_KINDS,
  type LedgerAccountKind,
  onNormalSide,
} from './ledger-catalogue.js';
import { LedgerError } from './ledger-error.js';
import {
  type AccountRow,
  causeOf,
  createLedgerRepository,
  gatewayOf,
  type LedgerRepository,
  type PostingRow,
} from './ledger-repository.js';
import { createLedgerOverview } from './overview.js';
import { checkPosting, type PostingInput } from './posting-rules.js';
import { readStatement, type Statement, type StatementQuery } from './statement.js';

export type LedgerOwner =
  | { type: 'system' }
  | { type: 'company'; companyId: number }
  | { type: 'user'; userId: number };

export interface LedgerAccount {
  id: number;
  systemId: number;
  kind: LedgerAccountKind;
  owner: LedgerOwner;
  reference: string;
}

export interface LedgerPosting {
  id: number;
  systemId: number;
  cause: PostingInput['cause'];
  gateway: { name: string; objectId: string } | null;
  createdAt: Date;
  lines: { accountId: number; amount: Cents }[];
}

export interface AccountBalance {
  accountId: number;
  kind: LedgerAccountKind;
  /** On the account's normal side (see the catalogue): what it holds, owes or has earned. */
  balance: Cents;
  /** The plain sum of its lines, debit positive. */
  sumOfLines: Cents;
}

const REFERENCE_PATTERN = /^[\x21-\x7e]{0,100}$/;

const toAccount = (row: AccountRow): LedgerAccount => ({
  id: row.id,
  systemId: row.systemId,
  kind: row.kind as LedgerAccountKind,
  owner:
    row.companyId !== null
      ? { type: 'company', companyId: row.companyId }
      : row.userId !== null
        ? { type: 'user', userId: row.userId }
        : { type: 'system' },
  reference: row.reference,
});

const toPosting = (row: PostingRow, lines: { accountId: number; amount: number }[]): LedgerPosting => ({
  id: row.id,
  systemId: row.systemId,
  cause: causeOf(row),
  gateway: gatewayOf(row),
  createdAt: row.createdAt,
  lines: lines.map((l) => ({ accountId: l.accountId, amount: asCents(l.amount) })),
});

/** What makes two posts of one business key the same operation (the description may be reworded). */
const operationOf = (p: {
  systemId: number;
  cause: { kind: string; companyId: number | null };
  gateway?: { name: string; objectId: string } | null;
  lines: readonly { accountId: number; amount: number }[];
}) =>
  JSON.stringify([
    p.systemId,
    p.cause.kind,
    p.cause.companyId,
    p.gateway ? [p.gateway.name, p.gateway.objectId] : null,
    p.lines.map((l) => `${l.accountId}:${l.amount}`).sort(),
  ]);

/**
 * The ledger: accounts, postings, balances and statements (decision 0029). Every call names its
 * system; an account, company or person of another system is refused as if it did not exist.
 * A caller's transaction may be passed so a posting commits with the business change it records.
 */
export function createLedger({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  const repoOf = (tx?: Executor) => createLedgerRepository(tx ?? db);

  /** Every account of the lines in the system, all counting one unit; refused otherwise. */
  async function checkAccounts(repo: LedgerRepository, postings: readonly PostingInput[]) {
    const ids = [...new Set(postings.flatMap((p) => p.lines.map((l) => l.accountId)))];
    const accounts = new Map((await repo.accountsByIds(ids)).map((a) => [a.id, a]));
    for (const { systemId, lines } of postings) {
      const units = new Set<string>();
      for (const line of lines) {
        const account = accounts.get(line.accountId);
        if (!account || account.systemId !== systemId)
          throw new LedgerError('not_in_system', `A line's account is not in system ${systemId}.`);
        units.add(account.unit);
      }
      if (units.size > 1)
        throw new LedgerError('invalid_posting', 'A posting counts one unit: its lines mix cents and leads.');
    }
    const companyIds = [
      ...new Set(postings.flatMap((p) => (p.cause.companyId === null ? [] : [p.cause.companyId]))),
    ];
    if (companyIds.length === 0) return;
    const companies = new Map((await repo.companiesByIds(companyIds)).map((c) => [c.id, c.systemId]));
    for (const { systemId, cause } of postings)
      if (cause.companyId !== null && companies.get(cause.companyId) !== systemId)
        throw new LedgerError('not_in_system', `Company ${cause.companyId} is not in system ${systemId}.`);
  }

  async function ownerInSystem(repo: LedgerRepository, systemId: number, owner: LedgerOwner) {
    if (owner.type === 'company') return repo.companyInSystem(systemId, owner.companyId);
    if (owner.type === 'user') return repo.userInSystem(systemId, owner.userId);
    return true;
  }

  async function accountOf(repo: LedgerRepository, systemId: number, accountId: number) {
    const row = await repo.accountInSystem(systemId, accountId);
    if (!row)
      throw new LedgerError('not_in_system', `Ledger account ${accountId} is not in system ${systemId}.`);
    return toAccount(row);
  }

  return {
    ...createLedgerOverview({ db }),
    ...createGatewayPostings({ db }),

    /** The account of this owner and purpose in the system, created on first use (once, however many ask). */
    async accountFor(
      input: { systemId: number; kind: LedgerAccountKind; owner: LedgerOwner; reference?: string },
      tx?: Executor,
    ): Promise<LedgerAccount> {
      const { systemId, kind, owner, reference = '' } = input;
      if (!isLedgerAccountKind(kind))
        throw new LedgerError('invalid_account', `"${kind}" is not a ledger account kind.`);
      if (LEDGER_ACCOUNT_KINDS[kind].owner !== owner.type)
        throw new LedgerError(
          'invalid_account',
          `A ${kind} account belongs to a ${LEDGER_ACCOUNT_KINDS[kind].owner}, not a ${owner.type}.`,
        );
      if (!REFERENCE_PATTERN.test(reference))
        throw new LedgerError(
          'invalid_account',
          'An account reference is at most 100 visible ASCII characters.',
        );
      const repo = repoOf(tx);
      if (!(await ownerInSystem(repo, systemId, owner)))
        throw new LedgerError('not_in_system', `The ${owner.type} is not in system ${systemId}.`);
      const unit = LEDGER_ACCOUNT_KINDS[kind].unit;
      const key = {
        systemId,
        kind,
        companyId: owner.type === 'company' ? owner.companyId : null,
        userId: owner.type === 'user' ? owner.userId : null,
        reference,
      };
      const row =
        (await repo.findAccount(key)) ??
        (await repo.insertAccount({ ...key, unit })) ??
        (await repo.findAccount(key));
      if (!row) throw new Error('ledger account vanished after its insert conflicted');
      return toAccount(row);
    },

    /**
     * Records one business operation, exactly once: the first post of a business key writes it,
     * every later one (concurrent or not) returns that posting with `created: false`. A later post
     * of the key with other lines, accounts, cause or gateway object is refused.
     */
    async post(input: PostingInput, tx?: Executor): Promise<{ posting: LedgerPosting; created: boolean }> {
      checkPosting(input, clock.now());
      const { systemId, cause, lines } = input;
      return (tx ?? db).transaction(async (t) => {
        const repo = repoOf(t);
        await checkAccounts(repo, [input]);
        const inserted = await repo.insertPosting({
          systemId,
          causeKind: cause.kind,
          description: cause.description,
          businessKey: cause.businessKey,
          companyId: cause.companyId,
          gateway: input.gateway?.name ?? null,
          gatewayObjectId: input.gateway?.objectId ?? null,
          lineCount: lines.length,
          createdAt: input.postedAt ?? clock.now(),
        });
        if (inserted) {
          await repo.insertLines(inserted.id, lines);
          return { posting: toPosting(inserted, [...lines]), created: true };
        }
        const existing = await repo.postingByKey(cause.businessKey);
        if (!existing) throw new Error('ledger posting vanished after its insert conflicted');
        const posting = toPosting(existing, await repo.linesOf(existing.id));
        if (operationOf(posting) !== operationOf(input))
          throw new LedgerError(
            'business_key_conflict',
            `The business key "${cause.businessKey}" is already posted as another operation (posting ${existing.id}).`,
          );
        return { posting, created: false };
      });
    },

    /** The posting of this business key with its lines, or null (what a wallet payment took, decisions 0085, 0087). */
    async postingOf(businessKey: string, tx?: Executor): Promise<LedgerPosting | null> {
      const repo = repoOf(tx);
      const row = await repo.postingByKey(businessKey);
      return row ? toPosting(row, await repo.linesOf(row.id)) : null;
    },

    /**
     * Many operations at once, in the caller's transaction and in three statements whatever their
     * number (the lead claim posts its prepaid use this way, decision 0072). Every key must be new:
     * one already posted is refused (`business_key_conflict`) and the caller's transaction with it.
     */
    async postMany(inputs: readonly PostingInput[], tx: Executor): Promise<void> {
      if (inputs.length === 0) return;
      const now = clock.now();
      for (const input of inputs) checkPosting(input, now);
      const repo = repoOf(tx);
      await checkAccounts(repo, inputs);
      const created = await repo.insertPostingsWithLines(
        inputs.map(({ systemId, cause, lines, postedAt, gateway }) => ({
          systemId,
          causeKind: cause.kind,
          description: cause.description,
          businessKey: cause.businessKey,
          companyId: cause.companyId,
          gateway: gateway?.name ?? null,
          gatewayObjectId: gateway?.objectId ?? null,
          lineCount: lines.length,
          createdAt: postedAt ?? now,
        })),
        inputs.flatMap(({ cause, lines }) =>
          lines.map((l) => ({ businessKey: cause.businessKey, accountId: l.accountId, amount: l.amount })),
        ),
      );
      const old = inputs.find((i) => !created.has(i.cause.businessKey));
      if (old)
        throw new LedgerError(
          'business_key_conflict',
          `The business key "${old.cause.businessKey}" is already posted.`,
        );
    },

    /** The account's balance: a sum of its rows, nothing cached. */
    async balanceOf(input: { systemId: number; accountId: number }, tx?: Executor): Promise<AccountBalance> {
      const repo = repoOf(tx);
      const account = await accountOf(repo, input.systemId, input.accountId);
      const sumOfLines = asCents(await repo.sumOfLines(account.id));
      return {
        accountId: account.id,
        kind: account.kind,
        balance: asCents(onNormalSide(account.kind, sumOfLines)),
        sumOfLines,
      };
    },

    /**
     * Balances of many accounts of known kinds in one read (the lead claim's prepaid leads), on each
     * account's normal side; an account without lines has 0. No system check: pass ids the caller
     * took from its own rows (`accountFor` checked them when they were made).
     */
    async balancesOf(
      accounts: readonly { id: number; kind: LedgerAccountKind }[],
      tx?: Executor,
    ): Promise<Map<number, number>> {
      if (accounts.length === 0) return new Map();
      const sums = await repoOf(tx).sumsOfLines(accounts.map((a) => a.id));
      return new Map(accounts.map((a) => [a.id, onNormalSide(a.kind, sums.get(a.id) ?? 0)]));
    },

    /**
     * Every account of the kind with a balance other than zero, on its normal side (what each sales
     * person is owed, for the commission payouts and, `only` one system's, its screen): one grouped read.
     */
    async nonZeroBalances(kind: LedgerAccountKind, tx?: Executor, only?: { systemId: number }) {
      const rows = await repoOf(tx).nonZeroOfKind(kind, only?.systemId);
      return rows.map(({ sumOfLines, ...row }) => ({
        ...row,
        balance: asCents(onNormalSide(kind, sumOfLines)),
      }));
    },

    /**
     * Data Wallet spends (cause `wallet_spend`) in posting order after a point of it, each with the
     * amount it moved and the company it concerns (the agency): what sales commissions are earned on
     * besides collected charges (decision 0089). A minimum-spend shortfall the wallet pays posts
     * cause `minimum_spend` and is not among them.
     */
    async walletSpends(after: { postedAt: Date; id: number } | null, limit: number) {
      return (await repoOf().postingsOfCause('wallet_spend', after, limit)).map(({ moved, ...row }) => ({
        ...row,
        amount: asCents(moved),
      }));
    },

    /** Every line behind a balance, a page at a time, optionally one month (UTC), with running balances. */
    async statement(query: StatementQuery, tx?: Executor): Promise<Statement> {
      const read = async (t: Executor) => {
        const repo = repoOf(t);
        return readStatement(repo, await accountOf(repo, query.systemId, query.accountId), query);
      };
      if (tx) return read(tx);
      // One snapshot for the page and the sums around it, so the running balances agree.
      return db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
