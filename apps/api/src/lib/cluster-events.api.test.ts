import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cloneTestDatabase } from '../../test/test-database.js';
import { testDbKind } from '../../test/test-run.js';
import { type ClusterEventListener, type ClusterEvents, createClusterEvents } from './cluster-events.js';

let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
// Two buses on one database: two processes' on PostgreSQL (two listening connections).
let one: ClusterEvents;
let other: ClusterEvents;
const logged: string[] = [];
/** A notification crosses a second connection: a loaded machine may take over vitest's default second. */
const HEARD = { timeout: 10_000, interval: 20 };

beforeAll(async () => {
  database = await cloneTestDatabase();
  one = await createClusterEvents(database, { log: (m) => logged.push(m) });
  other = await createClusterEvents(database, { log: (m) => logged.push(m) });
});
afterAll(async () => {
  await one.close();
  await other.close();
  await database.dispose();
});

/** A listener that records what it hears. */
function recorder() {
  const heard: string[] = [];
  let missed = 0;
  const listener: ClusterEventListener = {
    message: (payload) => heard.push(payload),
    missed: () => {
      missed += 1;
    },
  };
  return { heard, listener, missedCount: () => missed };
}

describe('cluster events', () => {
  it('reaches the subscribers of every bus on the database, the publisher’s own included', async () => {
    const mine = recorder();
    const theirs = recorder();
    const unsubscribeMine = one.subscribe('test.reach', mine.listener);
    const unsubscribeTheirs = other.subscribe('test.reach', theirs.listener);
    const elsewhere = recorder();
    const unsubscribeElsewhere = other.subscribe('test.elsewhere', elsewhere.listener);

    await one.publish('test.reach', 'domain:northwind.localhost');
    await vi.waitFor(() => {
      expect(theirs.heard).toEqual(['domain:northwind.localhost']);
      expect(mine.heard).toEqual(['domain:northwind.localhost']);
    }, HEARD);
    expect(elsewhere.heard).toEqual([]);
    unsubscribeMine();
    unsubscribeTheirs();
    unsubscribeElsewhere();
  });

  // PGlite is one process: its events stay in it and go out at once (see cluster-events.ts).
  it.runIf(testDbKind() === 'postgres')(
    'goes out when the transaction commits, and never from one rolled back',
    async () => {
      const theirs = recorder();
      const unsubscribe = other.subscribe('test.tx', theirs.listener);

      await database.db.transaction(async (tx) => {
        await one.publish('test.tx', 'committed', tx);
        // Still inside: the other bus has heard nothing (the marker below shows the order holds).
        expect(theirs.heard).toEqual([]);
      });
      await database.db
        .transaction(async (tx) => {
          await one.publish('test.tx', 'rolled back', tx);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      // Events arrive in commit order: once the marker is heard, a rolled-back event would have been too.
      await one.publish('test.tx', 'marker');
      await vi.waitFor(() => expect(theirs.heard).toContain('marker'), HEARD);
      expect(theirs.heard).toEqual(['committed', 'marker']);
      unsubscribe();
    },
  );

  it('stops telling a listener once it unsubscribes', async () => {
    const gone = recorder();
    const stays = recorder();
    const unsubscribe = other.subscribe('test.unsubscribe', gone.listener);
    const unsubscribeStays = other.subscribe('test.unsubscribe', stays.listener);
    unsubscribe();
    await one.publish('test.unsubscribe', 'after');
    await vi.waitFor(() => expect(stays.heard).toEqual(['after']), HEARD);
    expect(gone.heard).toEqual([]);
    unsubscribeStays();
  });

  it('keeps telling the others when one listener throws', async () => {
    const stays = recorder();
    const unsubscribeThrows = other.subscribe('test.throws', {
      message: () => {
        throw new Error('listener broke');
      },
      missed: () => undefined,
    });
    const unsubscribeStays = other.subscribe('test.throws', stays.listener);
    await one.publish('test.throws', 'still heard');
    await vi.waitFor(() => expect(stays.heard).toEqual(['still heard']), HEARD);
    expect(logged.some((m) => m.includes('listener broke'))).toBe(true);
    unsubscribeThrows();
    unsubscribeStays();
  });

  it('refuses a topic that is not a plain name and a payload NOTIFY would refuse', async () => {
    await expect(one.publish('Not A Topic', 'x')).rejects.toThrow(/not a cluster event topic/);
    expect(() => one.subscribe('with:colon', recorder().listener)).toThrow(/not a cluster event topic/);
    await expect(one.publish('test.long', 'x'.repeat(8_000))).rejects.toThrow(/too long/);
  });

  it.runIf(testDbKind() === 'postgres')(
    'listens again after its connection is killed, and tells subscribers they may have missed events',
    async () => {
      const theirs = recorder();
      const unsubscribe = other.subscribe('test.reconnect', theirs.listener);
      const killed = await queryRows(
        database.db,
        sql`
        select pg_terminate_backend(pid) as killed from pg_stat_activity
        where application_name = 'cluster-events' and datname = current_database()`,
      );
      expect(killed.length).toBe(2);

      await vi.waitFor(() => expect(theirs.missedCount()).toBe(1), { timeout: 15_000, interval: 50 });
      await one.publish('test.reconnect', 'after the drop');
      await vi.waitFor(() => expect(theirs.heard).toEqual(['after the drop']), { timeout: 15_000 });
      expect(logged.some((m) => m.includes('listening connection was lost'))).toBe(true);
      unsubscribe();
    },
  );
});
