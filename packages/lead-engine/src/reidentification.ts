import { ACCEPT, reject, type StepResult } from './reasons.js';

/*
 * Step 3: the re-identification window (product guide §2, spec 2 §3 `reidentificationtype`,
 * `applyreidentificationall`). Decision 0037 fixes the boundary: a window of N days blocks a new
 * delivery while less than N × 24 hours have passed since the last one, measured as elapsed time
 * (not calendar days, so no time zone or daylight-saving change moves it). Last delivery at
 * 2026-03-01T10:00Z with a 30-day window: blocked up to 2026-03-31T09:59:59.999Z, taken from
 * 2026-03-31T10:00:00.000Z on. "never" means the same person is never delivered twice.
 */

export const REIDENTIFICATION_WINDOWS = ['never', '7', '30', '90', '180', '365'] as const;
export type ReidentificationWindow = (typeof REIDENTIFICATION_WINDOWS)[number];

export const DAY_MS = 86_400_000;

/** The window's length in milliseconds; null for "never" (no length: a delivery blocks for ever). */
export function windowMs(window: ReidentificationWindow): number | null {
  return window === 'never' ? null : Number.parseInt(window, 10) * DAY_MS;
}

/** Whether a delivery at `last` still blocks a new one at `now`. */
export function withinWindow(window: ReidentificationWindow, last: Date, now: Date): boolean {
  const length = windowMs(window);
  return length === null || now.getTime() - last.getTime() < length;
}

/**
 * The first instant a person delivered at `last` may be delivered again; null for "never". The
 * API's claim (decision 0037) takes a row only where `last + window <= now`, the same rule.
 */
export function deliverableAgainAt(window: ReidentificationWindow, last: Date): Date | null {
  const length = windowMs(window);
  return length === null ? null : new Date(last.getTime() + length);
}

export interface ReidentificationInput {
  window: ReidentificationWindow;
  /** `applyreidentificationall`: the window covers every campaign of the client, not only this one. */
  acrossClientCampaigns: boolean;
  /** The last delivery of this person to this campaign, if any. */
  lastToCampaign: Date | null;
  /** The last delivery of this person to any other campaign of the client, if any. */
  lastToClient: Date | null;
  now: Date;
}

export function checkReidentification(input: ReidentificationInput): StepResult {
  const { window, now } = input;
  if (input.lastToCampaign && withinWindow(window, input.lastToCampaign, now))
    return reject('reidentified_campaign');
  if (input.acrossClientCampaigns && input.lastToClient && withinWindow(window, input.lastToClient, now))
    return reject('reidentified_client');
  return ACCEPT;
}
