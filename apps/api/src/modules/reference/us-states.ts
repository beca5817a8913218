import { US_STATES, type UsState } from '@app/contracts';

/** A state by its code or name, in any case ('il', 'Illinois', 'new%20york' decoded). */
export function findState(codeOrName: string): UsState | undefined {
  const key = codeOrName.trim().toLowerCase();
  return US_STATES.find((s) => s.code.toLowerCase() === key || s.name.toLowerCase() === key);
}
