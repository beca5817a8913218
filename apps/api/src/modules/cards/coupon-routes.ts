import {
  apiErrorSchema,
  couponListParamsSchema,
  couponListResponseSchema,
  couponSavedResponseSchema,
  createCouponRequestSchema,
  disableCouponRequestSchema,
  getCouponRequestSchema,
  getCouponResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import type { CouponService } from './coupon-service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const companyIn = (where: 'params' | 'body', field: string) =>
  ({ in: where, field, resource: 'company' }) as const;

/** `/configuration/coupon/…`: checking a code (agencies), and the system's coupons (system staff). */
export const couponRoutes =
  (service: CouponService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/configuration/coupon/get-coupon',
      {
        config: {
          access: { kind: 'user', action: 'coupons.check', scope: [companyIn('body', 'companyID')] },
        },
        schema: {
          tags: ['payments'],
          body: getCouponRequestSchema,
          response: { 200: getCouponResponseSchema, ...errors },
        },
      },
      async (request) => service.check(principalOf(request), request.body.code, request.body.companyID),
    );

    app.get(
      '/configuration/coupon/list/:company',
      {
        config: { access: { kind: 'user', action: 'coupons.read', scope: [companyIn('params', 'company')] } },
        schema: {
          tags: ['payments'],
          params: couponListParamsSchema,
          response: { 200: couponListResponseSchema, ...errors },
        },
      },
      async (request) => service.list(principalOf(request), request.params.company),
    );

    app.post(
      '/configuration/coupon/create',
      {
        config: {
          access: { kind: 'user', action: 'coupons.create', scope: [companyIn('body', 'companyID')] },
        },
        schema: {
          tags: ['payments'],
          body: createCouponRequestSchema,
          response: { 200: couponSavedResponseSchema, ...errors },
        },
      },
      async (request) => service.create(principalOf(request), request.body, request.ip),
    );

    app.put(
      '/configuration/coupon/disable',
      {
        config: {
          access: { kind: 'user', action: 'coupons.update', scope: [companyIn('body', 'companyID')] },
        },
        schema: {
          tags: ['payments'],
          body: disableCouponRequestSchema,
          response: { 200: couponSavedResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.disable(principalOf(request), request.body.companyID, request.body.id, request.ip),
    );
  };
