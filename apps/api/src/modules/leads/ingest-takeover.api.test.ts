import type { ChildProcess } from 'node:child_process';
import { DEMO_CAMPAIGNS, queryRows, sql } from '@app/db';
import { afterAll, describe, expect, it } from 'vitest';
import { crashableDatabase, lineFrom, spawnTestChild } from '../../../test/crashable-database.js';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { testDbKind } from '../../../test/test-run.js';
import { INTAKE_LEASE_SECONDS } from './intake-repository.js';

/**
 * An unclean stop in the middle of an ingest run (decision 0068): a real process ingests a stream of
 * page views and is killed with SIGKILL while its `leads.ingest` run is active. pg-boss's stately
 * queue starts no other run while one is active, and that run's worker is gone; before, it stayed
 * active for pg-boss's default 15 minutes, and every page view the pixel acknowledged meanwhile
 * waited. Started again on the same database, the product must ingest again within the intake rows'
 * lease of the kill.
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
    const active = await lineFrom(child, /^ingest active \S+/, 150_000);
    const deadRun = active.split(' ')[2];
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
    // The dead run: still active (or already given up, on a machine slow to restart).
    const [dead] = await queryRows<{ state: string }>(
      db,
      sql`select state from pgboss.job where id = ${deadRun}`,
    );
    expect(['active', 'failed']).toContain(dead?.state);

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
    // the dead run took on its rows has run out.
    const deadline = killedAt + INTAKE_LEASE_SECONDS * 1000;
    await expect.poll(waiting, { timeout: Math.max(1_000, deadline - Date.now()), interval: 500 }).toBe(0);
    console.log(`ingesting again ${Math.round((Date.now() - killedAt) / 1000)} s after the kill`);
    const [failed] = await queryRows<{ state: string }>(
      db,
      sql`select state from pgboss.job where id = ${deadRun}`,
    );
    expect(failed?.state).toBe('failed');
  }, 360_000);
});
