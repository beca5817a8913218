/**
 * A throttled wake-up call: at most one call of `fn` per `intervalMs`, and always one after the
 * last request (trailing edge), so the last rows of a burst are never left waiting for the next
 * burst. Used to queue the ingest and delivery jobs without one job send per request.
 */
export function createWaker(fn: () => Promise<unknown>, intervalMs: number, onError: (err: unknown) => void) {
  let last = 0;
  let timer: NodeJS.Timeout | null = null;
  const fire = () => {
    timer = null;
    last = Date.now();
    fn().catch(onError);
  };
  return {
    wake() {
      if (timer) return;
      const wait = last + intervalMs - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
