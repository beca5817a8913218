/*
 * Small, fast, seedable randomness for the sandbox: every synthetic person and every visitor's
 * fate is a pure function of (seed, input), so the same seed always gives the same people and the
 * same visitor always gets the same answer, in any process, on any database.
 */

/** FNV-1a over the string's UTF-16 code units, finished with murmur3's avalanche. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** murmur3's finaliser: every input bit moves about half the output bits. */
export function fmix32(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: a 32-bit generator of uniform numbers in [0, 1). */
export function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** A whole number in [0, n). */
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof randomFrom>;

/** Picks by weight from a cumulative table (built once by `cumulative`). */
export function weighted<T>(
  random: Random,
  table: { items: readonly T[]; cumulative: readonly number[] },
): T {
  const total = table.cumulative[table.cumulative.length - 1] as number;
  const x = random.next() * total;
  let lo = 0;
  let hi = table.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((table.cumulative[mid] as number) > x) hi = mid;
    else lo = mid + 1;
  }
  return table.items[lo] as T;
}

export function cumulative<T>(entries: readonly [T, number][]) {
  let sum = 0;
  return {
    items: entries.map(([item]) => item),
    cumulative: entries.map(([, weight]) => {
      sum += weight;
      return sum;
    }),
  };
}
