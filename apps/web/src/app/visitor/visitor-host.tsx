import { createContext, useContext } from 'react';
import type { SessionTokens } from '../session/session-store';

/**
 * What the sign-in screen needs from the root that renders it: the full app (router and query cache)
 * or the visitor root of main.tsx, which draws the sign-in page without either (decision 0025). The
 * screen's components use this instead of the router or the query client, so both roots share them.
 */
export interface VisitorHost {
  /** Opens another page of the app (a link away from the form). */
  navigate(path: string): void;
  /** A sign-in or a verified code gave tokens: the session starts and the route guard sends the user on. */
  sessionStarted(tokens: SessionTokens): void;
  /** The form is usable (its bot check answered or not needed): a moment to load what comes next. */
  formUsable(): void;
}

const VisitorHostContext = createContext<VisitorHost | null>(null);

export const VisitorHostProvider = VisitorHostContext.Provider;

export function useVisitorHost(): VisitorHost {
  const host = useContext(VisitorHostContext);
  if (!host) throw new Error('useVisitorHost must be used below VisitorHostProvider');
  return host;
}
