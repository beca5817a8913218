import {
  apiErrorSchema,
  manualBillRequestSchema,
  manualBillResponseSchema,
  SETTING_SAVED,
  setBillingMethodRequestSchema,
  setBillingMethodResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../../http-errors.js';
import { type AccessRule, principalOf } from '../../../plugins/access.js';
import type { AuditLog } from '../../audit/index.js';
import type { Principal } from '../../tenancy/index.js';
import type { ManualBillSwitch } from './switch-manual-bill.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const switchRule = (field: 'companyID'): AccessRule => ({
  kind: 'user',
  action: 'agencies.billingSwitches',
  scope: [{ in: 'body', field, resource: 'company' }],
});

/**
 * The manual-bill switch under its two paths (spec 2 §7: `PUT /payment/set-billing-method` and the
 * agency list's `agencyManualBill`), one use case behind both (decision 0075). On any failure the web
 * app shows the spec's text (`MANUAL_BILL_SAVE_FAILED`) and reverts the switch.
 */
export const manualBillRoutes =
  (deps: { manualBill: ManualBillSwitch; audit: AuditLog }): FastifyPluginAsyncZod =>
  async (app) => {
    async function switched(
      p: Principal,
      companyId: number,
      on: boolean,
      ip: string,
      action: 'billing_method_changed' | 'manual_bill',
    ) {
      const done = await deps.manualBill.switch(companyId, on);
      if (!done) throw badRequest('The billing method is set for agencies.');
      if (done.changed)
        await deps.audit.record({
          systemId: p.systemId,
          companyId: done.agency.id,
          userId: p.userId,
          actorUserId: p.actorUserId,
          action,
          category: 'settings',
          description: on
            ? `Turned manual bill on for ${done.agency.name}: its card pays the wholesale`
            : `Turned manual bill off for ${done.agency.name}: ${done.stopped} campaigns stopped, ${done.invoiced} invoiced to date`,
          ip,
        });
      return done;
    }

    app.put(
      '/payment/set-billing-method',
      {
        config: { access: switchRule('companyID') },
        schema: {
          tags: ['payments'],
          body: setBillingMethodRequestSchema,
          response: { 200: setBillingMethodResponseSchema, ...errors },
        },
      },
      async (request) => {
        const on = request.body.manualBill === 'T';
        await switched(
          principalOf(request),
          request.body.companyID,
          on,
          request.ip,
          'billing_method_changed',
        );
        return {
          result: 'success' as const,
          manual_bill: on ? ('T' as const) : ('F' as const),
          message: SETTING_SAVED,
        };
      },
    );

    app.put(
      '/configuration/user/manual-bill',
      {
        config: { access: switchRule('companyID') },
        schema: {
          tags: ['agencies'],
          body: manualBillRequestSchema,
          response: { 200: manualBillResponseSchema, ...errors },
        },
      },
      async (request) => {
        const on = request.body.manualBill === 'T';
        await switched(principalOf(request), request.body.companyID, on, request.ip, 'manual_bill');
        return { result: 'success' as const, manual_bill: on ? ('T' as const) : ('F' as const) };
      },
    );
  };
