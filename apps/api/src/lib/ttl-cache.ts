/**
 * A small in-process cache with a time-to-live and a size bound (oldest entry evicted first).
 * Concurrent misses for one key share a single load.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value under `key` while it is fresh, synchronously; undefined when it must be loaded. */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > this.now() ? hit.value : undefined;
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const promise = load()
      .then((value) => {
        this.set(key, value);
        return value;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }

  /**
   * The fresh value at once, else the shared load's promise: a hot path that mostly hits (the
   * pixel's campaign lookup) takes no promise and no microtask hop for a hit.
   */
  valueOrLoad(key: string, load: () => Promise<V>): V | Promise<V> {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > this.now() ? hit.value : this.get(key, load);
  }

  /** Forgets one key (its value changed); a load under way still lands. */
  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }
}
