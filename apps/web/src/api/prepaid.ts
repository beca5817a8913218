import {
  currentTopupSchema,
  refundEstimateSchema,
  refundTopupResponseSchema,
  remainingBalanceLeadsSchema,
  stopContinualTopupCampaignResponseSchema,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import { campaignKeys } from './campaigns';

/*
 * A prepaid campaign's blocks (spec 2 §7 "Minimum spend and prepaid", decision 0078): the current
 * block, the leads left, stopping continual top-up, and the refund of a stopped campaign's unused
 * leads with its estimate. Campaigns are named by their public id.
 */
export const prepaidKeys = {
  all: ['prepaid'] as const,
  of: (publicId: string) => [...prepaidKeys.all, publicId] as const,
};

export function useCurrentTopUp(publicId: string) {
  const http = useHttp();
  return useQuery({
    queryKey: [...prepaidKeys.of(publicId), 'current'],
    queryFn: () => http.get(`/leadspeek/client/local/currenttopup/${publicId}`, currentTopupSchema),
  });
}

export function useRemainingLeads(publicId: string) {
  const http = useHttp();
  return useQuery({
    queryKey: [...prepaidKeys.of(publicId), 'remaining'],
    queryFn: () =>
      http.get(`/leadspeek/client/local/remainingbalanceleads/${publicId}`, remainingBalanceLeadsSchema),
  });
}

/** The refund's estimate: asked only by the agency's people (the server refuses anyone else). */
export function useRefundEstimate(publicId: string, enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: [...prepaidKeys.of(publicId), 'estimate'],
    queryFn: () =>
      http.get('/leadspeek/client/estimeate-refund-topup', refundEstimateSchema, {
        leadspeek_api_id: publicId,
      }),
    enabled,
  });
}

function useRefresh(publicId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: prepaidKeys.of(publicId) }),
      client.invalidateQueries({ queryKey: campaignKeys.all }),
    ]);
}

export function useStopContinualTopUp(publicId: string) {
  const http = useHttp();
  const refresh = useRefresh(publicId);
  return useMutation({
    mutationFn: () =>
      http.put(
        '/leadspeek/client/local/stopcontinualtopup',
        { leadspeek_api_id: publicId, lp_limit_freq: 'day' },
        stopContinualTopupCampaignResponseSchema,
      ),
    onSettled: refresh,
  });
}

export function useRefundTopUp(publicId: string, companyId: number) {
  const http = useHttp();
  const refresh = useRefresh(publicId);
  return useMutation({
    mutationFn: () =>
      http.post(
        '/leadspeek/client/refund-topup',
        {
          leadspeek_api_id: publicId,
          company_id: companyId,
          timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          payment_type: 'Prepaid',
        },
        refundTopupResponseSchema,
      ),
    onSettled: refresh,
  });
}
