import {
  apiErrorSchema,
  customDomainResponseSchema,
  retryDomainSslRequestSchema,
  subdomainResponseSchema,
  updateCustomDomainRequestSchema,
  updateSubdomainRequestSchema,
  whitelabelDomainParamsSchema,
  whitelabelDomainResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import type { DomainSettingsService } from './domain-settings-service.js';
import { settingsRule } from './settings-access.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const companyInBody = { in: 'body', field: 'companyID', resource: 'company' } as const;

/** Subdomain, custom domain, certificate retry and the white-label domain status (spec 2 §7). */
export const domainSettingsRoutes =
  (domains: DomainSettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/configuration/subdomain',
      {
        config: {
          access: settingsRule(
            [companyInBody, { in: 'body', field: 'idsys', resource: 'system' }],
            'settings.update',
          ),
        },
        schema: {
          tags: ['settings'],
          body: updateSubdomainRequestSchema,
          response: { 200: subdomainResponseSchema, ...errors },
        },
      },
      async (request) =>
        domains.updateSubdomain(
          principalOf(request),
          request.body.companyID,
          request.body.subdomain,
          request.ip,
        ),
    );

    app.put(
      '/configuration/update-custom-domain',
      {
        config: { access: settingsRule([companyInBody], 'settings.update') },
        schema: {
          tags: ['settings'],
          body: updateCustomDomainRequestSchema,
          response: { 200: customDomainResponseSchema, ...errors },
        },
      },
      async (request) =>
        domains.updateCustomDomain(
          principalOf(request),
          request.body.companyID,
          request.body.DownlineDomain,
          request.body.whitelabelling,
          request.ip,
        ),
    );

    app.put(
      '/configuration/retrydomainssl',
      {
        config: { access: settingsRule([companyInBody], 'settings.update') },
        schema: {
          tags: ['settings'],
          body: retryDomainSslRequestSchema,
          response: { 200: customDomainResponseSchema, ...errors },
        },
      },
      async (request) =>
        domains.retryCertificate(
          principalOf(request),
          request.body.companyID,
          request.body.domain,
          request.ip,
        ),
    );

    app.get(
      '/company/whitelabel-domain/:companyID',
      {
        config: { access: settingsRule([{ in: 'params', field: 'companyID', resource: 'company' }]) },
        schema: {
          tags: ['settings'],
          params: whitelabelDomainParamsSchema,
          response: { 200: whitelabelDomainResponseSchema, ...errors },
        },
      },
      async (request) => ({
        result: 'success' as const,
        message: '',
        data: await domains.whitelabelDomain(request.params.companyID),
      }),
    );
  };
