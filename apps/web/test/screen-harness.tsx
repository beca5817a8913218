import type { SessionUser, SetupCheck } from '@app/contracts';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { HttpClient } from '../src/api/http';
import { type BootData, BootProvider } from '../src/app/boot/boot-context';
import { CurrentRouteProvider } from '../src/app/routing/current-route';

/**
 * Unit-test support: a screen rendered to HTML with the providers the app gives it and a query cache
 * primed with answers (queries do not run) and the route's setup check. Nothing in the app imports this.
 */
export function renderScreen(
  user: SessionUser,
  screen: ReactNode,
  http: HttpClient,
  prime: Array<[readonly unknown[], unknown]> = [],
  setup: SetupCheck | null = null,
): string {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  for (const [key, data] of prime) client.setQueryData(key, data);
  const boot = {
    http,
    appConfig: { apiBase: '', dtKey: '' },
    domainInfo: {},
    hostname: 'app.test',
  } as unknown as BootData;
  return renderToString(
    <QueryClientProvider client={client}>
      <BootProvider value={boot}>
        <MantineProvider>
          <ModalsProvider>
            <MemoryRouter>
              <CurrentRouteProvider value={{ match: {} as never, ctx: { user, setup, domain: null } }}>
                {screen}
              </CurrentRouteProvider>
            </MemoryRouter>
          </ModalsProvider>
        </MantineProvider>
      </BootProvider>
    </QueryClientProvider>,
  );
}
