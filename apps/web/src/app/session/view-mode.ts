import { importEnvelopeKey } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useBoot } from '../boot/boot-context';
import { sessionStore } from './session';
import { enterViewMode, leaveViewMode, type ViewModeDeps, type ViewModeTarget } from './view-mode-session';

export type { ViewModeTarget } from './view-mode-session';

const keys = new Map<string, Promise<CryptoKey>>();

/** The dt envelope key as a CryptoKey, imported once per page load. */
function envelopeKeyFor(dtKey: string): Promise<CryptoKey> {
  let key = keys.get(dtKey);
  if (!key) {
    key = importEnvelopeKey(dtKey);
    keys.set(dtKey, key);
  }
  return key;
}

function useViewModeDeps(): () => Promise<ViewModeDeps> {
  const { http, appConfig } = useBoot();
  const queryClient = useQueryClient();
  return async () => ({
    store: sessionStore,
    queryClient,
    http,
    envelopeKey: await envelopeKeyFor(appConfig.dtKey),
  });
}

/**
 * Switch to a user (spec 1 §4 View mode, spec 2 §2 'switch to user'): `mutate({ usrID, userType,
 * companyGroupId })`. On success the view-mode session is stored and the app goes to '/', where the route
 * guard waits for the viewed user and lands by role (profile setup, module dashboard, general setting).
 * A failure leaves the caller's session as it was; show `failureMessage(mutation.error)`.
 */
export function useSwitchUser() {
  const deps = useViewModeDeps();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ['view-mode', 'switch'],
    mutationFn: async (target: ViewModeTarget) => {
      await enterViewMode(await deps(), target);
      // Navigating from here, not from onSuccess: the calling screen unmounts as the guard reloads the user.
      navigate('/', { replace: true });
    },
  });
}

/**
 * 'Reset view mode' (spec 1 §2.5): revert on the server, restore the original session (fresh tokens of
 * the answer, else the saved ones), drop the saved original and go to /configuration/agency-list/.
 */
export function useResetViewMode() {
  const deps = useViewModeDeps();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ['view-mode', 'reset'],
    mutationFn: async () => {
      const result = await leaveViewMode(await deps());
      navigate(result.to, { replace: true });
      return result;
    },
  });
}
