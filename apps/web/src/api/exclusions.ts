import {
  type ExclusionListKind,
  type ExclusionSearchRequest,
  exclusionListResponseSchema,
  exclusionProgressResponseSchema,
  exclusionPurgeResponseSchema,
  exclusionSearchResponseSchema,
  exclusionSettingsResponseSchema,
  exclusionUploadResponseSchema,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';

/** One exclusion list: its kind and id (decision 0092). */
export interface ExclusionListRef {
  kind: ExclusionListKind;
  id: number;
}

export const exclusionKeys = {
  all: ['exclusions'] as const,
  list: (ref: ExclusionListRef) => [...exclusionKeys.all, 'list', ref.kind, ref.id] as const,
};

const query = (ref: ExclusionListRef) => ({ companyId: ref.id, campaignType: ref.kind });

/** `GET /leadspeek/suppressionlist/list`: the list (name, entries, the system's row limit) and its uploads. */
export function useExclusionList(ref: ExclusionListRef | null) {
  const http = useHttp();
  return useQuery({
    queryKey: ref ? exclusionKeys.list(ref) : [...exclusionKeys.all, 'none'],
    queryFn: () =>
      http.get(
        '/leadspeek/suppressionlist/list',
        exclusionListResponseSchema,
        query(ref as ExclusionListRef),
      ),
    enabled: ref !== null,
  });
}

/** `POST /tools/optout-client/upload`: the fields first, then the file (the server reads it as it arrives). */
export function useUploadExclusionFile(ref: ExclusionListRef) {
  const http = useHttp();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('ClientCompanyID', String(ref.id));
      form.append('campaigntype', ref.kind);
      form.append('clientoptoutfile', file, file.name);
      return http.post('/tools/optout-client/upload', form, exclusionUploadResponseSchema);
    },
  });
}

/** `GET /leadspeek/suppressionlist/progress`: the upload modal asks every 2 seconds (spec 2 §4). */
export function fetchExclusionProgress(http: ReturnType<typeof useHttp>, ref: ExclusionListRef) {
  return http.get('/leadspeek/suppressionlist/progress', exclusionProgressResponseSchema, query(ref));
}

/** The purge: `DELETE /tools/optout/purge/{root}` for the opt-out list, else `/leadspeek/suppressionlist/purge/{id}/{kind}`. */
export function usePurgeExclusionList(ref: ExclusionListRef) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.request(
        {
          method: 'DELETE',
          path:
            ref.kind === 'optout'
              ? `/tools/optout/purge/${ref.id}`
              : `/leadspeek/suppressionlist/purge/${ref.id}/${ref.kind}`,
        },
        exclusionPurgeResponseSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exclusionKeys.list(ref) }),
  });
}

/** `POST /leadspeek/suppressionlist/search`: is this address on a list that applies here? */
export function useSearchExclusion() {
  const http = useHttp();
  return useMutation({
    mutationFn: (body: ExclusionSearchRequest) =>
      http.post('/leadspeek/suppressionlist/search', body, exclusionSearchResponseSchema),
  });
}

/** The stored keys as a CSV file (hashes only). */
export function useExclusionDownload() {
  const http = useHttp();
  return (ref: ExclusionListRef) =>
    http.requestFile({ path: '/leadspeek/suppressionlist/download', query: query(ref) });
}

/** `PUT /leadspeek/suppressionlist/settings`: the system's rows-per-upload limit (system staff). */
export function useSaveExclusionSettings(ref: ExclusionListRef) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploadRowLimit: number) =>
      http.put(
        '/leadspeek/suppressionlist/settings',
        { companyRootId: ref.id, uploadRowLimit },
        exclusionSettingsResponseSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exclusionKeys.all }),
  });
}
