import { asCents } from '@app/contracts';
import { eq, firstRow, ledgerPostings, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LedgerWorld, ledgerWorld } from '../../../test/kits/ledger-world.js';
import { cloneTestDatabase } from '../../../test/test-database.js';
import { createLedger, type Ledger, LedgerError, type PostingInput } from './index.js';

let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let ledger: Ledger;
let world: LedgerWorld;

beforeAll(async () => {
  database = await cloneTestDatabase();
  ledger = createLedger({ db: database.db });
  world = await ledgerWorld(database.db);
});
afterAll(() => database?.dispose());

const refusedWith = async (promise: Promise<unknown>, code: LedgerError['code']) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LedgerError);
  expect((error as LedgerError).code).toBe(code);
  return (error as LedgerError).message;
};
const postingCount = async (businessKey?: string) => {
  const [row] = await database.db
    .select({ n: sql`count(*)`.mapWith(Number) })
    .from(ledgerPostings)
    .where(businessKey ? eq(ledgerPostings.businessKey, businessKey) : undefined);
  return row?.n ?? 0;
};

/** The master system's clearing and revenue accounts and Northwind's wallet. */
async function masterAccounts() {
  const { systemId, agencyId } = world.master;
  const system = { type: 'system' } as const;
  return {
    clearing: await ledger.accountFor({ systemId, kind: 'gateway_clearing', owner: system }),
    revenue: await ledger.accountFor({ systemId, kind: 'revenue', owner: system }),
    wallet: await ledger.accountFor({
      systemId,
      kind: 'wallet',
      owner: { type: 'company', companyId: agencyId },
    }),
  };
}

const onboardingCharge = (
  accounts: Awaited<ReturnType<typeof masterAccounts>>,
  businessKey: string,
  cents = 50_000,
): PostingInput => ({
  systemId: world.master.systemId,
  cause: {
    kind: 'onboarding_charge',
    description: 'Onboarding charge of Northwind Digital',
    businessKey,
    companyId: world.master.agencyId,
  },
  gateway: { name: 'sandbox', objectId: `ch_${businessKey}` },
  lines: [
    { accountId: accounts.clearing.id, amount: asCents(cents) },
    { accountId: accounts.revenue.id, amount: asCents(-cents) },
  ],
});

describe('ledger accounts', () => {
  it('one account per owner and purpose, however many ask at once', async () => {
    const { systemId, salesUserId } = world.master;
    const asks = Array.from({ length: 20 }, () =>
      ledger.accountFor({
        systemId,
        kind: 'commission_payable',
        owner: { type: 'user', userId: salesUserId },
      }),
    );
    const ids = new Set((await Promise.all(asks)).map((a) => a.id));
    expect(ids.size).toBe(1);
    const prepaid = (reference: string) =>
      ledger.accountFor({
        systemId,
        kind: 'prepaid',
        owner: { type: 'company', companyId: world.master.clientId },
        reference,
      });
    const [campaign1, campaign2, again] = [
      await prepaid('campaign:1'),
      await prepaid('campaign:2'),
      await prepaid('campaign:1'),
    ];
    expect(campaign1.id).not.toBe(campaign2.id);
    expect(again).toEqual(campaign1);
    expect(campaign1.owner).toEqual({ type: 'company', companyId: world.master.clientId });
  });

  it('refuses an owner of another system, and an owner the purpose does not take', async () => {
    const { systemId } = world.master;
    await refusedWith(
      ledger.accountFor({
        systemId,
        kind: 'wallet',
        owner: { type: 'company', companyId: world.other.agencyId },
      }),
      'not_in_system',
    );
    await refusedWith(
      ledger.accountFor({
        systemId,
        kind: 'commission_payable',
        owner: { type: 'user', userId: world.other.userId },
      }),
      'not_in_system',
    );
    expect(
      await refusedWith(
        ledger.accountFor({
          systemId,
          kind: 'revenue',
          owner: { type: 'company', companyId: world.master.agencyId },
        }),
        'invalid_account',
      ),
    ).toBe('A revenue account belongs to a system, not a company.');
  });
});

describe('postings', () => {
  it('posts a balanced operation with its cause and gateway object, and balances are sums of its lines', async () => {
    const accounts = await masterAccounts();
    const { posting, created } = await ledger.post(onboardingCharge(accounts, 'onboarding:balances'));
    expect(created).toBe(true);
    expect(posting.cause).toEqual({
      kind: 'onboarding_charge',
      description: 'Onboarding charge of Northwind Digital',
      businessKey: 'onboarding:balances',
      companyId: world.master.agencyId,
    });
    expect(posting.gateway).toEqual({ name: 'sandbox', objectId: 'ch_onboarding:balances' });
    const clearing = await ledger.balanceOf({
      systemId: world.master.systemId,
      accountId: accounts.clearing.id,
    });
    const revenue = await ledger.balanceOf({
      systemId: world.master.systemId,
      accountId: accounts.revenue.id,
    });
    // Debit-normal clearing and credit-normal revenue both read positive; their lines cancel out.
    expect(clearing).toMatchObject({ kind: 'gateway_clearing', balance: 50_000, sumOfLines: 50_000 });
    expect(revenue).toMatchObject({ kind: 'revenue', balance: 50_000, sumOfLines: -50_000 });
  });

  it('the same business key posts once: a second post returns the first posting', async () => {
    const accounts = await masterAccounts();
    const first = await ledger.post(onboardingCharge(accounts, 'onboarding:twice'));
    const reworded = onboardingCharge(accounts, 'onboarding:twice');
    reworded.cause.description = 'Onboarding fee, Northwind';
    const second = await ledger.post(reworded);
    expect(second.created).toBe(false);
    expect(second.posting).toEqual(first.posting);
    expect(await postingCount('onboarding:twice')).toBe(1);
  });

  it('refuses the same business key for another operation, and writes nothing', async () => {
    const accounts = await masterAccounts();
    await ledger.post(onboardingCharge(accounts, 'onboarding:conflict'));
    const before = await postingCount();
    const message = await refusedWith(
      ledger.post(onboardingCharge(accounts, 'onboarding:conflict', 60_000)),
      'business_key_conflict',
    );
    expect(message).toMatch(/^The business key "onboarding:conflict" is already posted as another operation/);
    expect(await postingCount()).toBe(before);
  });

  it('100 concurrent posts of one key make one posting, and the balance moves once', async () => {
    const accounts = await masterAccounts();
    const { systemId } = world.master;
    const walletBefore = await ledger.balanceOf({ systemId, accountId: accounts.wallet.id });
    const topUp: PostingInput = {
      systemId,
      cause: {
        kind: 'wallet_topup',
        description: 'Data Wallet top-up',
        businessKey: 'wallet:race',
        companyId: world.master.agencyId,
      },
      gateway: { name: 'sandbox', objectId: 'ch_wallet_race' },
      lines: [
        { accountId: accounts.clearing.id, amount: asCents(25_000) },
        { accountId: accounts.wallet.id, amount: asCents(-25_000) },
      ],
    };
    const results = await Promise.all(Array.from({ length: 100 }, () => ledger.post(topUp)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.posting.id)).size).toBe(1);
    expect(await postingCount('wallet:race')).toBe(1);
    const walletAfter = await ledger.balanceOf({ systemId, accountId: accounts.wallet.id });
    expect(walletAfter.balance - walletBefore.balance).toBe(25_000);
  });

  it('refuses lines on an account of another system and a company of another system, and writes nothing', async () => {
    const accounts = await masterAccounts();
    const foreign = await ledger.accountFor({
      systemId: world.other.systemId,
      kind: 'gateway_clearing',
      owner: { type: 'system' },
    });
    const before = await postingCount();
    const crossing = onboardingCharge(accounts, 'onboarding:crossing');
    crossing.lines = [crossing.lines[0]!, { accountId: foreign.id, amount: asCents(-50_000) }];
    await refusedWith(ledger.post(crossing), 'not_in_system');
    const otherCompany = onboardingCharge(accounts, 'onboarding:other-company');
    otherCompany.cause.companyId = world.other.agencyId;
    await refusedWith(ledger.post(otherCompany), 'not_in_system');
    expect(await postingCount()).toBe(before);
  });

  it("commits with the caller's transaction, and leaves nothing when it rolls back", async () => {
    const accounts = await masterAccounts();
    await expect(
      database.db.transaction(async (tx) => {
        await ledger.post(onboardingCharge(accounts, 'onboarding:rolled-back'), tx);
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await postingCount('onboarding:rolled-back')).toBe(0);
    await database.db.transaction((tx) =>
      ledger.post(onboardingCharge(accounts, 'onboarding:committed'), tx),
    );
    expect(await postingCount('onboarding:committed')).toBe(1);
  });

  it('keeps a posting to one unit: leads never balance cents (decision 0072)', async () => {
    const accounts = await masterAccounts();
    const leads = await ledger.accountFor({
      systemId: world.master.systemId,
      kind: 'prepaid_outstanding',
      owner: { type: 'system' },
    });
    const mixed = onboardingCharge(accounts, 'onboarding:mixed-units');
    mixed.lines = [mixed.lines[0]!, { accountId: leads.id, amount: asCents(-50_000) }];
    const before = await postingCount();
    await refusedWith(ledger.post(mixed), 'invalid_posting');
    expect(await postingCount()).toBe(before);
  });

  it('posts many operations in one call inside a transaction, and refuses the whole batch for a key posted before', async () => {
    const accounts = await masterAccounts();
    const batch = Array.from({ length: 50 }, (_, i) => onboardingCharge(accounts, `batch:${i}`));
    const before = await ledger.balanceOf({
      systemId: world.master.systemId,
      accountId: accounts.clearing.id,
    });
    await database.db.transaction((tx) => ledger.postMany(batch, tx));
    const after = await ledger.balanceOf({
      systemId: world.master.systemId,
      accountId: accounts.clearing.id,
    });
    expect(after.balance - before.balance).toBe(50 * 50_000);
    const again = [onboardingCharge(accounts, 'batch:new'), onboardingCharge(accounts, 'batch:7')];
    await refusedWith(
      database.db.transaction((tx) => ledger.postMany(again, tx)),
      'business_key_conflict',
    );
    expect(await postingCount('batch:new')).toBe(0);
  });

  it('reads no account of another system', async () => {
    const accounts = await masterAccounts();
    await refusedWith(
      ledger.balanceOf({ systemId: world.other.systemId, accountId: accounts.clearing.id }),
      'not_in_system',
    );
    await refusedWith(
      ledger.statement({ systemId: world.other.systemId, accountId: accounts.clearing.id, page: 1 }),
      'not_in_system',
    );
  });
});

describe('statements', () => {
  /**
   * Seven top-ups of 100..700 cents into a fresh prepaid balance: three in 2026-01 and four in
   * 2026-02. The ledger dates a posting "now", and statements by month need history, so the test
   * writes the history in SQL as an import of old data would: one whole posting per transaction,
   * every database check on.
   */
  async function prepaidWithHistory() {
    const { systemId } = world.master;
    const clearing = await ledger.accountFor({
      systemId,
      kind: 'gateway_clearing',
      owner: { type: 'system' },
    });
    const prepaid = await ledger.accountFor({
      systemId,
      kind: 'wallet',
      owner: { type: 'company', companyId: world.master.clientId },
      reference: 'campaign:history',
    });
    const times = [
      '2026-01-05',
      '2026-01-20',
      '2026-01-31T23:59:59.999',
      '2026-02-01',
      '2026-02-02',
      '2026-02-10',
      '2026-02-28',
    ];
    for (const [i, time] of times.entries()) {
      const cents = 100 * (i + 1); // $1, $2, $3 …
      await database.db.transaction(async (tx) => {
        const posting = firstRow(
          await queryRows<{ id: number }>(
            tx,
            sql`insert into ledger_postings (system_id, cause_kind, description, business_key, company_id, line_count, created_at)
          values (${systemId}, 'charge', ${`Top-up ${i + 1}`}, ${`history:${i}`}, ${world.master.clientId}, 2, ${`${time}Z`}::timestamptz)
          returning id`,
          ),
          'posting',
        );
        await tx.execute(sql`
          insert into ledger_lines (posting_id, account_id, amount, posted_at)
          select p.id, l.account_id, l.amount, p.created_at from ledger_postings p,
                 (values (${clearing.id}::bigint, ${cents}::bigint), (${prepaid.id}::bigint, ${-cents}::bigint)) l(account_id, amount)
           where p.id = ${posting.id}`);
      });
    }
    return prepaid;
  }

  let prepaid: Awaited<ReturnType<typeof prepaidWithHistory>>;
  beforeAll(async () => {
    prepaid = await prepaidWithHistory();
  });

  it('pages every line behind a balance with running balances that end at the balance', async () => {
    const { systemId } = world.master;
    const pages = await Promise.all(
      [1, 2, 3].map((page) => ledger.statement({ systemId, accountId: prepaid.id, page, pageSize: 3 })),
    );
    const lines = pages.flatMap((p) => p.lines);
    expect(lines.map((l) => l.change)).toEqual([100, 200, 300, 400, 500, 600, 700]);
    expect(lines.map((l) => l.amount)).toEqual([-100, -200, -300, -400, -500, -600, -700]);
    expect(lines.map((l) => l.balance)).toEqual([100, 300, 600, 1000, 1500, 2100, 2800]);
    expect(lines.map((l) => l.cause.businessKey)).toEqual(
      Array.from({ length: 7 }, (_, i) => `history:${i}`),
    );
    expect(pages.map((p) => p.pageChange)).toEqual([600, 1500, 700]);
    expect(pages[0]).toMatchObject({ totalLines: 7, openingBalance: 0, closingBalance: 2800, month: null });
    expect((await ledger.balanceOf({ systemId, accountId: prepaid.id })).balance).toBe(2800);
    expect(lines[2]?.postedAt.toISOString()).toBe('2026-01-31T23:59:59.999Z');
  });

  it('filters by month (UTC): opening balance from the months before, running balances through it', async () => {
    const { systemId } = world.master;
    const february = await ledger.statement({
      systemId,
      accountId: prepaid.id,
      month: '2026-02',
      page: 1,
      pageSize: 2,
    });
    expect(february).toMatchObject({
      totalLines: 4,
      openingBalance: 600,
      closingBalance: 2800,
      pageChange: 900,
    });
    expect(february.lines.map((l) => l.balance)).toEqual([1000, 1500]);
    const january = await ledger.statement({ systemId, accountId: prepaid.id, month: '2026-01', page: 1 });
    expect(january.lines.map((l) => l.change)).toEqual([100, 200, 300]);
    expect(january).toMatchObject({ openingBalance: 0, closingBalance: 600 });
    const march = await ledger.statement({ systemId, accountId: prepaid.id, month: '2026-03', page: 1 });
    expect(march).toMatchObject({ totalLines: 0, openingBalance: 2800, closingBalance: 2800, lines: [] });
  });

  it('refuses a malformed month, page or page size', async () => {
    const { systemId } = world.master;
    await refusedWith(
      ledger.statement({ systemId, accountId: prepaid.id, month: '2026-13', page: 1 }),
      'invalid_query',
    );
    await refusedWith(ledger.statement({ systemId, accountId: prepaid.id, page: 0 }), 'invalid_query');
    await refusedWith(
      ledger.statement({ systemId, accountId: prepaid.id, page: 1, pageSize: 101 }),
      'invalid_query',
    );
  });
});
