import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { BootData } from './boot/boot-context';
import { BootProviders } from './boot-providers';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
    },
  });
}

export function AppProviders({
  boot,
  queryClient,
  children,
}: {
  boot: BootData;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <BootProviders boot={boot}>{children}</BootProviders>
    </QueryClientProvider>
  );
}
