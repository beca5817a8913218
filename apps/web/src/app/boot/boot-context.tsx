import type { AppConfig, DomainInfo } from '@app/contracts';
import { createContext, type ReactNode, useContext } from 'react';
import type { HttpClient } from '../../api/http';

/** What boot resolved before the first render; every screen can rely on it being present. */
export interface BootData {
  appConfig: AppConfig;
  /** Domain info of this host, with branding already validated (invalid branding replaced by defaults). */
  domainInfo: DomainInfo;
  http: HttpClient;
  /** The host name the app was opened on; documents and login are scoped to it. */
  hostname: string;
}

const BootContext = createContext<BootData | null>(null);

export function BootProvider({ value, children }: { value: BootData; children: ReactNode }) {
  return <BootContext.Provider value={value}>{children}</BootContext.Provider>;
}

export function useBoot(): BootData {
  const boot = useContext(BootContext);
  if (!boot) throw new Error('useBoot must be used below BootProvider');
  return boot;
}

export const useHttp = (): HttpClient => useBoot().http;
