import {
  type AnySettingName,
  type BrandingImageKind,
  brandingImageResponseSchema,
  brandingSettingResponseSchema,
  type CancelSubscriptionRequest,
  type CreateMinimumSpendPlanRequest,
  cancelSubscriptionResponseSchema,
  costAgencyResponseSchema,
  customDomainResponseSchema,
  type DeleteMinimumSpendPlanRequest,
  minimumSpendListResponseSchema,
  minimumSpendPlanResponseSchema,
  minimumSpendSettingResponseSchema,
  moduleNamesResponseSchema,
  type OnboardingSetRequest,
  onboardingGetResponseSchema,
  onboardingSetResponseSchema,
  paymentTermSettingResponseSchema,
  type RetryDomainSslRequest,
  type SetDefaultMinimumSpendRequest,
  savedResponseSchema,
  simplifiMinimumsSettingResponseSchema,
  smtpSettingResponseSchema,
  subdomainResponseSchema,
  type TestEmailRequest,
  testEmailResponseSchema,
  type UpdateAnySettingRequest,
  type UpdateCustomDomainRequest,
  type UpdateMinimumSpendPlanRequest,
  type UpdateMinimumSpendSettingRequest,
  type UpdateSubdomainRequest,
  whitelabelDomainResponseSchema,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import { domainInfoKeys } from './domain-info';
import type { HttpClient, ResponseSchema } from './http';
import { sessionKeys } from './session';

/*
 * General settings, prices, domains and SMTP (spec 2 §7 "Pricing, settings and domains"), with the
 * shapes of packages/contracts/src/settings.ts. Amounts travel as dollar strings.
 */

type Parsed<S> = S extends ResponseSchema<infer T> ? T : never;
export type CostAgencyResponse = Parsed<typeof costAgencyResponseSchema>;
export type BrandingSetting = Parsed<typeof brandingSettingResponseSchema>['data'];
export type ModuleNamesSetting = Parsed<typeof moduleNamesResponseSchema>['data'];
export type PaymentTermSetting = Parsed<typeof paymentTermSettingResponseSchema>['data'];
export type SmtpSetting = Parsed<typeof smtpSettingResponseSchema>['data'];
export type WhitelabelDomainInfo = Parsed<typeof whitelabelDomainResponseSchema>['data'];
export type OnboardingSetting = Parsed<typeof onboardingGetResponseSchema>['data'];
export type MinimumSpendList = Parsed<typeof minimumSpendListResponseSchema>;
export type SimplifiMinimums = Parsed<typeof simplifiMinimumsSettingResponseSchema>['data'];
export type MinimumSpendSetting = Parsed<typeof minimumSpendSettingResponseSchema>['data'];

/** What each setting name answers to `GET /configuration/setting/{companyID}/{settingname}`. */
const SETTING_SCHEMAS = {
  costagency: costAgencyResponseSchema,
  branding: brandingSettingResponseSchema,
  modulenames: moduleNamesResponseSchema,
  paymenttermDefault: paymentTermSettingResponseSchema,
  customsmtpmenu: smtpSettingResponseSchema,
  simplifiminimums: simplifiMinimumsSettingResponseSchema,
} as const satisfies Record<AnySettingName, unknown>;

type SettingAnswer<N extends AnySettingName> = Parsed<(typeof SETTING_SCHEMAS)[N]>;

export const settingKeys = {
  all: ['settings'] as const,
  setting: (companyID: number, name: AnySettingName) =>
    [...settingKeys.all, 'setting', companyID, name] as const,
  whitelabel: (companyID: number) => [...settingKeys.all, 'whitelabel', companyID] as const,
  onboarding: (companyID: number) => [...settingKeys.all, 'onboarding', companyID] as const,
  minimumSpendPlans: (page: number) => [...settingKeys.all, 'minimum-spend-plans', page] as const,
  minimumSpendSetting: () => [...settingKeys.all, 'minimum-spend-setting'] as const,
};

export const settingQuery = <N extends AnySettingName>(
  http: HttpClient,
  companyID: number,
  name: N,
  idSys?: number,
) =>
  queryOptions({
    queryKey: settingKeys.setting(companyID, name),
    queryFn: ({ signal }): Promise<SettingAnswer<N>> =>
      http.request(
        {
          path: `/configuration/setting/${companyID}/${name}`,
          query: { idSys, pk: name },
          signal,
        },
        SETTING_SCHEMAS[name] as unknown as ResponseSchema<SettingAnswer<N>>,
      ),
  });

/** One setting of a company; `companyID` null keeps the query idle. */
export function useSetting<N extends AnySettingName>(companyID: number | null, name: N, idSys?: number) {
  const http = useHttp();
  return useQuery({ ...settingQuery(http, companyID ?? 0, name, idSys), enabled: companyID !== null });
}

/**
 * `PUT /configuration/setting`. Afterwards the setting is read again; module names and branding also
 * refetch the host's domain info (its side menus and branding) so anything built from it follows.
 */
export function useSaveSetting() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAnySettingRequest) =>
      http.put('/configuration/setting', body, savedResponseSchema),
    onSuccess: async (_answer, body) => {
      await queryClient.invalidateQueries({ queryKey: settingKeys.setting(body.companyID, body.comsetname) });
      if (body.comsetname === 'modulenames' || body.comsetname === 'branding') {
        await queryClient.invalidateQueries({ queryKey: domainInfoKeys.all });
      }
    },
  });
}

/** `POST /configuration/setting/branding-image` (multipart) and its DELETE: logo or favicon. */
export function useBrandingImage(companyID: number) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: settingKeys.setting(companyID, 'branding') });
    await queryClient.invalidateQueries({ queryKey: domainInfoKeys.all });
  };
  const upload = useMutation({
    mutationFn: ({ kind, file }: { kind: BrandingImageKind; file: File }) => {
      const form = new FormData();
      form.set('companyID', String(companyID));
      form.set('kind', kind);
      form.set('file', file);
      return http.post('/configuration/setting/branding-image', form, brandingImageResponseSchema);
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (kind: BrandingImageKind) =>
      http.request(
        { method: 'DELETE', path: `/configuration/setting/branding-image/${companyID}/${kind}` },
        brandingImageResponseSchema,
      ),
    onSuccess: refresh,
  });
  return { upload, remove };
}

/** `POST /configuration/setting/test-email`: a test message through the company's saved SMTP. */
export function useSendTestEmail() {
  const http = useHttp();
  return useMutation({
    mutationFn: (body: TestEmailRequest) =>
      http.post('/configuration/setting/test-email', body, testEmailResponseSchema),
  });
}

/** `GET /company/whitelabel-domain/{companyID}`: subdomain, custom domain and its certificate status. */
export const whitelabelDomainQuery = (http: HttpClient, companyID: number) =>
  queryOptions({
    queryKey: settingKeys.whitelabel(companyID),
    queryFn: ({ signal }) =>
      http.request(
        { path: `/company/whitelabel-domain/${companyID}`, signal },
        whitelabelDomainResponseSchema,
      ),
  });

/** While a certificate is being issued the status is polled. */
export const DOMAIN_POLL_MS = 10_000;

export function useWhitelabelDomain(companyID: number | null) {
  const http = useHttp();
  return useQuery({
    ...whitelabelDomainQuery(http, companyID ?? 0),
    enabled: companyID !== null,
    refetchInterval: (query) => (query.state.data?.data.domain_status === 'pending' ? DOMAIN_POLL_MS : false),
  });
}

function useDomainMutation<B>(path: string, companyID: number) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => http.put(path, body, customDomainResponseSchema),
    // The full record (checked-at, error, expected addresses) is read again; a pending status polls.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingKeys.whitelabel(companyID) });
      await queryClient.invalidateQueries({ queryKey: domainInfoKeys.all });
    },
  });
}

/** `PUT /configuration/update-custom-domain` {companyID, DownlineDomain, whitelabelling}. */
export const useUpdateCustomDomain = (companyID: number) =>
  useDomainMutation<UpdateCustomDomainRequest>('/configuration/update-custom-domain', companyID);

/** `PUT /configuration/retrydomainssl` {companyID, domain}. */
export const useRetryDomainSsl = (companyID: number) =>
  useDomainMutation<RetryDomainSslRequest>('/configuration/retrydomainssl', companyID);

/** `PUT /configuration/subdomain` {companyID, subdomain, idsys}. */
export function useUpdateSubdomain(companyID: number) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSubdomainRequest) =>
      http.put('/configuration/subdomain', body, subdomainResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingKeys.whitelabel(companyID) }),
  });
}

/**
 * `PUT /configuration/cancel-subscription` {companyID}. The session user carries the cancellation,
 * so it is read again: what follows it (no Add Client, the section's own state) changes at once.
 */
export function useCancelSubscription() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyID: number) => {
      const body: CancelSubscriptionRequest = { companyID };
      return http.put('/configuration/cancel-subscription', body, cancelSubscriptionResponseSchema);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.user() }),
  });
}

/** `GET /configuration/onboarding/get` with companyID, companyRootID, settingname. */
export function useOnboardingSetting(companyID: number | null) {
  const http = useHttp();
  return useQuery({
    queryKey: settingKeys.onboarding(companyID ?? 0),
    queryFn: ({ signal }) =>
      http.request(
        {
          path: '/configuration/onboarding/get',
          query: {
            companyID: companyID ?? 0,
            companyRootID: companyID ?? 0,
            settingname: 'onboardingcharge',
          },
          signal,
        },
        onboardingGetResponseSchema,
      ),
    enabled: companyID !== null,
  });
}

/** `PUT /configuration/onboarding/set` {CompanyID, amount, enable_coupon}. */
export function useSaveOnboarding() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingSetRequest) =>
      http.put('/configuration/onboarding/set', body, onboardingSetResponseSchema),
    onSuccess: (_answer, body) =>
      queryClient.invalidateQueries({ queryKey: settingKeys.onboarding(body.CompanyID) }),
  });
}

// Minimum spend (root company of the master system only).

export function useMinimumSpendPlans(page: number, enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: settingKeys.minimumSpendPlans(page),
    queryFn: ({ signal }) =>
      http.request(
        { path: '/general/minimum-spend-config', query: { page, PerPage: 10 }, signal },
        minimumSpendListResponseSchema,
      ),
    enabled,
  });
}

export function useMinimumSpendPlanMutations() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: [...settingKeys.all, 'minimum-spend-plans'] });
  const save = useMutation({
    mutationFn: ({ id, ...plan }: CreateMinimumSpendPlanRequest & { id: number | null }) => {
      if (id === null)
        return http.post('/general/minimum-spend-config', plan, minimumSpendPlanResponseSchema);
      const body: UpdateMinimumSpendPlanRequest = { idMinimumSpend: id, ...plan };
      return http.put('/general/minimum-spend-config', body, minimumSpendPlanResponseSchema);
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => {
      const body: DeleteMinimumSpendPlanRequest = { idMinimumSpend: id };
      return http.request(
        { method: 'DELETE', path: '/general/minimum-spend-config', body },
        savedResponseSchema,
      );
    },
    onSuccess: refresh,
  });
  const setDefault = useMutation({
    mutationFn: (id: number) => {
      const body: SetDefaultMinimumSpendRequest = { id };
      return http.put('/general/set-default-minimum-spend-config', body, minimumSpendPlanResponseSchema);
    },
    onSuccess: refresh,
  });
  return { save, remove, setDefault };
}

export function useMinimumSpendSetting(enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: settingKeys.minimumSpendSetting(),
    queryFn: ({ signal }) =>
      http.request({ path: '/general/minimum-spend-setting', signal }, minimumSpendSettingResponseSchema),
    enabled,
  });
}

export function useSaveMinimumSpendSetting() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMinimumSpendSettingRequest) =>
      http.put('/general/minimum-spend-setting', body, savedResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingKeys.minimumSpendSetting() }),
  });
}
