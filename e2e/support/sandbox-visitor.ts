import { hash32 } from '../../apps/api/src/providers/identities/sandbox/hashing';
import { SANDBOX_DEFAULTS } from '../../apps/api/src/providers/identities/sandbox/sandbox-resolver';

/** The sandbox resolver decides in basis points (sandbox-resolver.ts). */
const BASIS = 10_000;

/**
 * A pixel visitor id the e2e server's sandbox resolver turns into a person: its fate is a pure
 * function of the seed and the id, so the spec picks one that resolves instead of hoping (about 40%
 * do). `tag` keeps specs apart; the id fits the pixel's 16-64 characters.
 */
export function resolvingVisitorId(tag: string): string {
  const threshold = Math.round(SANDBOX_DEFAULTS.matchRate * BASIS);
  for (let n = 0; n < 1000; n++) {
    const id = `e2e-${tag}-${String(n).padStart(6, '0')}`.padEnd(16, '0');
    if (hash32(`${SANDBOX_DEFAULTS.seed}|match|${id}`) % BASIS < threshold) return id;
  }
  throw new Error('no resolving visitor id among 1,000 tries: the sandbox match rule changed');
}
