import {
  apiErrorSchema,
  commissionPersonResponseSchema,
  commissionRateRequestSchema,
  commissionRateResponseSchema,
  commissionsResponseSchema,
  commissionUserParamsSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../plugins/access.js';
import type { CommissionRate } from './commission-rate.js';
import type { CommissionReads } from './commission-reads.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * Sales commissions (decision 0089; not in the spec): the system's rate, read and set by its owners
 * (`billing.commissionRate`, the write with the Settings switch), and the commissions of its sales
 * people (`billing.commissions`: the owners every one of the system, a sales person their own; the
 * person's id is scope-checked, then `mayReadCommissions`).
 */
export const commissionRoutes =
  (deps: { rate: CommissionRate; reads: CommissionReads }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/configuration/commissions/rate',
      {
        config: { access: { kind: 'user', action: 'billing.commissionRate' } },
        schema: {
          tags: ['billing'],
          summary: "The system's sales commission rate and its latest changes",
          response: { 200: commissionRateResponseSchema, ...errors },
        },
      },
      async (request) => deps.rate.read(principalOf(request)),
    );

    app.put(
      '/configuration/commissions/rate',
      {
        config: { access: { kind: 'user', action: 'billing.commissionRate.update' } },
        schema: {
          tags: ['billing'],
          summary:
            'Sets the rate (a percentage, at most two decimals, 0 to 50) for money collected from now on',
          body: commissionRateRequestSchema,
          response: { 200: commissionRateResponseSchema, ...errors },
        },
      },
      async (request) => deps.rate.set(principalOf(request), request.body, request.ip),
    );

    app.get(
      '/configuration/commissions',
      {
        config: { access: { kind: 'user', action: 'billing.commissions' } },
        schema: {
          tags: ['billing'],
          summary: "The system's sales people with their commission totals, or the caller's own",
          response: { 200: commissionsResponseSchema, ...errors },
        },
      },
      async (request) => deps.reads.overview(principalOf(request)),
    );

    app.get(
      '/configuration/commissions/user/:usrID',
      {
        config: {
          access: {
            kind: 'user',
            action: 'billing.commissions',
            scope: [{ in: 'params', field: 'usrID', resource: 'user' }],
          },
        },
        schema: {
          tags: ['billing'],
          summary: "A sales person's commissions by month: earned, reversed, paid out, and owed now",
          params: commissionUserParamsSchema,
          response: { 200: commissionPersonResponseSchema, ...errors },
        },
      },
      async (request) => deps.reads.person(principalOf(request), request.params.usrID),
    );
  };
