import {
  apiErrorSchema,
  toTF,
  userListParamsSchema,
  userListQuerySchema,
  userListResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../http-errors.js';
import { principalOf } from '../identity/identity-routes.js';
import { hasSystemScope } from '../tenancy/principal.js';
import type { UserListRepository } from './user-list-repository.js';

const FILTERS = ['directpayment', 'paymentfailed', 'apikey', 'developermode'] as const;

/**
 * GetClientList of spec 2 §7: a system user's agencies (userType userdownline, companyID = its
 * root company) or an agency's clients (userType client, companyID = the agency).
 */
export const userListRoutes =
  (repo: UserListRepository): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/configuration/user/:companyID/:group/:idsys/:userType/:module/:sortby/:order/:searchkey',
      {
        config: {
          access: {
            kind: 'user',
            userTypes: ['root', 'admin', 'userdownline', 'user', 'administrator', 'sales'],
            scope: [
              { in: 'params', field: 'companyID', resource: 'company' },
              { in: 'params', field: 'idsys', resource: 'system' },
            ],
          },
        },
        schema: {
          tags: ['agencies'],
          params: userListParamsSchema,
          querystring: userListQuerySchema,
          response: { 200: userListResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const { companyID, userType, sortby, order, searchkey } = request.params;
        // The agency list is the system's: only system users see it (spec 2 §2), on their root company.
        if (userType === 'userdownline' && (!hasSystemScope(p) || companyID !== p.rootCompanyId))
          throw notFound();
        const filters = (request.query.Filters ?? '').split(',').filter(Boolean);
        const unknown = filters.find((f) => !FILTERS.includes(f as (typeof FILTERS)[number]));
        if (unknown) throw badRequest(`Unknown filter ${unknown}.`, { Filters: `unknown filter ${unknown}` });
        const { Page: page, PerPage: perPage } = request.query;
        const { total, rows } = await repo.list({
          systemId: p.systemId,
          parentCompanyId: companyID,
          kind: userType === 'userdownline' ? 'agency' : 'client',
          search: searchkey === '-' || searchkey.trim() === '' ? null : searchkey.trim(),
          sortBy: sortby,
          order,
          paymentFailedOnly: filters.includes('paymentfailed'),
          apiModeOnly: filters.includes('developermode') || filters.includes('apikey'),
          page,
          perPage,
        });
        const from = total === 0 ? null : (page - 1) * perPage + 1;
        return {
          current_page: page,
          total,
          last_page: Math.max(1, Math.ceil(total / perPage)),
          from,
          to: from === null ? null : Math.min(total, from + rows.length - 1),
          data: rows.map((r) => ({
            id: r.user_id,
            company_id: r.company_id,
            company_name: r.company_name,
            name: r.name,
            email: r.email,
            phonenum: r.phonenum,
            user_type: r.user_type,
            subdomain: r.subdomain,
            domain: r.custom_domain,
            manual_bill: toTF(r.manual_bill),
            api_mode: toTF(r.api_mode),
            payment_status: r.payment_failed ? ('failed' as const) : ('ok' as const),
            profile_setup_completed: toTF(r.profile_setup_completed),
            salesrep: r.salesrep,
            created_at: new Date(r.created_at).toISOString(),
          })),
        };
      },
    );
  };
