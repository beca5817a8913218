import {
  agencyToggleRequestSchema,
  apiErrorSchema,
  createUserRequestSchema,
  createUserResponseSchema,
  excludeMinimumSpendResponseSchema,
  excludeOnboardChargeResponseSchema,
  removeUserParamsSchema,
  removeUserResponseSchema,
  resendInvitationRequestSchema,
  resendInvitationResponseSchema,
  updateUserRequestSchema,
  updateUserResponseSchema,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessRule, principalOf } from '../../plugins/access.js';
import type { CallContext, UserManagementService } from './user-management-service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
/** Everyone who manages people somewhere: system staff, agency staff, sales (account executives). */
const manage = (
  action: 'users.create' | 'users.update' | 'users.remove' | 'users.invite',
  scope: NonNullable<Extract<AccessRule, { kind: 'user' }>['scope']>,
): AccessRule => ({ kind: 'user', action, scope });

/**
 * Agency, client and staff management of spec 2 §7 (create, update, remove, resend invitation)
 * and the agency row switches (manual bill, exclude minimum spend, exclude onboarding charge).
 */
export const userManagementRoutes =
  (service: UserManagementService): FastifyPluginAsyncZod =>
  async (app) => {
    const context = (request: FastifyRequest): CallContext => ({
      principal: principalOf(request),
      ip: request.ip,
      host: request.hostname,
    });

    app.post(
      '/configuration/user/create',
      {
        config: {
          access: manage('users.create', [
            { in: 'body', field: 'companyID', resource: 'company' },
            { in: 'body', field: 'idsys', resource: 'system' },
          ]),
        },
        schema: {
          tags: ['agencies'],
          body: createUserRequestSchema,
          response: { 200: createUserResponseSchema, ...errors },
        },
      },
      async (request) => ({
        result: 'success' as const,
        message: 'Data has been added successfully' as const,
        data: [await service.create(context(request), request.body)],
      }),
    );

    app.put(
      '/configuration/user/update',
      {
        config: {
          access: manage('users.update', [
            { in: 'body', field: 'ClientID', resource: 'user' },
            { in: 'body', field: 'companyID', resource: 'company' },
            { in: 'body', field: 'idsys', resource: 'system' },
          ]),
        },
        schema: {
          tags: ['agencies'],
          body: updateUserRequestSchema,
          response: { 200: updateUserResponseSchema, ...errors },
        },
      },
      async (request) => ({
        result: 'success' as const,
        message: 'Data has been updated successfully' as const,
        data: [await service.update(context(request), request.body)],
      }),
    );

    app.delete(
      '/configuration/user/remove/:companyID/:userID',
      {
        config: {
          access: manage('users.remove', [
            { in: 'params', field: 'companyID', resource: 'company' },
            { in: 'params', field: 'userID', resource: 'user' },
          ]),
        },
        schema: {
          tags: ['agencies'],
          params: removeUserParamsSchema,
          response: { 200: removeUserResponseSchema, ...errors },
        },
      },
      async (request) => {
        await service.remove(context(request), request.params.companyID, request.params.userID);
        return { data: { result: 'success' as const, message: 'Deleted!' as const } };
      },
    );

    app.post(
      '/configuration/user/resendinvitation',
      {
        config: { access: manage('users.invite', [{ in: 'body', field: 'ClientID', resource: 'user' }]) },
        schema: {
          tags: ['agencies'],
          body: resendInvitationRequestSchema,
          response: { 200: resendInvitationResponseSchema, ...errors },
        },
      },
      async (request) => {
        await service.resendInvitation(context(request), request.body.ClientID);
        return { result: 'success' as const, message: 'Invitation has been sent.' as const };
      },
    );

    const rootSwitch = (field: 'companyID' | 'CompanyID'): AccessRule => ({
      kind: 'user',
      action: 'agencies.billingSwitches',
      scope: [{ in: 'body', field, resource: 'company' }],
    });

    app.put(
      '/configuration/setting/exclude-include-mininum-spend',
      {
        config: { access: rootSwitch('CompanyID') },
        schema: {
          tags: ['agencies'],
          body: agencyToggleRequestSchema,
          response: { 200: excludeMinimumSpendResponseSchema, ...errors },
        },
      },
      async (request) => {
        const excluded = await service.toggleExclusion(
          context(request),
          request.body.CompanyID,
          'exclude_minimum_spend',
        );
        return { result: 'success' as const, exclude_minimum_spend: excluded ? (1 as const) : (0 as const) };
      },
    );

    app.put(
      '/configuration/setting/exclude-include-onboard-charge',
      {
        config: { access: rootSwitch('CompanyID') },
        schema: {
          tags: ['agencies'],
          body: agencyToggleRequestSchema,
          response: { 200: excludeOnboardChargeResponseSchema, ...errors },
        },
      },
      async (request) => {
        const excluded = await service.toggleExclusion(
          context(request),
          request.body.CompanyID,
          'exclude_onboard_charge',
        );
        return { result: 'success' as const, exclude_onboard_charge: excluded ? (1 as const) : (0 as const) };
      },
    );
  };
