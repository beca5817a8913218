import type { Actor, KeyActor } from '@app/policy';

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

/**
 * An Open API key calling (decision 0100): the policy's key actor, its public client id, and the
 * person its work is recorded under (the key's maker, as their company's person, never a stand-in),
 * for the services that record who acted. What the key may do is decided for the key, not for them.
 */
export interface KeyPrincipal extends KeyActor {
  clientId: string;
  actingAs: Principal;
}

/** Whoever a scope check is for: a person or a key. */
export type Caller = Principal | KeyPrincipal;
