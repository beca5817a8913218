import {
  authorizeResponseSchema,
  type DeliveryAttemptView,
  type DeliveryList,
  type DeliveryStatus,
  deliveryAttemptsResponseSchema,
  deliveryListResponseSchema,
  type IntegrationsOverview,
  integrationMessageSchema,
  integrationsOverviewSchema,
  type ProviderView,
  providerViewSchema,
  type ReplayRequest,
  replayResponseSchema,
  saveIntegrationResponseSchema,
  signingSecretResponseSchema,
  TARGET_KINDS,
  targetsResponseSchema,
  testPayloadResponseSchema,
} from '@app/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import { showNotice } from '../components/feedback/notice';
import { ApiRequestError, failureMessage, GENERIC_FAILURE_MESSAGE } from './http';

/*
 * Integrations (issue 23, decision 0096): the company's providers and connections, the connect
 * form's saves, and the delivery console. Spec 2 §8: a failed read shows a notice with the server's
 * message and answers an empty result (`readFailed` tells a screen that this happened).
 */

/** The console's page size (spec 2 §9: lists show 10 per page). */
export const DELIVERIES_PER_PAGE = 10;

export interface DeliveryQuery {
  slug: string | null;
  /** The campaign's 8-digit public id. */
  campaign: string | null;
  status: DeliveryStatus | null;
  page: number;
}

export const integrationKeys = {
  all: ['integrations'] as const,
  company: (companyId: number) => [...integrationKeys.all, companyId] as const,
  overview: (companyId: number) => [...integrationKeys.company(companyId), 'overview'] as const,
  provider: (companyId: number, slug: string) =>
    [...integrationKeys.company(companyId), 'provider', slug] as const,
  deliveriesOf: (companyId: number) => [...integrationKeys.company(companyId), 'deliveries'] as const,
  deliveries: (companyId: number, query: DeliveryQuery) =>
    [
      ...integrationKeys.deliveriesOf(companyId),
      query.slug ?? '',
      query.status ?? '',
      query.campaign ?? '',
      query.page,
    ] as const,
  targets: (companyId: number, slug: string, kind: string) =>
    [...integrationKeys.company(companyId), 'targets', slug, kind] as const,
  attempts: (companyId: number, deliveryId: number) =>
    [...integrationKeys.deliveriesOf(companyId), 'attempts', deliveryId] as const,
};

/** Empty answers given in place of a failed read; a screen asks `readFailed(data)` to offer a retry. */
const failedReads = new WeakSet<object>();

export function readFailed(data: unknown): boolean {
  return typeof data === 'object' && data !== null && failedReads.has(data);
}

/** Spec 2 §8: a failed read shows the server's message and gives an empty result (not when abandoned). */
export async function readOrEmpty<T extends object>(
  read: () => Promise<T>,
  empty: () => T,
  signal: AbortSignal | undefined,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (signal?.aborted) throw error;
    showNotice({ color: 'red', title: 'Integrations', message: failureMessage(error) });
    const result = empty();
    failedReads.add(result);
    return result;
  }
}

export const emptyDeliveryList = (page = 1): DeliveryList => ({
  current_page: page,
  per_page: DELIVERIES_PER_PAGE,
  total: 0,
  last_page: 1,
  from: null,
  to: null,
  data: [],
});

/** `GET /integrations/{company_id}`: every provider, with the company's connection and its stats. */
export function useIntegrationsOverview(companyId: number) {
  const http = useHttp();
  return useQuery({
    queryKey: integrationKeys.overview(companyId),
    queryFn: ({ signal }) =>
      readOrEmpty<IntegrationsOverview>(
        () => http.request({ path: `/integrations/${companyId}`, signal }, integrationsOverviewSchema),
        () => ({ company_id: companyId, providers: [] }),
        signal,
      ),
    enabled: companyId > 0,
    // The stats move while leads are sent: asked again every 5 seconds while something waits.
    refetchInterval: (query) =>
      query.state.data?.providers.some((p) => (p.connection?.stats.queued ?? 0) > 0) ? 5_000 : false,
  });
}

/** A provider view read, or null when it could not be read (its notice already shown). */
export interface ProviderAnswer {
  provider: ProviderView | null;
}

/** `GET /integrations/{company_id}/{slug}`: one provider with the company's connection. */
export function useIntegration(companyId: number, slug: string) {
  const http = useHttp();
  return useQuery({
    queryKey: integrationKeys.provider(companyId, slug),
    queryFn: ({ signal }) =>
      readOrEmpty<ProviderAnswer>(
        async () => ({
          provider: await http.request(
            { path: `/integrations/${companyId}/${encodeURIComponent(slug)}`, signal },
            providerViewSchema,
          ),
        }),
        () => ({ provider: null }),
        signal,
      ),
    enabled: companyId > 0 && slug !== '',
    refetchInterval: (query) =>
      (query.state.data?.provider?.connection?.stats.queued ?? 0) > 0 ? 5_000 : false,
  });
}

/** After a change to a connection: the overview and the provider's page read again. */
function refreshCompany(queryClient: QueryClient, companyId: number) {
  return queryClient.invalidateQueries({ queryKey: integrationKeys.company(companyId) });
}

/** `POST /saveintegration`: connect, or change the settings of a connection. */
export function useSaveIntegration(companyId: number) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { slug: string; settings: Record<string, string | string[] | boolean> }) =>
      http.post(
        '/saveintegration',
        { company_id: companyId, slug: v.slug, settings: v.settings },
        saveIntegrationResponseSchema,
      ),
    onSuccess: () => refreshCompany(queryClient, companyId),
  });
}

const providerPath = (companyId: number, slug: string) =>
  `/integrations/${companyId}/${encodeURIComponent(slug)}`;

/** `DELETE /integrations/{company_id}/{slug}`: disconnect. */
export function useDisconnectIntegration(companyId: number, slug: string) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.request({ method: 'DELETE', path: providerPath(companyId, slug) }, integrationMessageSchema),
    onSettled: () => refreshCompany(queryClient, companyId),
  });
}

/** `PUT /integrations/{company_id}/{slug}/pause` `{ paused }`: pause or resume sending. */
export function usePauseIntegration(companyId: number, slug: string) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) =>
      http.put(`${providerPath(companyId, slug)}/pause`, { paused }, integrationMessageSchema),
    onSettled: () => refreshCompany(queryClient, companyId),
  });
}

/** `POST /integrations/{company_id}/{slug}/test`: queue a test payload (shown in the console as "Test"). */
export function useSendTestPayload(companyId: number, slug: string) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post(`${providerPath(companyId, slug)}/test`, {}, testPayloadResponseSchema),
    onSuccess: () => refreshCompany(queryClient, companyId),
  });
}

/** `GET /integrations/{company_id}/{slug}/signing-secret`: asked only when a person reveals it. */
export function useRevealSigningSecret(companyId: number, slug: string) {
  const http = useHttp();
  return useMutation({
    mutationFn: () =>
      http.get(`${providerPath(companyId, slug)}/signing-secret`, signingSecretResponseSchema),
  });
}

/** `POST /integrations/{company_id}/{slug}/authorize`: the provider's consent page to go to. */
export function useAuthorizeIntegration(companyId: number, slug: string) {
  const http = useHttp();
  return useMutation({
    mutationFn: async () => {
      const answer = await http.post(
        `${providerPath(companyId, slug)}/authorize`,
        {},
        authorizeResponseSchema,
      );
      // Only a web address is followed (never a `javascript:` one, whatever the answer holds).
      if (!/^https?:\/\//i.test(answer.url))
        throw new ApiRequestError(200, 'invalid_response', GENERIC_FAILURE_MESSAGE);
      return answer;
    },
  });
}

export type TargetKind = (typeof TARGET_KINDS)[number];

export const isTargetKind = (value: string | undefined): value is TargetKind =>
  value !== undefined && (TARGET_KINDS as readonly string[]).includes(value);

export interface TargetsAnswer {
  data: Array<{ id: string; name: string }>;
}

/**
 * `GET /integrations/{company_id}/{slug}/targets/{kind}`: tags, lists, groups … inside the connected
 * service, offered by a form's select and tags fields (only once connected).
 */
export function useIntegrationTargets(companyId: number, slug: string, kind: TargetKind | null) {
  const http = useHttp();
  return useQuery({
    queryKey: integrationKeys.targets(companyId, slug, kind ?? ''),
    queryFn: ({ signal }) =>
      readOrEmpty<TargetsAnswer>(
        () =>
          http.request(
            { path: `${providerPath(companyId, slug)}/targets/${kind}`, signal },
            targetsResponseSchema,
          ),
        () => ({ data: [] }),
        signal,
      ),
    enabled: companyId > 0 && kind !== null,
    staleTime: 60_000,
  });
}

/** `GET /integrations/deliveries/{company_id}`: one page of deliveries, polled while any waits. */
export function useDeliveries(
  companyId: number,
  query: DeliveryQuery,
  refetchInterval: (list: DeliveryList | undefined) => number | false,
) {
  const http = useHttp();
  return useQuery({
    queryKey: integrationKeys.deliveries(companyId, query),
    queryFn: ({ signal }) =>
      readOrEmpty<DeliveryList>(
        () =>
          http.request(
            {
              path: `/integrations/deliveries/${companyId}`,
              query: {
                slug: query.slug ?? undefined,
                campaign_public_id: query.campaign ?? undefined,
                status: query.status ?? undefined,
                page: query.page,
                per_page: DELIVERIES_PER_PAGE,
              },
              signal,
            },
            deliveryListResponseSchema,
          ),
        () => emptyDeliveryList(query.page),
        signal,
      ),
    enabled: companyId > 0,
    placeholderData: (previous) => previous,
    refetchInterval: (q) => refetchInterval(q.state.data),
  });
}

export interface AttemptsAnswer {
  data: DeliveryAttemptView[];
}

/** `GET /integrations/deliveries/{company_id}/{delivery_id}/attempts`: every attempt of one delivery. */
export function useDeliveryAttempts(companyId: number, deliveryId: number, refetchInterval: number | false) {
  const http = useHttp();
  return useQuery({
    queryKey: integrationKeys.attempts(companyId, deliveryId),
    queryFn: ({ signal }) =>
      readOrEmpty<AttemptsAnswer>(
        () =>
          http.request(
            { path: `/integrations/deliveries/${companyId}/${deliveryId}/attempts`, signal },
            deliveryAttemptsResponseSchema,
          ),
        () => ({ data: [] }),
        signal,
      ),
    enabled: companyId > 0 && deliveryId > 0,
    refetchInterval,
  });
}

/** `POST /integrations/deliveries/replay`: chosen failed deliveries, or all failed ones. */
export function useReplayDeliveries(companyId: number) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplayRequest) =>
      http.post('/integrations/deliveries/replay', body, replayResponseSchema),
    onSettled: () => refreshCompany(queryClient, companyId),
  });
}
