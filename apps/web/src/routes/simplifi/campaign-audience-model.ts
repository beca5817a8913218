import type { Audience } from '@app/contracts';

/** The audiences that may go on a client's campaign: the client's own and its agency's (the viewer's). */
export const usableAudiences = (audiences: readonly Audience[], clientId: number, ownCompanyId: number) =>
  audiences.filter((a) => a.company_id === clientId || a.company_id === ownCompanyId);

/** The campaign's whole list of audiences with one turned on or off (the update sends all of them). */
export function withTargeting(targeted: readonly number[], audienceId: number, on: boolean): number[] {
  const rest = targeted.filter((id) => id !== audienceId);
  return on ? [...rest, audienceId] : rest;
}
