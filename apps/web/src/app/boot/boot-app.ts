import { importEnvelopeKey } from '@app/contracts';
import { fetchAppConfig } from '../../api/app-config';
import { fetchDomainInfo } from '../../api/domain-info';
import {
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  type UnauthenticatedHandler,
} from '../../api/http';
import type { BootData } from './boot-context';
import type { InlineBoot } from './inline-boot';

export interface BootOptions {
  hostname: string;
  getAccessToken: HttpClientOptions['getAccessToken'];
  getClientIp?: HttpClientOptions['getClientIp'];
  fetch?: typeof fetch;
  /**
   * Builds the 401 handler (token refresh) for the new client. It needs the client itself to call
   * the refresh endpoint, hence a factory rather than a handler.
   */
  unauthenticatedHandler?: (http: HttpClient) => UnauthenticatedHandler;
  /** What index.html carried (app/boot/inline-boot.ts); each part given is not fetched again. */
  inline?: InlineBoot;
}

/**
 * Boot order matters: app-config gives the API base and envelope key the HTTP client needs, and domain
 * info gives the branding the first render needs. The server normally puts both into index.html
 * (`options.inline`), so boot makes no request; otherwise they are fetched in that order. Screens read
 * both from the boot context (useBoot), not from the query cache: boot runs before, and for a visitor
 * on the sign-in page without, TanStack Query (decision 0025). Any failure here rejects, and main.tsx
 * shows the generic error page.
 */
export async function bootApp(options: BootOptions): Promise<BootData> {
  const inline = options.inline ?? {};
  const appConfig = inline.appConfig ?? (await fetchAppConfig(options.fetch));
  const envelopeKey = await importEnvelopeKey(appConfig.dtKey);
  let onUnauthenticated: UnauthenticatedHandler | undefined;
  const http = createHttpClient({
    apiBase: appConfig.apiBase,
    envelopeKey,
    getAccessToken: options.getAccessToken,
    getClientIp: options.getClientIp,
    fetch: options.fetch,
    onUnauthenticated: (context) =>
      onUnauthenticated ? onUnauthenticated(context) : Promise.reject(context.error),
  });
  onUnauthenticated = options.unauthenticatedHandler?.(http);
  const domainInfo = inline.domainInfo ?? (await fetchDomainInfo(http, options.hostname));
  return { appConfig, domainInfo, http, hostname: options.hostname };
}
