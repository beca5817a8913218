import type { Actor } from '@app/policy';

/**
 * Who is calling, resolved once per request from the access token (never from the request body):
 * the policy's actor, plus the session the call belongs to.
 */
export interface Principal extends Actor {
  /** The session (token family) the call belongs to. */
  familyId: string;
  /**
   * The person's own IANA time zone (setupcomplete's `timezone`, decision 0094): the days of their
   * reports across campaigns. Absent or null until they set one; then the browser's zone header
   * (`viewerTimeZone`) stands in.
   */
  timeZone?: string | null;
}

/** The zone a person's days are counted in: their own, else the one the web app sends (decision 0094). */
export const viewerTimeZone = (p: Principal, headerZone: string): string => p.timeZone ?? headerZone;
