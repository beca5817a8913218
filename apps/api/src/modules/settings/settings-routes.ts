import {
  apiErrorSchema,
  BRANDING_IMAGE_MAX_BYTES,
  brandingImageFieldsSchema,
  brandingImageParamsSchema,
  brandingImageResponseSchema,
  brandingSettingResponseSchema,
  cancelSubscriptionRequestSchema,
  cancelSubscriptionResponseSchema,
  costAgencyResponseSchema,
  ID_NOT_FOUND,
  minLeadDayEnhanceQuerySchema,
  minLeadDayEnhanceResponseSchema,
  minValueSimplifiQuerySchema,
  minValueSimplifiResponseSchema,
  moduleNamesResponseSchema,
  onboardingGetQuerySchema,
  onboardingGetResponseSchema,
  onboardingSetRequestSchema,
  onboardingSetResponseSchema,
  paymentTermSettingResponseSchema,
  savedResponseSchema,
  setPackageRequestSchema,
  settingParamsSchema,
  settingQuerySchema,
  simplifiMinimumsSettingResponseSchema,
  smtpSettingResponseSchema,
  testEmailRequestSchema,
  testSmtpRequestSchema,
  updateAnySettingRequestSchema,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import { principalOf } from '../../plugins/access.js';
import { multipartFormsPlugin } from '../../plugins/input-checks.js';
import type { Principal } from '../tenancy/index.js';
import type { AccountSettingsService } from './account-settings-service.js';
import type { BrandingImages } from './branding-images.js';
import { IMAGE_TOO_LARGE } from './branding-images.js';
import type { GeneralSettingsService } from './general-settings-service.js';
import { settingsRule } from './settings-access.js';
import type { SmtpTestService } from './smtp-test-service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const companyIn = (where: 'params' | 'query' | 'body', field = 'companyID') =>
  ({ in: where, field, resource: 'company' }) as const;

const settingResponseSchema = z.union([
  costAgencyResponseSchema,
  brandingSettingResponseSchema,
  moduleNamesResponseSchema,
  paymentTermSettingResponseSchema,
  smtpSettingResponseSchema,
  simplifiMinimumsSettingResponseSchema,
]);

/** The logo or favicon form: `companyID`, `kind` and one image under `file` (≤ 2 MiB). */
async function readImageForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Send the image as multipart form data.');
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  for await (const part of request.parts({
    limits: { fileSize: BRANDING_IMAGE_MAX_BYTES, files: 1, fields: 5 },
  })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') throw badRequest(`Unexpected file field ${part.fieldname}.`);
      bytes = await part.toBuffer().catch((err: unknown) => {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, 'file_too_large', IMAGE_TOO_LARGE);
        throw err;
      });
      if (part.file.truncated) throw new HttpError(413, 'file_too_large', IMAGE_TOO_LARGE);
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  // A malformed id is answered like a foreign one, as the access rule does for declared ids.
  if (!/^\d{1,10}$/.test(fields.companyID ?? '')) throw notFound();
  const parsed = brandingImageFieldsSchema.safeParse(fields);
  if (parsed.error?.issues.some((issue) => issue.message === ID_NOT_FOUND)) throw notFound();
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'The form is not valid.');
  return { ...parsed.data, bytes: bytes ?? Buffer.alloc(0) };
}

/**
 * General settings, branding images, test e-mails, cancel subscription, onboarding charge,
 * package and the configured minimums (spec 2 §7 "Pricing, settings and domains").
 */
export const settingsRoutes =
  (services: {
    general: GeneralSettingsService;
    images: BrandingImages;
    smtpTests: SmtpTestService;
    account: AccountSettingsService;
    /** The access rule's scope check, for the company id inside the multipart form. */
    inScope: (p: Principal, resource: 'company', id: number) => Promise<boolean>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipartFormsPlugin);
    const { general, images, smtpTests, account } = services;

    app.get(
      '/configuration/setting/:companyID/:settingname',
      {
        // idSys is optional, so it is compared with the caller's system here rather than in the rule.
        config: { access: settingsRule([companyIn('params')]) },
        schema: {
          tags: ['settings'],
          params: settingParamsSchema,
          querystring: settingQuerySchema,
          response: { 200: settingResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { idSys } = request.query;
        if (idSys !== undefined && idSys !== principalOf(request).systemId) throw notFound();
        return (await general.read(request.params.companyID, request.params.settingname)) as z.infer<
          typeof settingResponseSchema
        >;
      },
    );

    app.put(
      '/configuration/setting',
      {
        config: {
          access: settingsRule(
            [companyIn('body'), { in: 'body', field: 'idSys', resource: 'system' }],
            'settings.update',
          ),
        },
        schema: {
          tags: ['settings'],
          body: updateAnySettingRequestSchema,
          response: { 200: savedResponseSchema, ...errors },
        },
      },
      async (request) => general.update(principalOf(request), request.body, request.ip),
    );

    app.post(
      '/configuration/setting/branding-image',
      {
        // The company id sits inside the multipart form: checked against the scope in the service.
        config: { access: settingsRule([], 'settings.update') },
        schema: {
          tags: ['settings'],
          consumes: ['multipart/form-data'],
          response: { 200: brandingImageResponseSchema, ...errors, 413: apiErrorSchema },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const form = await readImageForm(request);
        if (!(await services.inScope(p, 'company', form.companyID))) throw notFound();
        return images.upload(p, form.companyID, form.kind, form.bytes, request.ip);
      },
    );

    app.delete(
      '/configuration/setting/branding-image/:companyID/:kind',
      {
        config: { access: settingsRule([companyIn('params')], 'settings.update') },
        schema: {
          tags: ['settings'],
          params: brandingImageParamsSchema,
          response: { 200: brandingImageResponseSchema, ...errors },
        },
      },
      async (request) =>
        images.remove(principalOf(request), request.params.companyID, request.params.kind, request.ip),
    );

    app.post(
      '/configuration/setting/test-email',
      {
        config: { access: settingsRule([companyIn('body')], 'settings.update') },
        schema: {
          tags: ['settings'],
          body: testEmailRequestSchema,
          response: { 200: savedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const b = request.body;
        return smtpTests.send(
          principalOf(request),
          b.companyID,
          {
            to: b.testEmailAddress,
            from: { address: b.fromAddress, name: b.fromName },
            replyTo: b.fromReplyto,
            subject: b.subject,
            text: b.content || 'This is a test e-mail from your SMTP settings.',
          },
          request.ip,
          b.companyParentID,
        );
      },
    );

    app.post(
      '/configuration/user/testsmtp',
      {
        config: { access: settingsRule([companyIn('body')], 'settings.update') },
        schema: {
          tags: ['settings'],
          body: testSmtpRequestSchema,
          response: { 200: savedResponseSchema, ...errors },
        },
      },
      async (request) =>
        smtpTests.send(
          principalOf(request),
          request.body.companyID,
          {
            to: request.body.emailsent,
            from: null,
            replyTo: '',
            subject: 'SMTP test',
            text: 'Your SMTP server is set up correctly: this test e-mail was delivered through it.',
          },
          request.ip,
        ),
    );

    app.put(
      '/configuration/cancel-subscription',
      {
        config: { access: settingsRule([companyIn('body')], 'settings.cancelSubscription') },
        schema: {
          tags: ['settings'],
          body: cancelSubscriptionRequestSchema,
          response: { 200: cancelSubscriptionResponseSchema, ...errors },
        },
      },
      async (request) => account.cancelSubscription(principalOf(request), request.body.companyID, request.ip),
    );

    app.put(
      '/configuration/onboarding/set',
      {
        config: { access: settingsRule([companyIn('body', 'CompanyID')], 'settings.update') },
        schema: {
          tags: ['settings'],
          body: onboardingSetRequestSchema,
          response: { 200: onboardingSetResponseSchema, ...errors },
        },
      },
      async (request) =>
        account.setOnboarding(
          principalOf(request),
          request.body.CompanyID,
          request.body.amount,
          request.body.enable_coupon,
          request.ip,
        ),
    );

    app.get(
      '/configuration/onboarding/get',
      {
        // companyRootID is the root of companyID (checked in the service): agencies cannot see their root.
        config: { access: settingsRule([companyIn('query')]) },
        schema: {
          tags: ['settings'],
          querystring: onboardingGetQuerySchema,
          response: { 200: onboardingGetResponseSchema, ...errors },
        },
      },
      async (request) => account.getOnboarding(request.query.companyID, request.query.companyRootID),
    );

    app.put(
      '/configuration/setting/package',
      {
        config: {
          access: settingsRule([companyIn('body', 'CompanyID')], 'settings.package'),
        },
        schema: {
          tags: ['settings'],
          body: setPackageRequestSchema,
          response: { 200: savedResponseSchema, ...errors },
        },
      },
      async (request) =>
        account.setPackage(principalOf(request), request.body.CompanyID, request.body.packageID, request.ip),
    );

    app.get(
      '/configuration/setting/minvaluesimplifi',
      {
        config: {
          access: {
            kind: 'user',
            action: 'campaignMinimums.read',
            scope: [{ in: 'query', field: 'idsys', resource: 'system' }],
          },
        },
        schema: {
          tags: ['settings'],
          querystring: minValueSimplifiQuerySchema,
          response: { 200: minValueSimplifiResponseSchema, ...errors },
        },
      },
      async (request) => account.minValueSimplifi(request.query.idsys),
    );

    app.get(
      '/configuration/setting/minleaddayenhance',
      {
        config: {
          access: {
            kind: 'user',
            action: 'campaignMinimums.read',
            scope: [{ in: 'query', field: 'idSys', resource: 'system' }],
          },
        },
        schema: {
          tags: ['settings'],
          querystring: minLeadDayEnhanceQuerySchema,
          response: { 200: minLeadDayEnhanceResponseSchema, ...errors },
        },
      },
      async (request) => account.minLeadDayEnhance(request.query.idSys),
    );
  };
