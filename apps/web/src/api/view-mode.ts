import { type SwitchUserRequest, type TokenResponse, viewModeResponseSchema } from '@app/contracts';
import type { HttpClient } from './http';

/**
 * `POST /configuration/user/switch` {usrID} (spec 1 §4 View mode): a view-mode session for that user.
 * The caller's own session stays valid on the server.
 */
export const switchUser = (http: HttpClient, usrID: number): Promise<TokenResponse> => {
  const body: SwitchUserRequest = { usrID };
  return http.post('/configuration/user/switch', body, viewModeResponseSchema);
};

/**
 * `POST /configuration/user/revert-view-mode`, no body, sent with the view-mode token: ends the view-mode
 * session and answers fresh tokens of the original user's session. It manages its own retry (see
 * app/session/view-mode-session.ts), so it never goes through the shared token refresh, whose failure
 * would end the whole session with the 'Session Ended' dialog.
 */
export const revertViewMode = (http: HttpClient): Promise<TokenResponse> =>
  http.request(
    { method: 'POST', path: '/configuration/user/revert-view-mode', skipRefresh: true },
    viewModeResponseSchema,
  );
