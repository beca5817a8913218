import pg from 'pg';

/**
 * The start-up work that must happen once however many processes start at once: each has its own
 * PostgreSQL advisory lock, keyed by the hash of its name (pg-boss keys its own locks apart).
 */
export type StartupLock = 'leadorbit.migrate' | 'leadorbit.job-queues' | 'leadorbit.demo-seed';

/**
 * Runs `work` while this process holds the session advisory lock `lock`, taken on a connection of its
 * own (not the pool's, so the work may use every pooled connection, and a process that dies lets go
 * of the lock with its connection). A second process waits on the lock, then does its own `work`,
 * which finds the first one's done. `work` gets the lock's connection for work that should run on it.
 */
export async function withAdvisoryLock<T>(
  url: string,
  lock: StartupLock,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url, keepAlive: true });
  // A connection the server drops while the work runs must not crash the process; the lock went with it.
  client.on('error', (err) => console.warn(`${lock}: lock connection lost: ${err.message}`));
  await client.connect();
  try {
    const [tried] = (
      await client.query('select pg_try_advisory_lock(hashtextextended($1, 0)) as got', [lock])
    ).rows as { got: boolean }[];
    if (!tried?.got) {
      // An operator watching a rollout sees why this process has not answered yet.
      console.log(`${lock}: waiting for another process that holds the lock`);
      await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [lock]);
    }
    const result = await work(client);
    await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [lock]);
    return result;
  } finally {
    // Ending the session also lets go of the lock when `work` failed.
    await client.end();
  }
}
