import { documentSchema, type PublicDocument } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useBoot } from '../app/boot/boot-context';
import type { HttpClient } from './http';

/** Names the document endpoint serves; the contracts enum also covers agreement types. */
export type DocumentRequestName = PublicDocument['name'];

export const documentKeys = {
  all: ['documents'] as const,
  detail: (name: DocumentRequestName, host: string) => [...documentKeys.all, name, host] as const,
};

export const documentQuery = (http: HttpClient, name: DocumentRequestName, host: string) =>
  queryOptions({
    queryKey: documentKeys.detail(name, host),
    queryFn: ({ signal }) =>
      http.request({ path: '/document/agreement', query: { name, host }, signal }, documentSchema),
    staleTime: 5 * 60_000,
    // The viewer offers 'Try Again' itself, so one quiet retry is enough before showing the failure.
    retry: 1,
  });

/** A document for the host the reader is on (a system's own version wins over the default). */
export function useDocument(name: DocumentRequestName) {
  const { http, hostname } = useBoot();
  return useQuery(documentQuery(http, name, hostname));
}
