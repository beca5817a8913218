import {
  openEnvelope,
  type SessionUser,
  sealEnvelope,
  sessionUserSchema,
  type TokenResponse,
  type UserType,
} from '@app/contracts';
import { isSystemUser } from '@app/policy';
import type { QueryClient } from '@tanstack/react-query';
import { refreshTokens } from '../../api/auth';
import { ApiRequestError, type HttpClient } from '../../api/http';
import { revertViewMode, switchUser } from '../../api/view-mode';
import { endSession, startSession } from './session-lifecycle';
import type { SessionStore, SessionTokens } from './session-store';

/**
 * Spec 1 §4 View mode, without React: a root or system user (or an agency, for its own clients) acts as
 * another user. The server issues a separate view-mode session; the original user's tokens and data are
 * kept in local storage sealed with the dt envelope key (spec 1 §3.2 "saved encrypted"), so reverting
 * can fall back on them if the revert call fails.
 */

/** Where 'Reset view mode' goes (spec 1 §2.5, §4). */
export const AFTER_REVERT_PATH = '/configuration/agency-list/';
/** Agencies may view their own clients too (server rule); they come back to their client list. */
export const AFTER_REVERT_PATH_AGENCY = '/configuration/client-management';

/** What is saved (sealed) while in view mode. */
export interface OriginalSession {
  tokens: SessionTokens;
  user: SessionUser | null;
  /** The original user's company-group choice, put back on revert. */
  companyGroup: string | null;
}

/** Who is being viewed; the caller (agency list) knows the target's type and company group. */
export interface ViewModeTarget {
  usrID: number;
  userType?: UserType | null;
  /** The viewed client's company group, when known. */
  companyGroupId?: string | number | null;
}

export interface ViewModeDeps {
  store: SessionStore;
  queryClient: QueryClient;
  http: HttpClient;
  /** The dt envelope key (app-config `dtKey`). */
  envelopeKey: CryptoKey;
}

export const sealOriginalSession = (key: CryptoKey, original: OriginalSession): Promise<string> =>
  sealEnvelope(key, original);

/** Opens the sealed original session; null when it is missing, foreign or damaged. */
export async function openOriginalSession(key: CryptoKey, sealed: string): Promise<OriginalSession | null> {
  let raw: unknown;
  try {
    raw = await openEnvelope(key, sealed);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { tokens, user, companyGroup } = raw as Record<string, unknown>;
  if (!isTokens(tokens)) return null;
  const parsedUser = sessionUserSchema.safeParse(user);
  return {
    tokens: {
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      expires_in: tokens.expires_in,
    },
    user: parsedUser.success ? parsedUser.data : null,
    companyGroup: typeof companyGroup === 'string' ? companyGroup : null,
  };
}

function isTokens(value: unknown): value is SessionTokens {
  if (typeof value !== 'object' || value === null) return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.access_token === 'string' &&
    typeof t.refresh_token === 'string' &&
    typeof t.expires_in === 'number'
  );
}

/**
 * Spec 1 §4: when the viewed user is a client, the company group selection becomes that client's group;
 * otherwise (or when the group is not known) it is cleared.
 */
export function companyGroupForTarget(target: ViewModeTarget): string | null {
  if (target.userType !== 'client') return null;
  const group = target.companyGroupId;
  return group === null || group === undefined || String(group) === '' ? null : String(group);
}

/** Where the original user lands after reverting. */
export function revertDestination(original: SessionUser | null): string {
  return original && !isSystemUser(original) ? AFTER_REVERT_PATH_AGENCY : AFTER_REVERT_PATH;
}

/**
 * Starts view mode: `POST /configuration/user/switch`, then saves the original session sealed, sets the
 * company group, and stores the view-mode tokens (the route guard then loads the viewed user and lands).
 */
export async function enterViewMode(deps: ViewModeDeps, target: ViewModeTarget): Promise<void> {
  const { store } = deps;
  const answer = await switchUser(deps.http, target.usrID);
  // Read after the call: if it needed a token refresh, the tokens stored now are the valid ones.
  const tokens = store.readStoredTokens();
  if (!tokens) throw new ApiRequestError(401, 'unauthenticated', 'Unauthenticated.');
  const sealed = await sealOriginalSession(deps.envelopeKey, {
    tokens,
    user: store.getSnapshot().user,
    companyGroup: store.getCompanyGroup(),
  });
  // startSession clears what the original session left (its user data too), then stores the new tokens.
  startSession(store, deps.queryClient, answer);
  store.setOriginalUser(sealed);
  store.setCompanyGroup(companyGroupForTarget(target));
}

/** The revert call; an expired view-mode access token is renewed once with its own refresh token. */
async function revertOnce(deps: ViewModeDeps): Promise<TokenResponse> {
  try {
    return await revertViewMode(deps.http);
  } catch (error) {
    const stored = deps.store.readStoredTokens();
    if (!(error instanceof ApiRequestError) || !error.isUnauthenticated || !stored) throw error;
    deps.store.setTokens(await refreshTokens(deps.http, stored.refresh_token));
    return revertViewMode(deps.http);
  }
}

export interface LeaveViewModeResult {
  /** 'fresh': tokens of the revert answer; 'saved': the saved original tokens; 'ended': nothing to restore. */
  restored: 'fresh' | 'saved' | 'ended';
  /** Where to go next: the agency list (spec), /login when the session had to end. */
  to: string;
}

/**
 * 'Reset view mode': `POST /configuration/user/revert-view-mode` and restore the original session with
 * the answer's fresh tokens, or, if the call fails, with the saved original tokens. The saved original
 * is removed either way. With neither, the session ends.
 */
export async function leaveViewMode(deps: ViewModeDeps): Promise<LeaveViewModeResult> {
  const { store } = deps;
  const sealed = store.getOriginalUser();
  const original = sealed ? await openOriginalSession(deps.envelopeKey, sealed) : null;
  let fresh: SessionTokens | null = null;
  try {
    fresh = await revertOnce(deps);
  } catch {
    fresh = null;
  }
  const tokens = fresh ?? original?.tokens ?? null;
  if (!tokens) {
    endSession(store, deps.queryClient);
    return { restored: 'ended', to: '/login' };
  }
  // startSession also removes the saved original (it is part of the session values it clears).
  startSession(store, deps.queryClient, tokens);
  store.setOriginalUser(null);
  if (original?.user) store.setUser(original.user);
  store.setCompanyGroup(original?.companyGroup ?? null);
  return { restored: fresh ? 'fresh' : 'saved', to: revertDestination(original?.user ?? null) };
}
