/**
 * The time as the product's money rules see it (decision 0072): one clock, made by the runtime and
 * handed to the ledger and every billing rule and job, so nothing there calls `new Date()` itself.
 * Tests start the runtime with a `SettableClock` and move it a week instead of waiting one.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface SettableClock extends Clock {
  set(to: Date): void;
  advance(milliseconds: number): void;
}

/** A clock that stands where it is put and moves only when told (tests, the benchmark). */
export function settableClock(start: Date): SettableClock {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    set(to) {
      at = to.getTime();
    },
    advance(milliseconds) {
      at += milliseconds;
    },
  };
}
