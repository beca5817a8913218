import {
  type AcceptableDocument,
  agreementAcceptedResponseSchema,
  agreementDownloadResponseSchema,
  type BetaFeatureId,
  betaFeatureListResponseSchema,
  featureGateResponseSchema,
  marketingAgreementResponseSchema,
  savedResponseSchema,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import { developerKeys } from './developer';
import type { HttpClient } from './http';

export const agreementKeys = {
  all: ['agreements'] as const,
  betaFeatures: () => [...agreementKeys.all, 'beta-features'] as const,
  gate: (feature: BetaFeatureId) => [...agreementKeys.all, 'gate', feature] as const,
  developer: (companyId: number) => [...agreementKeys.all, 'developer', companyId] as const,
};

/** The developer marketing services agreement of a company: accepted or not, and when (spec 2 §7). */
export function useDeveloperAgreement(companyId: number, enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: agreementKeys.developer(companyId),
    queryFn: ({ signal }) =>
      http.request(
        { path: `/marketing-services-agreement/${companyId}`, signal },
        marketingAgreementResponseSchema,
      ),
    enabled,
  });
}

/** Accepts the developer agreement for oneself and one's company (the server records the version). */
export function useAcceptDeveloperAgreement() {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; companyId: number; companyName: string }) =>
      http.put(
        `/marketing-services-agreement/${input.companyId}`,
        {
          user_id: input.userId,
          is_marketing_services_agreement_developer: 'T',
          company_name: input.companyName,
          company_id: input.companyId,
          location_menu: 'marketing-services-agreement-developer',
          document_type: 'marketing-services-agreement-developer',
        },
        agreementAcceptedResponseSchema,
      ),
    onSuccess: async (_answer, input) => {
      await client.invalidateQueries({ queryKey: agreementKeys.developer(input.companyId) });
      // The Developer screen shows keys only once the agreement is accepted (decision 0100).
      await client.invalidateQueries({ queryKey: developerKeys.all });
    },
  });
}

/** The beta features of the caller's system with their testers (system staff). */
export function useBetaFeatures() {
  const http = useHttp();
  return useQuery({
    queryKey: agreementKeys.betaFeatures(),
    queryFn: ({ signal }) =>
      http.request({ path: '/configuration/beta-features', signal }, betaFeatureListResponseSchema),
  });
}

export function useSaveBetaFeature() {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      id: BetaFeatureId;
      is_beta: boolean;
      apply_to_all_agency: boolean;
      testers: number[];
    }) => {
      const { id, ...body } = input;
      return http.put(`/configuration/beta-features/${id}`, body, savedResponseSchema);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: agreementKeys.all }),
  });
}

/** The server's gate of a feature for the caller (spec 2 §4), asked fresh each time. */
export const featureGate = (http: HttpClient, feature: BetaFeatureId) =>
  http.get(`/beta-feature/gate/${feature}`, featureGateResponseSchema);

/** Accepts the billing agreement of a feature for the caller's agency. */
export const acceptFeatureAgreement = (
  http: HttpClient,
  input: {
    userId: number;
    companyId: number;
    companyName: string;
    feature: BetaFeatureId;
    featureName: string;
    /** Where the person accepted it (the acceptance record keeps it). */
    locationMenu?: string;
  },
) =>
  http.put(
    `/marketing-services-agreement-feature/${input.userId}/${input.feature}`,
    {
      feature_id: input.feature,
      feature_name: input.featureName,
      user_id: input.userId,
      is_marketing_services_agreement_feature: 'T',
      company_name: input.companyName,
      company_id: input.companyId,
      location_menu: input.locationMenu ?? 'data-wallet',
    },
    agreementAcceptedResponseSchema,
  );

/** A single-use link to the PDF of a user's newest accepted agreement: `/download-auth/{pkdoc}`. */
export const agreementDownloadLink = (http: HttpClient, userId: number, document?: AcceptableDocument) =>
  http.post(
    `/general/user-service-agreement-download/${userId}`,
    document ? { document_type: document } : {},
    agreementDownloadResponseSchema,
  );

/** Opens a link with the caller's password: the PDF itself. */
export async function openAgreementLink(http: HttpClient, pkdoc: string, pwd: string): Promise<Blob> {
  return http.requestFile({ method: 'POST', path: '/docauth', body: { pwd, urldata: pkdoc } });
}

/** `POST /general/user-service-agreement-confirm`: the person accepts a document for themselves. */
export const confirmServiceAgreement = (
  http: HttpClient,
  userId: number,
  document: AcceptableDocument,
  locationMenu: string,
) =>
  http.post(
    '/general/user-service-agreement-confirm',
    { user_id: userId, document_type: document, location_menu: locationMenu },
    agreementAcceptedResponseSchema,
  );
