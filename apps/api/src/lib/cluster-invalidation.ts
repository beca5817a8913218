import type { ClusterEvents } from './cluster-events.js';

/**
 * A process-local cache's invalidation heard by every process on the database: `invalidate(key)`
 * forgets the key here at once (this process reads its own write at once) and publishes it on `topic`,
 * so every process forgets it when the event arrives; no key forgets everything. Called once the
 * change is committed. Missed events (a dropped listening connection) forget everything.
 */
export function clusterInvalidation(deps: {
  events: Pick<ClusterEvents, 'publish' | 'subscribe'>;
  topic: string;
  forget: (key: string) => void;
  forgetAll: () => void;
  log?: (message: string) => void;
}): (key?: string) => void {
  const { forget, forgetAll } = deps;
  const log = deps.log ?? ((message: string) => console.warn(message));
  deps.events.subscribe(deps.topic, {
    message: (key) => (key === '' ? forgetAll() : forget(key)),
    missed: forgetAll,
  });
  return (key = '') => {
    if (key === '') forgetAll();
    else forget(key);
    // The cache's time-to-live bounds what a lost event costs; the change itself is committed.
    deps.events
      .publish(deps.topic, key)
      .catch((err) =>
        log(`could not tell the other processes to forget ${deps.topic} ${key}: ${String(err)}`),
      );
  };
}
