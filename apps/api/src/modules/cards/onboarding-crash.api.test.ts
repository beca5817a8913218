import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { crashableDatabase, lineFrom, spawnTestChild } from '../../../test/crashable-database.js';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { cardForm, freshAgency, onboardingState, setOnboarding } from '../../../test/kits/cards.js';
import { PEOPLE, who } from '../../../test/kits/users.js';
import { runJanitorNow } from '../../../test/payments.js';
import { testDbKind } from '../../../test/test-run.js';

/**
 * The killed-process test (issue 10, decision 0031): a real process starts the runtime, asks for the
 * onboarding charge, the sandbox stores the charge and pauses, and the process is killed with
 * SIGKILL before it can record anything. Started again on the same database, the janitor makes the
 * ledger equal the gateway: one charge, one posting, the fee marked paid.
 */
const children: ChildProcess[] = [];
let rt: TestRuntime | undefined;
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rt?.close();
});

describe('a process killed between the gateway charge and our record', () => {
  it('restarted, the janitor makes the ledger equal the gateway', async () => {
    const database = await crashableDatabase();
    // 1. Prepare: an agency owing $375.00, signed in; then the database is left to the child.
    rt = await startTestRuntime({}, {}, await database.open());
    const root = await who(rt, PEOPLE.root);
    await setOnboarding(rt, root.root, 37_500, true);
    const agency = await freshAgency(rt);
    const payload = JSON.stringify({ dt: await rt.seal(cardForm(agency.id)) });
    const companyId = agency.company;
    // PGlite allows one process: close ours before the child opens the folder.
    if (testDbKind() === 'pglite') {
      await rt.close();
      rt = undefined;
    }

    // 2. The child charges and pauses; we kill it there.
    const child = spawnTestChild(
      'crash-child.ts',
      { ...database.env, CRASH_TOKEN: agency.token, CRASH_PAYLOAD: payload },
      children,
    );
    const charged = await lineFrom(child, /^charged ch_/, 150_000);
    const chargeId = charged.split(' ')[1];
    const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // 3. Started again on the same database: the gateway has the money, we have a pending operation.
    rt ??= await startTestRuntime({}, {}, await database.open());
    let state = await onboardingState(rt, companyId);
    console.log(
      `after kill -9: gateway charges ${state.charges.length}, operations ${state.operations.map((o) => o.status).join(', ')}, postings ${state.postings.length}, onboard charged ${state.charged}`,
    );
    expect(state.charges).toEqual([{ id: chargeId, amount: 37_500 }]);
    expect(state.operations.map((o) => o.status)).toEqual(['pending']);
    expect(state.postings).toHaveLength(0);
    expect(state.charged).toBe(false);

    // 4. The janitor (no grace period here) asks the gateway and records what it did.
    await runJanitorNow(rt);
    state = await onboardingState(rt, companyId);
    console.log(
      `after the janitor: gateway charges ${state.charges.length} (${state.charges[0]?.amount} cents), operations ${state.operations.map((o) => o.status).join(', ')}, postings ${state.postings.length}, onboard charged ${state.charged}`,
    );
    expect(state.operations.map((o) => [o.status, o.chargeId])).toEqual([['succeeded', chargeId]]);
    expect(state.postings).toHaveLength(1);
    expect(state.charged).toBe(true);
    const receivable = await rt.services.ledger.accountFor({
      systemId: agency.system,
      kind: 'receivable',
      owner: { type: 'company', companyId },
    });
    const statement = await rt.services.ledger.statement({
      systemId: agency.system,
      accountId: receivable.id,
      page: 1,
      pageSize: 10,
    });
    // Charged and collected: +375.00 then −375.00 on the agency's receivable.
    expect(statement.totalLines).toBe(2);
  }, 240_000);
});
