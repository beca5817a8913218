import {
  type AdvancedInformationList,
  advancedInformationListResponseSchema,
  advancedInformationTypeResponseSchema,
  type CountHistoryType,
  countHistoryResponseSchema,
  DATA_VENDOR_PREFIX,
  type InformationType,
  queueCountResponseSchema,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';

/*
 * Data enrichment (spec 2 §4 data enhancement counts, §7 `list-advance-information*`): the
 * advanced information a campaign may request, and a campaign's enhancement counts per type.
 */

export const enrichmentKeys = {
  all: ['data-enrichment'] as const,
  list: (list: AdvancedInformationList) => [...enrichmentKeys.all, 'list', list] as const,
  types: (list: AdvancedInformationList) => [...enrichmentKeys.all, 'types', list] as const,
  history: (campaignId: number, type: CountHistoryType) =>
    [...enrichmentKeys.all, 'history', campaignId, type] as const,
};

/** `GET /configuration/list-advance-information` (consumer) or `-b2b`: the fields a campaign picks from. */
export function useAdvancedInformation(list: AdvancedInformationList | null) {
  const http = useHttp();
  return useQuery({
    queryKey: list ? enrichmentKeys.list(list) : [...enrichmentKeys.all, 'list', 'none'],
    queryFn: ({ signal }) =>
      http.request(
        {
          path:
            list === 'b2b'
              ? '/configuration/list-advance-information-b2b'
              : '/configuration/list-advance-information',
          signal,
        },
        advancedInformationListResponseSchema,
      ),
    enabled: list !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `GET /configuration/list-advance-information-type?type=`: a list's information types with their fields. */
export function useInformationTypes(list: AdvancedInformationList | null) {
  const http = useHttp();
  return useQuery({
    queryKey: list ? enrichmentKeys.types(list) : [...enrichmentKeys.all, 'types', 'none'],
    queryFn: ({ signal }) =>
      http.request(
        // biome-ignore lint/style/noNonNullAssertion: enabled only with a list
        { path: '/configuration/list-advance-information-type', query: { type: list! }, signal },
        advancedInformationTypeResponseSchema,
      ),
    enabled: list !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * `GET …/getcountcampaignhistory/{campaign_id}/{type}`: a campaign's counts, newest first; asked
 * again every 3 seconds while one is pending. 0 keeps it idle.
 */
export function useCountHistory(campaignId: number, type: CountHistoryType) {
  const http = useHttp();
  return useQuery({
    queryKey: enrichmentKeys.history(campaignId, type),
    queryFn: ({ signal }) =>
      http.request(
        { path: `${DATA_VENDOR_PREFIX}/getcountcampaignhistory/${campaignId}/${type}`, signal },
        countHistoryResponseSchema,
      ),
    enabled: campaignId > 0,
    refetchInterval: (query) => ((query.state.data?.pending ?? 0) > 0 ? 3_000 : false),
  });
}

/** `POST …/queuecount` (kind enhancement): a campaign's count of one information type. */
export function useQueueEnhancementCount() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { campaignId: number; type: InformationType }) =>
      http.post(
        `${DATA_VENDOR_PREFIX}/queuecount`,
        { kind: 'enhancement', campaign_id: v.campaignId, type: v.type },
        queueCountResponseSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrichmentKeys.all }),
  });
}
