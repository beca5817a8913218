import type { Actor } from '@app/policy';

/**
 * Who is calling, resolved once per request from the access token (never from the request body):
 * the policy's actor, plus the session the call belongs to.
 */
export interface Principal extends Actor {
  /** The session (token family) the call belongs to. */
  familyId: string;
}
