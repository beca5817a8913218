import type { DomainInfo, SessionUser, SetupCheck } from '@app/contracts';
import { hasCard, landingPath, needsProfileSetup, PATHS, requiresCard } from '@app/policy';

/**
 * Where the wizard goes after `setupcomplete` and the session refetch: the rule-7 landing page for the
 * fresh user and setup check (the route guard agrees, it runs the same policy). When the only thing
 * still missing is a card, that is Card Setting; when the server still reports the profile
 * incomplete, nowhere (the screen says so).
 */
export type SetupOutcome = { kind: 'go'; to: string } | { kind: 'not-completed' };

export function setupOutcome(
  user: SessionUser,
  setup: SetupCheck | null,
  domain: DomainInfo | null,
): SetupOutcome {
  const to = landingPath({ user, setup, domain });
  if (to !== PATHS.profileSetup) return { kind: 'go', to };
  if (profileDoneButCardMissing(user, setup)) return { kind: 'go', to: PATHS.cardSetting };
  return { kind: 'not-completed' };
}

/** Profile (and, for clients, the setup check) complete, and rule 3 holds only for the missing card. */
export function profileDoneButCardMissing(user: SessionUser, setup: SetupCheck | null): boolean {
  if (user.profile_setup_completed !== 'T') return false;
  if (user.user_type === 'client' && setup && setup.setupcomplete !== 'T') return false;
  return needsProfileSetup(user, setup) && requiresCard(user) && !hasCard(user);
}

export const SETUP_NOT_COMPLETED =
  'Your profile setup could not be completed. Please check your details and try again.';
