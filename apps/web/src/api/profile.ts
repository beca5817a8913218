import {
  type ConfirmEmailRequest,
  messageResponseSchema,
  type ProfileUpdateResponse,
  profileUpdateResponseSchema,
  type SetupCompleteRequest,
} from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useBoot } from '../app/boot/boot-context';
import type { HttpClient } from './http';

/**
 * `PUT /leadspeek/user/setupcomplete` (spec 1 §7.2): the profile-setup wizard or the questionnaire is
 * finished; the contracts' request (time zone, and a client's campaign setup, decision 0094).
 */
export type { ProfileUpdateResponse, SetupCompleteRequest };

export const profileKeys = {
  all: ['profile'] as const,
  update: () => [...profileKeys.all, 'update'] as const,
  setupComplete: () => [...profileKeys.all, 'setup-complete'] as const,
};

/**
 * `POST /user/update` (spec 1 §7.2): step 1 (personal details) or step 2 (company details) as
 * multipart form data, with an optional picture or logo under `pict`. FormData is sent as is (no dt
 * envelope). A `result` of 'error_email' is an answer, not a failure: the screen shows its message on
 * the e-mail field.
 */
export const updateProfile = (http: HttpClient, form: FormData): Promise<ProfileUpdateResponse> =>
  http.post('/user/update', form, profileUpdateResponseSchema);

export const completeSetup = (http: HttpClient, body: SetupCompleteRequest) =>
  http.put('/leadspeek/user/setupcomplete', body, messageResponseSchema);

/**
 * `POST /confirm-email`: the token of the link e-mailed to a new address. Public (the link may be
 * opened signed out, or signed in as anybody): a 401 here is never an expired session.
 */
export const confirmEmail = (http: HttpClient, body: ConfirmEmailRequest) =>
  http.request({ method: 'POST', path: '/confirm-email', body, skipRefresh: true }, messageResponseSchema);

/**
 * Neither hook refetches the session itself: the screens do (routes/user/shared/refresh-session.ts),
 * because they must know the fresh user before they move on.
 */
export function useUpdateProfileMutation() {
  const { http } = useBoot();
  return useMutation({
    mutationKey: profileKeys.update(),
    mutationFn: (form: FormData) => updateProfile(http, form),
  });
}

export function useSetupCompleteMutation() {
  const { http } = useBoot();
  return useMutation({
    mutationKey: profileKeys.setupComplete(),
    mutationFn: (body: SetupCompleteRequest) => completeSetup(http, body),
  });
}
