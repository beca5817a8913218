import { asCents } from '@app/contracts';
import { type Executor, firstRow, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LedgerWorld, ledgerWorld } from '../../../test/kits/ledger-world.js';
import { cloneTestDatabase } from '../../../test/test-database.js';
import { createLedger, type LedgerAccount, type LedgerPosting } from './index.js';

/**
 * What the database itself refuses, whatever code sends it: raw SQL, no ledger module in the way
 * (decision 0029). Each refusal leaves the ledger as it was.
 */
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let world: LedgerWorld;
let clearing: LedgerAccount;
let revenue: LedgerAccount;
let foreignClearing: LedgerAccount;
let posted: LedgerPosting;

beforeAll(async () => {
  database = await cloneTestDatabase();
  world = await ledgerWorld(database.db);
  const ledger = createLedger({ db: database.db });
  const system = { type: 'system' } as const;
  clearing = await ledger.accountFor({
    systemId: world.master.systemId,
    kind: 'gateway_clearing',
    owner: system,
  });
  revenue = await ledger.accountFor({ systemId: world.master.systemId, kind: 'revenue', owner: system });
  foreignClearing = await ledger.accountFor({
    systemId: world.other.systemId,
    kind: 'gateway_clearing',
    owner: system,
  });
  ({ posting: posted } = await ledger.post({
    systemId: world.master.systemId,
    cause: { kind: 'charge', description: 'A charge', businessKey: 'raw-sql:posted', companyId: null },
    lines: [
      { accountId: clearing.id, amount: asCents(1000) },
      { accountId: revenue.id, amount: asCents(-1000) },
    ],
  }));
});
afterAll(() => database?.dispose());

/** The error the database raised (drivers wrap it; the message travels in the error or its cause). */
async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the database accepted it').not.toBeNull();
  const messages: string[] = [];
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    messages.push(e.message ?? '');
  return messages.join(' | ');
}
const inTransaction = (work: (tx: Executor) => Promise<unknown>) => database.db.transaction(work);
const newPosting = async (tx: Executor, key: string, lineCount: number, systemId = world.master.systemId) =>
  firstRow(
    await queryRows<{ id: unknown }>(
      tx,
      sql`insert into ledger_postings (system_id, cause_kind, description, business_key, line_count)
          values (${systemId}, 'correction', 'Raw SQL', ${key}, ${lineCount}) returning id`,
    ),
    'posting',
  ).id;
const addLine = (tx: Executor, postingId: unknown, accountId: number, amount: number) =>
  tx.execute(
    sql`insert into ledger_lines (posting_id, account_id, amount, posted_at)
        select id, ${accountId}, ${amount}, created_at from ledger_postings where id = ${postingId}`,
  );
const ledgerSize = async () =>
  firstRow(
    await queryRows<{ postings: unknown; lines: unknown; accounts: unknown }>(
      database.db,
      sql`select (select count(*) from ledger_postings) as postings, (select count(*) from ledger_lines) as lines,
                 (select count(*) from ledger_accounts) as accounts`,
    ),
    'sizes',
  );

describe('the database keeps the ledger append-only', () => {
  it.each([
    ['update ledger_lines set amount = amount * 2', 'UPDATE on ledger_lines'],
    ['delete from ledger_lines', 'DELETE on ledger_lines'],
    ["update ledger_postings set description = 'rewritten'", 'UPDATE on ledger_postings'],
    ['delete from ledger_postings', 'DELETE on ledger_postings'],
    ["update ledger_accounts set kind = 'revenue'", 'UPDATE on ledger_accounts'],
    ['delete from ledger_accounts', 'DELETE on ledger_accounts'],
    ['truncate ledger_lines', 'TRUNCATE on ledger_lines'],
    ['truncate ledger_postings cascade', 'TRUNCATE on ledger_postings'],
  ])('refuses: %s', async (statement, what) => {
    const before = await ledgerSize();
    expect(await refusal(database.db.execute(sql.raw(statement)))).toContain(
      `the ledger is append-only: ${what} is refused`,
    );
    expect(await ledgerSize()).toEqual(before);
  });
});

describe('the database refuses a posting that is not whole at commit', () => {
  it('a posting whose lines do not sum to zero', async () => {
    const before = await ledgerSize();
    const message = await refusal(
      inTransaction(async (tx) => {
        const id = await newPosting(tx, 'raw-sql:unbalanced', 2);
        await addLine(tx, id, clearing.id, 1000);
        await addLine(tx, id, revenue.id, -999);
      }),
    );
    expect(message).toMatch(/ledger posting \d+ does not balance: its lines sum to 1 cents/);
    expect(await ledgerSize()).toEqual(before);
  });

  it('a posting that trades leads for cents (decision 0072)', async () => {
    const leadsAccount = await createLedger({ db: database.db }).accountFor({
      systemId: world.master.systemId,
      kind: 'prepaid_outstanding',
      owner: { type: 'system' },
    });
    const before = await ledgerSize();
    const message = await refusal(
      inTransaction(async (tx) => {
        const id = await newPosting(tx, 'raw-sql:mixed-units', 2);
        await addLine(tx, id, leadsAccount.id, 1000);
        await addLine(tx, id, revenue.id, -1000);
      }),
    );
    expect(message).toMatch(/ledger posting \d+ mixes units \(cents and leads\)/);
    expect(await ledgerSize()).toEqual(before);
  });

  it('a posting with no lines, and one with a single line', async () => {
    expect(await refusal(inTransaction((tx) => newPosting(tx, 'raw-sql:empty', 2)))).toMatch(
      /ledger posting \d+ has 0 lines, not the 2 it was posted with/,
    );
    expect(
      await refusal(
        inTransaction(async (tx) => {
          const id = await newPosting(tx, 'raw-sql:single', 2);
          await addLine(tx, id, clearing.id, 1000);
        }),
      ),
    ).toMatch(/ledger posting \d+ has 1 lines, not the 2 it was posted with/);
    // A posting cannot even declare fewer than two lines.
    expect(await refusal(inTransaction((tx) => newPosting(tx, 'raw-sql:one-line', 1)))).toContain(
      'ledger_postings_line_count',
    );
  });

  it('lines added later to a posted posting, even balanced ones', async () => {
    const before = await ledgerSize();
    const message = await refusal(
      inTransaction(async (tx) => {
        await addLine(tx, posted.id, clearing.id, 500);
        await addLine(tx, posted.id, revenue.id, -500);
      }),
    );
    expect(message).toMatch(
      new RegExp(`ledger posting ${posted.id} has 4 lines, not the 2 it was posted with`),
    );
    expect(await ledgerSize()).toEqual(before);
  });

  it('a posting with lines on accounts of another system', async () => {
    const message = await refusal(
      inTransaction(async (tx) => {
        const id = await newPosting(tx, 'raw-sql:two-systems', 2);
        await addLine(tx, id, clearing.id, 1000);
        await addLine(tx, id, foreignClearing.id, -1000);
      }),
    );
    expect(message).toMatch(/ledger posting \d+ has lines on accounts of another system/);
  });

  it('a zero line, and a second posting of a business key', async () => {
    expect(
      await refusal(
        inTransaction(async (tx) => {
          const id = await newPosting(tx, 'raw-sql:zero-line', 2);
          await addLine(tx, id, clearing.id, 0);
        }),
      ),
    ).toContain('ledger_lines_amount_nonzero');
    expect(await refusal(inTransaction((tx) => newPosting(tx, 'raw-sql:posted', 2)))).toContain(
      'ledger_postings_business_key',
    );
  });

  it('a line dated otherwise than its posting', async () => {
    expect(
      await refusal(
        inTransaction(async (tx) => {
          const id = await newPosting(tx, 'raw-sql:redated', 2);
          await addLine(tx, id, clearing.id, 1000);
          await tx.execute(
            sql`insert into ledger_lines (posting_id, account_id, amount, posted_at) values (${id}, ${revenue.id}, -1000, '2001-01-01T00:00:00Z')`,
          );
        }),
      ),
    ).toMatch(/ledger posting \d+ has lines dated otherwise than the posting/);
  });

  it('accepts a whole posting of three lines', async () => {
    const before = await ledgerSize();
    await inTransaction(async (tx) => {
      const id = await newPosting(tx, 'raw-sql:whole', 3);
      await addLine(tx, id, clearing.id, 700);
      await addLine(tx, id, clearing.id, 300);
      await addLine(tx, id, revenue.id, -1000);
    });
    const after = await ledgerSize();
    expect([
      BigInt(String(after.postings)) - BigInt(String(before.postings)),
      BigInt(String(after.lines)) - BigInt(String(before.lines)),
    ]).toEqual([1n, 3n]);
  });
});
