import { importEnvelopeKey } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { appConfigQuery } from '../../api/app-config';
import { domainInfoKeys, domainInfoQuery } from '../../api/domain-info';
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
 * (`options.inline`), so boot makes no request; otherwise they are fetched in that order. Both land in
 * the query cache so hooks read the same data. Any failure here rejects, and main.tsx shows the
 * generic error page.
 */
export async function bootApp(queryClient: QueryClient, options: BootOptions): Promise<BootData> {
  const inline = options.inline ?? {};
  if (inline.appConfig) queryClient.setQueryData(appConfigQuery(options.fetch).queryKey, inline.appConfig);
  if (inline.domainInfo) queryClient.setQueryData(domainInfoKeys.host(options.hostname), inline.domainInfo);
  const appConfig = inline.appConfig ?? (await queryClient.fetchQuery(appConfigQuery(options.fetch)));
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
  const domainInfo =
    inline.domainInfo ?? (await queryClient.fetchQuery(domainInfoQuery(http, options.hostname)));
  return { appConfig, domainInfo, http, hostname: options.hostname };
}
