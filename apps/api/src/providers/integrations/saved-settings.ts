import type { DeliveryResult } from './provider.js';

type Check = (settings: Record<string, unknown>) => Record<string, unknown>;

/**
 * A campaign's saved settings for a provider, checked again as a delivery starts: settings saved
 * before a rule changed send nothing until the campaign's are fixed; the refusal (with the rule's
 * text) is what the delivery console shows for the attempt.
 */
export function recheckSavedSettings(
  check: Check,
  saved: Record<string, unknown> | undefined,
  /** What would have been sent, e.g. "POST /contacts/upsert". */
  request: string,
): { settings: Record<string, unknown>; refused?: never } | { refused: DeliveryResult } {
  try {
    return { settings: check(saved ?? {}) };
  } catch (err) {
    return {
      refused: {
        outcome: 'refused',
        permanent: true,
        latencyMs: 0,
        error: err instanceof Error ? err.message : String(err),
        request: `${request} (not sent)`,
      },
    };
  }
}
