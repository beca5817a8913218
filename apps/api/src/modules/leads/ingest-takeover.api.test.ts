import type { ChildProcess } from 'node:child_process';
import { DEMO_CAMPAIGNS, queryRows, sql } from '@app/db';
import { afterAll, describe, expect, it } from 'vitest';
import { crashableDatabase, lineFrom, spawnTestChild } from '../../../test/crashable-database.js';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { testDbKind } from '../../../test/test-run.js';
import { INTAKE_LEASE_SECONDS } from './intake-repository.js';

/**
 * An unclean stop in the middle of ingestion (decisions 0068, 0122): a real process ingests a stream
 * of page views and is killed with SIGKILL while it holds a leased batch. Its rows stay leased until
 * their lease runs out, and its campaign is held from other batches for the first seconds of that
 * lease; started again on the same database, the product must ingest the page views that arrive
 * after the kill long before the dead batch's lease runs out, and leave the dead batch for later.
 */
const children: ChildProcess[] = [];
let rt: TestRuntime | undefined;
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rt?.close();
});

const identities = { people: 500, seed: 'ingest-takeover' };
const campaign = DEMO_CAMPAIGNS.find((c) => c.module === 'local' && c.status === 'running')!;

describe('a process killed while its ingest run is active', () => {
  it('restarted, ingests the page views that arrive within the intake lease of the kill', async () => {
    const database = await crashableDatabase();
    // PGlite allows one process: the folder is filled from the template, then left to the child.
    const prepared = await database.open();
    if (testDbKind() === 'pglite') await prepared.dispose();

    const child = spawnTestChild(
      'ingest-crash-child.ts',
      { ...database.env, CRASH_PEOPLE: String(identities.people), CRASH_SEED: identities.seed },
      children,
    );
    const leasedLine = await lineFrom(child, /^ingest leased \d+/, 150_000);
    const deadBatchTop = Number(leasedLine.split(' ')[2]);
    const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await exited).toBe('SIGKILL');

    rt = await startTestRuntime(
      { identities },
      {},
      testDbKind() === 'pglite' ? await database.open() : prepared,
    );
    const db = rt.database.db;
    // The dead batch: still leased (on a machine slow to restart, possibly run out and taken again).
    const deadLeased = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from lead_intake where id <= ${deadBatchTop} and lease_until > now()`,
        )
      )[0]?.n ?? 0;
    const leasedAtRestart = await deadLeased();

    // The pixel keeps acknowledging: ten page views after the restart, each stored (204).
    const [mark] = await queryRows<{ id: number }>(
      db,
      sql`select coalesce(max(id), 0)::int as id from lead_intake`,
    );
    for (let i = 0; i < 10; i++) {
      const res = await rt.app.inject({
        method: 'POST',
        url: '/api/px/v',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({
          campaignId: campaign.publicId,
          url: 'https://client-site.example/after-restart',
          referrer: '',
          visitorId: `after-restart-visitor-${i}`,
        }),
        remoteAddress: `203.0.113.${i + 1}`,
      });
      expect(res.statusCode, res.body).toBe(204);
    }
    const waiting = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          // Only page views: the worker may drip a daily vendor list meanwhile.
          sql`select count(*)::int as n from lead_intake where source = 'pixel' and id > ${mark?.id ?? 0}`,
        )
      )[0]?.n;
    expect(await waiting()).toBe(10);

    // Ingested (their intake rows gone: stored as leads, rejected or unresolved) before the lease
    // the dead worker took on its batch has run out; that batch is still waiting for it.
    const deadline = killedAt + INTAKE_LEASE_SECONDS * 1000;
    await expect.poll(waiting, { timeout: Math.max(1_000, deadline - Date.now()), interval: 500 }).toBe(0);
    console.log(
      `ingesting again ${Math.round((Date.now() - killedAt) / 1000)} s after the kill; ${leasedAtRestart} rows of the dead batch were still leased at restart`,
    );
    if (Date.now() < deadline - 5_000 && leasedAtRestart > 0) expect(await deadLeased()).toBeGreaterThan(0);
  }, 360_000);
});
