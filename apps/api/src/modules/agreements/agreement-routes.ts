import {
  acceptFeatureAgreementRequestSchema,
  acceptMarketingAgreementRequestSchema,
  agreementAcceptedResponseSchema,
  agreementDownloadParamsSchema,
  agreementDownloadRequestSchema,
  agreementDownloadResponseSchema,
  apiErrorSchema,
  centsFromBigInt,
  centsToDollars,
  docAuthRequestSchema,
  featureAgreementParamsSchema,
  featureAgreementResponseSchema,
  idParamSchema,
  type MarketingAgreementResponse,
  marketingAgreementResponseSchema,
  serviceAgreementConfirmRequestSchema,
} from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import type { Action } from '@app/policy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../http-errors.js';
import { type AccessRule, principalOf, type ScopedId } from '../../plugins/access.js';
import type { AgreementService } from './agreement-service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};
const rule = (action: Action, scope: ScopedId[] = []): AccessRule =>
  scope.length > 0 ? { kind: 'user', action, scope } : { kind: 'user', action };
const ACCEPTED = 'Thank you, your agreement has been recorded.';

/** The developer agreement of spec 2 §7 with the agency's minimum-spend plan (its monthly minimum). */
async function marketingAgreement(
  db: Database,
  agreements: AgreementService,
  developerFee: (systemId: number) => Promise<string | null>,
  companyId: number,
): Promise<MarketingAgreementResponse> {
  const [company] = await queryRows<{
    flag: boolean;
    months: number | null;
    flat: string | number | null;
    system_id: number;
    kind: string;
  }>(
    db,
    sql`select c.is_marketing_services_agreement_developer as flag, p.months, p.flat_month_cents as flat,
        c.system_id, c.kind
      from companies c
      left join minimum_spend_plans p on p.id = coalesce(c.plan_min_spend_id,
        (select d.id from minimum_spend_plans d where d.system_id = c.system_id and d.is_default))
      where c.id = ${companyId}`,
  );
  const state = await agreements.developerState(companyId);
  const flat = company?.flat ?? null;
  const amount = flat === null ? null : centsToDollars(centsFromBigInt(BigInt(flat)));
  return {
    result: 'success',
    is_marketing_services_agreement_developer: company?.flag ? 'T' : 'F',
    // The system's one-time developer fee (decision 0100); agencies pay it, a root company does not.
    first_time_charge: company?.kind === 'agency' ? await developerFee(company.system_id) : null,
    minimum_spend_max: amount,
    minimum_spend_amount_list:
      amount === null
        ? []
        : Array.from({ length: company?.months ?? 0 }, (_, i) => ({ month: i + 1, amount })),
    accepted_at: state.accepted_at,
  };
}

/**
 * Agreements (spec 2 §7 "Agreements"): the developer agreement, feature agreements, confirming an
 * agreement, and the PDF of an accepted version through `/download-auth/{pkdoc}` + `POST /docauth`.
 */
export const agreementRoutes =
  (
    db: Database,
    agreements: AgreementService,
    developerFee: (systemId: number) => Promise<string | null>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/marketing-services-agreement',
      {
        config: { access: rule('agreements.read') },
        schema: { tags: ['agreements'], response: { 200: marketingAgreementResponseSchema, ...errors } },
      },
      async (request) => marketingAgreement(db, agreements, developerFee, principalOf(request).companyId),
    );

    app.get(
      '/marketing-services-agreement/:company_id',
      {
        config: {
          access: rule('agreements.read', [{ in: 'params', field: 'company_id', resource: 'company' }]),
        },
        schema: {
          tags: ['agreements'],
          params: z.object({ company_id: idParamSchema }),
          response: { 200: marketingAgreementResponseSchema, ...errors },
        },
      },
      async (request) => marketingAgreement(db, agreements, developerFee, request.params.company_id),
    );

    const acceptMarketing = async (
      request: { body: z.infer<typeof acceptMarketingAgreementRequestSchema>; ip: string },
      principal: ReturnType<typeof principalOf>,
    ) => {
      const body = request.body;
      if (body.is_marketing_services_agreement_developer === 'F') {
        await agreements.withdrawDeveloper(principal, body.user_id, body.company_id, request.ip);
        return null;
      }
      return agreements.accept({
        principal,
        userId: body.user_id,
        companyId: body.company_id,
        document: body.document_type,
        locationMenu: body.location_menu,
        ip: request.ip,
        developerFlag: body.document_type === 'marketing-services-agreement-developer' ? true : undefined,
      });
    };
    const marketingScope: ScopedId[] = [
      { in: 'body', field: 'user_id', resource: 'user' },
      { in: 'body', field: 'company_id', resource: 'company' },
    ];
    for (const url of [
      '/marketing-services-agreement',
      '/marketing-services-agreement/:company_id',
    ] as const) {
      const withParam = url.endsWith(':company_id');
      app.put(
        url,
        {
          config: {
            access: rule('agreements.accept', [
              ...marketingScope,
              ...(withParam ? [{ in: 'params', field: 'company_id', resource: 'company' } as const] : []),
            ]),
          },
          schema: {
            tags: ['agreements'],
            ...(withParam ? { params: z.object({ company_id: idParamSchema }) } : {}),
            body: acceptMarketingAgreementRequestSchema,
            response: {
              200: z.object({
                result: z.literal('success'),
                message: z.string(),
                acceptance: agreementAcceptedResponseSchema.shape.acceptance.nullable(),
              }),
              ...errors,
            },
          },
        },
        async (request) => {
          const params = request.params as { company_id?: number };
          if (params.company_id !== undefined && params.company_id !== request.body.company_id)
            throw badRequest('The path and the body name different companies.');
          const acceptance = await acceptMarketing(request, principalOf(request));
          return {
            result: 'success' as const,
            message: acceptance ? ACCEPTED : 'Setting has been saved.',
            acceptance,
          };
        },
      );
    }

    app.get(
      '/marketing-services-agreement-feature/:user_id/:feature_id',
      {
        config: { access: rule('agreements.read', [{ in: 'params', field: 'user_id', resource: 'user' }]) },
        schema: {
          tags: ['agreements'],
          params: featureAgreementParamsSchema,
          response: { 200: featureAgreementResponseSchema, ...errors },
        },
      },
      async (request) =>
        agreements.featureStatus(request.params.user_id, request.params.feature_id as 1 | 2 | 3),
    );

    app.put(
      '/marketing-services-agreement-feature/:user_id/:feature_id',
      {
        config: {
          access: rule('agreements.accept', [
            { in: 'params', field: 'user_id', resource: 'user' },
            { in: 'body', field: 'user_id', resource: 'user' },
            { in: 'body', field: 'company_id', resource: 'company' },
          ]),
        },
        schema: {
          tags: ['agreements'],
          params: featureAgreementParamsSchema,
          body: acceptFeatureAgreementRequestSchema,
          response: { 200: agreementAcceptedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { params, body } = request;
        if (params.user_id !== body.user_id || params.feature_id !== body.feature_id)
          throw badRequest('The path and the body name different agreements.');
        const acceptance = await agreements.accept({
          principal: principalOf(request),
          userId: body.user_id,
          companyId: body.company_id,
          document: 'service-billing-agreement',
          featureId: body.feature_id,
          locationMenu: body.location_menu,
          ip: request.ip,
        });
        return { result: 'success' as const, message: ACCEPTED, acceptance };
      },
    );

    app.post(
      '/general/user-service-agreement-confirm',
      {
        config: { access: rule('agreements.accept', [{ in: 'body', field: 'user_id', resource: 'user' }]) },
        schema: {
          tags: ['agreements'],
          body: serviceAgreementConfirmRequestSchema,
          response: { 200: agreementAcceptedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const acceptance = await agreements.accept({
          principal: principalOf(request),
          userId: request.body.user_id,
          document: request.body.document_type,
          locationMenu: request.body.location_menu,
          ip: request.ip,
        });
        return { result: 'success' as const, message: ACCEPTED, acceptance };
      },
    );

    app.post(
      '/general/user-service-agreement-download/:user_id',
      {
        config: {
          access: rule('agreements.download', [{ in: 'params', field: 'user_id', resource: 'user' }]),
        },
        schema: {
          tags: ['agreements'],
          params: agreementDownloadParamsSchema,
          body: agreementDownloadRequestSchema,
          response: { 200: agreementDownloadResponseSchema, ...errors },
        },
      },
      async (request) =>
        agreements.createLink(principalOf(request), request.params.user_id, request.body.document_type),
    );

    app.post(
      '/docauth',
      {
        config: { access: rule('agreements.openLink') },
        schema: {
          tags: ['agreements'],
          summary:
            'Opens a /download-auth link with the caller’s password: the PDF of the accepted agreement',
          body: docAuthRequestSchema,
          response: { ...errors, 410: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { pdf, fileName } = await agreements.open({
          principal: principalOf(request),
          token: request.body.urldata,
          password: request.body.pwd,
          ip: request.ip,
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(pdf) as never);
      },
    );
  };
