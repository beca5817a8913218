import { companies, eq, openDatabase } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../test/harness.js';
import { testDbKind } from '../test/test-run.js';
import { createGatewayKeysRepository } from './modules/payments/index.js';

/*
 * Two runtimes on one database, as two API processes are: a change committed and invalidated in one
 * reaches the other's cache through the cluster events (on PostgreSQL each has its own pool and its own
 * listening connection). The second runs no worker: it is a web process.
 */
let one: TestRuntime;
let other: TestRuntime;

beforeAll(async () => {
  one = await startTestRuntime();
  const shared =
    testDbKind() === 'postgres'
      ? await openDatabase({ url: one.database.url as string })
      : { ...one.database, close: async () => undefined };
  other = await startTestRuntime(
    {},
    { IN_PROCESS_WORKER: 'false' },
    { ...shared, dispose: () => shared.close() },
  );
});
afterAll(async () => {
  await other?.close();
  await one?.close();
});

const NORTHWIND_HOST = 'leads.northwind.test';

/**
 * Resolves when the other process has heard the next event on `topic`. Its cache subscribed at start,
 * before this listener, so by then it has forgotten: the read that follows shows the change at once,
 * and no wait that the cache's time-to-live could end first (a loaded machine takes seconds).
 */
function heardByOther(topic: string, payload?: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = other.events.subscribe(topic, {
      message: (heard) => {
        if (payload !== undefined && heard !== payload) return;
        stop();
        resolve();
      },
      missed: () => {},
    });
  });
}

describe('caches across processes', () => {
  it('a host’s domain info changed in one process is seen by the other at once', async () => {
    const before = await other.services.domains.resolve(NORTHWIND_HOST);
    const { db } = one.database;
    await db
      .update(companies)
      .set({ legalName: 'Northwind Digital Holdings LLC' })
      .where(eq(companies.id, before.info.owner_company_id));
    // Still the cached answer: nothing told the other process yet.
    expect((await other.services.domains.resolve(NORTHWIND_HOST)).legalParty).toBe(before.legalParty);

    const heard = heardByOther('domains.changed');
    one.services.domains.invalidate();
    await heard;
    expect((await other.services.domains.resolve(NORTHWIND_HOST)).legalParty).toBe(
      'Northwind Digital Holdings LLC',
    );
  });

  it('a system’s gateway keys saved in one process switch the other’s gateway at once', async () => {
    const systemId = (await other.services.domains.resolve(NORTHWIND_HOST)).info.idsys;
    expect(await other.services.payments.gateways.source(systemId)).toBe('sandbox');
    const { secrets } = one.services;
    await createGatewayKeysRepository(one.database.db).save(systemId, {
      secretKeySealed: await secrets.seal('sk_test_cluster'),
      webhookSecretSealed: await secrets.seal('whsec_cluster'),
      publishableKey: 'pk_test_cluster',
    });
    expect(await other.services.payments.gateways.source(systemId)).toBe('sandbox');

    const heard = heardByOther('payments.gateway-keys', String(systemId));
    one.services.payments.gateways.invalidate(systemId);
    await heard;
    expect(await other.services.payments.gateways.source(systemId)).toBe('system');
    expect(await other.services.payments.gateways.publishableKey(systemId)).toBe('pk_test_cluster');
  });
});
