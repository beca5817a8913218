import {
  AUDIENCE_POLL_MS,
  type AudienceKeyKind,
  audienceDeleteResponseSchema,
  audienceInFlight,
  audienceListResponseSchema,
  audienceUploadResponseSchema,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import type { UploadProgress } from './xhr-transport';

/* The ad platform's audiences (issue 24, decision 0114). */

export const audienceKeys = {
  all: ['audiences'] as const,
  list: (userId: number) => [...audienceKeys.all, 'list', userId] as const,
};

/**
 * `GET /leadspeek/simplifi/audience/{user_id}`: the audiences of the person's company (an agency's
 * with its clients'). Asked again every 2 seconds while one of them is still uploading or storing its
 * keys, so the progress bars move; not at all without a user id (spec 2 §5).
 */
export function useAudiences(userId: number | null) {
  const http = useHttp();
  return useQuery({
    queryKey: userId ? audienceKeys.list(userId) : [...audienceKeys.all, 'none'],
    queryFn: () => http.get(`/leadspeek/simplifi/audience/${userId}`, audienceListResponseSchema),
    enabled: userId !== null && userId > 0,
    refetchInterval: (query) =>
      query.state.data?.data.audiences.some(audienceInFlight) ? AUDIENCE_POLL_MS : false,
  });
}

export interface AudienceUpload {
  companyId: number;
  name: string;
  kind: AudienceKeyKind;
  file: File;
  onProgress?: UploadProgress;
}

/** `POST /leadspeek/simplifi/audience/upload`: the fields first, then the file, with the bytes sent reported. */
export function useUploadAudience() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: AudienceUpload) => {
      const form = new FormData();
      form.append('companyID', String(upload.companyId));
      form.append('name', upload.name);
      form.append('kind', upload.kind);
      form.append('audiencefile', upload.file, upload.file.name);
      return http.request(
        {
          method: 'POST',
          path: '/leadspeek/simplifi/audience/upload',
          body: form,
          onUploadProgress: upload.onProgress,
        },
        audienceUploadResponseSchema,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: audienceKeys.all }),
  });
}

/** `DELETE /leadspeek/simplifi/audience/{id}`: never sent without an audience id (spec 2 §5). */
export function useDeleteAudience() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (audienceId: number) =>
      http.request(
        { method: 'DELETE', path: `/leadspeek/simplifi/audience/${audienceId}` },
        audienceDeleteResponseSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: audienceKeys.all }),
  });
}
