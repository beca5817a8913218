import { messageResponseSchema, TWO_FACTOR_TYPES, type UpdateTwoFactorRequest } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBoot } from '../app/boot/boot-context';
import type { HttpClient, ResponseSchema } from './http';

export type TwoFactorType = (typeof TWO_FACTOR_TYPES)[number];

/** `GET /setting/twofactorauth/{userId}` (spec 1 §3.8, §7.3). */
export interface TwoFactorSetting {
  two_factor_auth: boolean;
  /** Null when two-factor is off (the type is cleared with it). */
  two_factor_auth_type: TwoFactorType | null;
}

/** `GET /setting/get-google-tfa/{userId}/{companyId}`: a new secret and its QR code (SVG markup). */
export interface GoogleTfaSetup {
  qrCodeUrl: string;
  secretKey: string;
}

/**
 * `PUT /setting/twofactorauth/{userId}` (the contracts' request): secret and code only when turning
 * the authenticator app on; the current password with every change.
 */
export type SaveTwoFactorRequest = UpdateTwoFactorRequest;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isTwoFactorType = (value: unknown): value is TwoFactorType =>
  (TWO_FACTOR_TYPES as readonly unknown[]).includes(value);

// The contracts carry no schemas for these answers yet; these checks do the same job without zod.
const twoFactorSettingSchema: ResponseSchema<TwoFactorSetting> = {
  safeParse(input) {
    if (!isRecord(input) || typeof input.two_factor_auth !== 'boolean')
      return { success: false, error: input };
    const type = isTwoFactorType(input.two_factor_auth_type) ? input.two_factor_auth_type : null;
    return { success: true, data: { two_factor_auth: input.two_factor_auth, two_factor_auth_type: type } };
  },
};

const googleTfaSetupSchema: ResponseSchema<GoogleTfaSetup> = {
  safeParse(input) {
    if (!isRecord(input) || typeof input.qrCodeUrl !== 'string' || typeof input.secretKey !== 'string') {
      return { success: false, error: input };
    }
    return { success: true, data: { qrCodeUrl: input.qrCodeUrl, secretKey: input.secretKey } };
  },
};

export const twoFactorKeys = {
  all: ['two-factor'] as const,
  setting: (userId: number) => [...twoFactorKeys.all, 'setting', userId] as const,
};

/** Read fresh each time the dialog opens: another device may have changed it. */
export const twoFactorSettingQuery = (http: HttpClient, userId: number) =>
  queryOptions({
    queryKey: twoFactorKeys.setting(userId),
    queryFn: ({ signal }) =>
      http.request({ path: `/setting/twofactorauth/${userId}`, signal }, twoFactorSettingSchema),
    staleTime: 0,
    retry: false,
  });

export const fetchGoogleTfaSetup = (http: HttpClient, userId: number, companyId: number) =>
  http.get(`/setting/get-google-tfa/${userId}/${companyId}`, googleTfaSetupSchema);

export const saveTwoFactor = (http: HttpClient, body: SaveTwoFactorRequest) =>
  http.put(`/setting/twofactorauth/${body.userId}`, body, messageResponseSchema);

export function useTwoFactorSetting(userId: number, enabled: boolean) {
  const { http } = useBoot();
  return useQuery({ ...twoFactorSettingQuery(http, userId), enabled });
}

export function useGoogleTfaSetupMutation() {
  const { http } = useBoot();
  return useMutation({
    mutationKey: [...twoFactorKeys.all, 'google-setup'],
    mutationFn: ({ userId, companyId }: { userId: number; companyId: number }) =>
      fetchGoogleTfaSetup(http, userId, companyId),
  });
}

export function useSaveTwoFactorMutation() {
  const { http } = useBoot();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...twoFactorKeys.all, 'save'],
    mutationFn: (body: SaveTwoFactorRequest) => saveTwoFactor(http, body),
    onSuccess: (_answer, body) =>
      queryClient.invalidateQueries({ queryKey: twoFactorKeys.setting(body.userId) }),
  });
}
