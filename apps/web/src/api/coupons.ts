import {
  type CreateCouponRequest,
  couponListResponseSchema,
  couponSavedResponseSchema,
  type DisableCouponRequest,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';

/** The system's onboarding coupons (system staff): list, create, disable. */
export const couponKeys = {
  all: ['coupons'] as const,
  list: (companyID: number) => [...couponKeys.all, 'list', companyID] as const,
};

/** `GET /configuration/coupon/list/{company}`: the coupons of the system whose root company this is. */
export function useCoupons(companyID: number) {
  const http = useHttp();
  return useQuery({
    queryKey: couponKeys.list(companyID),
    queryFn: () => http.get(`/configuration/coupon/list/${companyID}`, couponListResponseSchema),
  });
}

function useCouponWrite<V>(path: string, method: 'post' | 'put') {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: V) => http[method](path, body, couponSavedResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

export const useCreateCoupon = () =>
  useCouponWrite<CreateCouponRequest>('/configuration/coupon/create', 'post');
export const useDisableCoupon = () =>
  useCouponWrite<DisableCouponRequest>('/configuration/coupon/disable', 'put');
