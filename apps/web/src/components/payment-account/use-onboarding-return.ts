import type { ConnectedAccountState } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { sessionKeys } from '../../api/session';

/**
 * Back from onboarding (`?connect=return` or `refresh`), the account's state arrives by webhook: the
 * screen polls it, and whenever it changes the session and setup check are read again, so the shell's
 * warnings and the 'Action Required' banner follow (they read the setup check, spec 1 §4).
 */
export function useOnboardingReturn(state: ConnectedAccountState | undefined): { returned: boolean } {
  const [params] = useSearchParams();
  const returned = params.has('connect');
  const queryClient = useQueryClient();
  const seen = useRef<string | null>(null);
  const fingerprint = state ? `${state.status}|${state.charges_enabled}|${state.payouts_enabled}` : null;

  useEffect(() => {
    if (fingerprint === null) return;
    const changed = seen.current !== null && seen.current !== fingerprint;
    const firstAfterReturn = seen.current === null && returned;
    seen.current = fingerprint;
    if (changed || firstAfterReturn) void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  }, [fingerprint, returned, queryClient]);

  return { returned };
}
