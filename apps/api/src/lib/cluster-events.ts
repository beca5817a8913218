import { type DatabaseHandle, type Executor, sql } from '@app/db';
import pg from 'pg';

/**
 * The one PostgreSQL channel every process LISTENs on; topics travel in the payload
 * (`<topic>:<payload>`), so a process listens once at start and subscribing is only local bookkeeping.
 */
const CHANNEL = 'cluster_events';
const TOPIC = /^[a-z][a-z0-9_.-]{0,62}$/;
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; the topic shares it. */
const MAX_PAYLOAD_BYTES = 7_900;
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;

/** What a subscriber hears on its topic. */
export interface ClusterEventListener {
  /** An event published on the topic (by any process, this one included) and committed. */
  message(payload: string): void;
  /**
   * Events may have been missed (the listening connection dropped and came back): forget everything
   * they could have changed, e.g. clear the whole cache.
   */
  missed(): void;
}

export interface ClusterEvents {
  /**
   * Tells every process's subscribers of `topic`. Given a transaction, the event goes out when it
   * commits (and never if it rolls back); otherwise at once. `payload` is a short string (under ~8 kB).
   */
  publish(topic: string, payload?: string, tx?: Executor): Promise<void>;
  /** Starts hearing `topic`; returns the unsubscribe. */
  subscribe(topic: string, listener: ClusterEventListener): () => void;
  close(): Promise<void>;
}

/**
 * Events between the processes sharing one database, over PostgreSQL LISTEN/NOTIFY. On PostgreSQL
 * one dedicated connection per process LISTENs (outside the pool, which would hand it to a query),
 * and after a drop it reconnects with back-off and tells every subscriber it may have missed events.
 * PGlite allows one process, so there the events stay in it: delivered after the current task, even
 * from a transaction that later rolls back (a needless cache clear at worst): no LISTEN shares PGlite's
 * one connection with the app and the in-process worker.
 */
export async function createClusterEvents(
  database: Pick<DatabaseHandle, 'db' | 'url'>,
  options: { log?: (message: string) => void } = {},
): Promise<ClusterEvents> {
  const log = options.log ?? ((message: string) => console.warn(message));
  const subscribers = new Map<string, Set<ClusterEventListener>>();

  const eachListener = (topic: string | null, call: (listener: ClusterEventListener) => void) => {
    const sets = topic === null ? [...subscribers.values()] : [subscribers.get(topic) ?? new Set()];
    for (const set of sets)
      for (const listener of [...set]) {
        try {
          call(listener);
        } catch (err) {
          // One subscriber's failure must not keep the others from hearing the event.
          log(`cluster events: a subscriber of ${topic ?? 'every topic'} failed: ${String(err)}`);
        }
      }
  };
  const deliver = (message: string) => {
    const split = message.indexOf(':');
    if (split < 0) return;
    const payload = message.slice(split + 1);
    eachListener(message.slice(0, split), (listener) => listener.message(payload));
  };
  const missedAll = () => eachListener(null, (listener) => listener.missed());

  const stopListening = database.url
    ? await listenOnPostgres(database.url, { deliver, reconnected: missedAll, log })
    : joinLocalBuses(database.db, deliver);
  const local = database.url ? null : localBuses.get(database.db);

  return {
    async publish(topic, payload = '', tx) {
      checkTopic(topic);
      const message = `${topic}:${payload}`;
      if (Buffer.byteLength(message) > MAX_PAYLOAD_BYTES)
        throw new Error(`cluster event on ${topic} is too long (${Buffer.byteLength(message)} bytes)`);
      if (local)
        // PGlite is one process: every bus on its database is here, and hears it after the current task.
        for (const hear of local) setImmediate(() => hear(message));
      else await (tx ?? database.db).execute(sql`select pg_notify(${CHANNEL}, ${message})`);
    },

    subscribe(topic, listener) {
      checkTopic(topic);
      let set = subscribers.get(topic);
      if (!set) {
        set = new Set();
        subscribers.set(topic, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && subscribers.get(topic) === set) subscribers.delete(topic);
      };
    },

    async close() {
      subscribers.clear();
      await stopListening();
    },
  };
}

/** The buses on each PGlite database of this process (several runtimes may share one in tests). */
const localBuses = new WeakMap<object, Set<(message: string) => void>>();

function joinLocalBuses(db: object, deliver: (message: string) => void): () => Promise<void> {
  let buses = localBuses.get(db);
  if (!buses) {
    buses = new Set();
    localBuses.set(db, buses);
  }
  buses.add(deliver);
  return async () => void buses.delete(deliver);
}

function checkTopic(topic: string) {
  if (!TOPIC.test(topic)) throw new Error(`not a cluster event topic: ${JSON.stringify(topic)}`);
}

/**
 * The dedicated LISTEN connection: connected (and listening) before this resolves, so a start-up
 * that cannot reach the database fails at once; later drops are retried for as long as it is open.
 */
async function listenOnPostgres(
  url: string,
  on: { deliver(message: string): void; reconnected(): void; log(message: string): void },
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      // A peer that vanished without a FIN (a failover, a cut network) is noticed, not waited on forever.
      keepAlive: true,
      application_name: 'cluster-events',
    });
    client.on('notification', (note) => {
      if (note.channel === CHANNEL && note.payload !== undefined) on.deliver(note.payload);
    });
    client.on('error', (err) => dropped(client, err));
    client.on('end', () => dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      client.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await client.end();
      return;
    }
    current = client;
  }

  function dropped(client: pg.Client, err?: Error) {
    if (client !== current || closed) return;
    current = null;
    on.log(`cluster events: the listening connection was lost (${err?.message ?? 'closed'}); reconnecting`);
    client.end().catch(() => {});
    scheduleRetry();
  }

  function scheduleRetry() {
    // Doubling back-off with jitter, so processes that lost the server together do not return together.
    const ceiling = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    retry = setTimeout(async () => {
      retry = undefined;
      try {
        await connect();
      } catch (err) {
        failures += 1;
        if (!closed) {
          on.log(`cluster events: could not listen again (${String(err)}); retrying`);
          scheduleRetry();
        }
        return;
      }
      if (closed) return;
      failures = 0;
      on.log('cluster events: listening again; subscribers told to forget what they hold');
      on.reconnected();
    }, delay);
  }

  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end();
  };
}
