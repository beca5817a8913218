import { type SessionUser, sessionUserSchema } from '@app/contracts';

/** Locally kept values of spec 1 §3.2, under the names the product has always used. */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  expiresIn: 'expires_in',
  user: 'userData',
  originalUser: 'userDataOri',
  role: 'role',
  clientIp: 'clientIP',
  companyGroup: 'companyGroupSelected',
  registerFlag: 'register',
  theme: 'theme',
} as const;

/** What logout and a forced logout remove (spec 1 §4); the theme and register flag survive. */
const SESSION_KEYS = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.expiresIn,
  STORAGE_KEYS.user,
  STORAGE_KEYS.originalUser,
  STORAGE_KEYS.role,
  STORAGE_KEYS.clientIp,
] as const;

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export interface SessionSnapshot {
  accessToken: string | null;
  refreshToken: string | null;
  user: SessionUser | null;
  /** The register flag of spec 1 §2.1: /register opens only when it is set. */
  registerFlag: boolean;
}

export interface SessionStore {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  setTokens(tokens: SessionTokens): void;
  /**
   * The tokens as storage holds them right now (another tab may have rotated them since the last
   * snapshot); null unless both tokens are stored.
   */
  readStoredTokens(): SessionTokens | null;
  setUser(user: SessionUser): void;
  getClientIp(): string | null;
  /**
   * View mode (spec 1 §3.2, §4): the original user's session, sealed (encrypted) by app/session/view-mode;
   * null when not in view mode. Logout removes it with the rest of the session.
   */
  getOriginalUser(): string | null;
  setOriginalUser(sealed: string | null): void;
  /** The company group chosen in the sidebar (`companyGroupSelected`); '' is 'View All', null unset. */
  getCompanyGroup(): string | null;
  setCompanyGroup(groupId: string | null): void;
  /** Logout / forced logout: removes every session value, keeps preferences. */
  clear(): void;
  /** Re-reads storage, e.g. after another tab changed it. */
  reload(): void;
}

export interface SessionStoreOptions {
  /** Rule on the raw stored user data (spec 1 §4, @app/policy isStoredUserValid); failing it logs out. */
  isStoredUserValid?: (stored: unknown) => boolean;
}

/**
 * The one place that reads and writes session values. Components subscribe through useSession; the HTTP
 * client reads the token through getSnapshot. The snapshot object only changes when a value changes, as
 * useSyncExternalStore requires.
 */
export function createSessionStore(
  storage: KeyValueStorage,
  options: SessionStoreOptions = {},
): SessionStore {
  const listeners = new Set<() => void>();
  let snapshot = read();

  function read(): SessionSnapshot {
    const user = readUser();
    return {
      accessToken: storage.getItem(STORAGE_KEYS.accessToken),
      refreshToken: storage.getItem(STORAGE_KEYS.refreshToken),
      user,
      registerFlag: Boolean(storage.getItem(STORAGE_KEYS.registerFlag)),
    };
  }

  function readUser(): SessionUser | null {
    const raw = storage.getItem(STORAGE_KEYS.user);
    if (raw === null) return null;
    const user = parseUser(raw, options.isStoredUserValid ?? (() => true));
    if (user) return user;
    // Invalid stored user data ends the session (spec 1 §4); the guards then send the visitor to /login.
    for (const key of SESSION_KEYS) storage.removeItem(key);
    return null;
  }

  function publish() {
    snapshot = read();
    for (const listener of listeners) listener();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setTokens(tokens) {
      storage.setItem(STORAGE_KEYS.accessToken, tokens.access_token);
      storage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh_token);
      storage.setItem(STORAGE_KEYS.expiresIn, String(tokens.expires_in));
      publish();
    },
    readStoredTokens() {
      const accessToken = storage.getItem(STORAGE_KEYS.accessToken);
      const refreshToken = storage.getItem(STORAGE_KEYS.refreshToken);
      if (!accessToken || !refreshToken) return null;
      const expiresIn = Number(storage.getItem(STORAGE_KEYS.expiresIn));
      return {
        access_token: accessToken,
        refresh_token: refreshToken,
        expires_in: Number.isFinite(expiresIn) ? expiresIn : 0,
      };
    },
    setUser(user) {
      // GET /user runs on every page load; an unchanged answer must not re-run guards and menus.
      const serialised = JSON.stringify(user);
      if (storage.getItem(STORAGE_KEYS.user) === serialised) return;
      storage.setItem(STORAGE_KEYS.user, serialised);
      publish();
    },
    getClientIp: () => storage.getItem(STORAGE_KEYS.clientIp),
    getOriginalUser: () => storage.getItem(STORAGE_KEYS.originalUser),
    setOriginalUser(sealed) {
      if (sealed === null) storage.removeItem(STORAGE_KEYS.originalUser);
      else storage.setItem(STORAGE_KEYS.originalUser, sealed);
    },
    getCompanyGroup: () => storage.getItem(STORAGE_KEYS.companyGroup),
    setCompanyGroup(groupId) {
      if (groupId === null) storage.removeItem(STORAGE_KEYS.companyGroup);
      else storage.setItem(STORAGE_KEYS.companyGroup, groupId);
    },
    clear() {
      for (const key of SESSION_KEYS) storage.removeItem(key);
      publish();
    },
    reload: publish,
  };
}

function parseUser(raw: string, isStoredUserValid: (stored: unknown) => boolean): SessionUser | null {
  try {
    const stored: unknown = JSON.parse(raw);
    if (!isStoredUserValid(stored)) return null;
    const parsed = sessionUserSchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
