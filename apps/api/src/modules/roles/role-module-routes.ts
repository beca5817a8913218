import {
  agencyRoleResponseSchema,
  apiErrorSchema,
  centsToDollars,
  DEFAULT_BRANDING,
  DEFAULT_MODULE_NAMES,
  type ModuleType,
  offeredModules,
  PAYMENT_TERMS,
  ROLE_MODULES,
  roleListResponseSchema,
  roleModuleParamsSchema,
  toTF,
  ZERO_CENTS,
} from '@app/contracts';
import { onboardingPrice } from '@app/pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http-errors.js';
import type { PaymentFailureRepository } from '../payments/index.js';
import type { RoleRepository } from './role-repository.js';

/**
 * Roles and the agency role response (spec 1 §3.5, §7.3). Company and user ids are scope-checked
 * by the access rule; a role id must belong to the company.
 */
export const roleModuleRoutes =
  (
    repo: RoleRepository,
    failures: Pick<PaymentFailureRepository, 'isPaymentFailed'>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/configuration/role-module/:getType/:companyID/:roleID/:usrID',
      {
        config: {
          access: {
            kind: 'user',
            action: 'roles.read',
            scope: [
              { in: 'params', field: 'companyID', resource: 'company' },
              { in: 'params', field: 'usrID', resource: 'user' },
            ],
          },
        },
        schema: {
          tags: ['roles'],
          params: roleModuleParamsSchema,
          response: { 200: z.union([roleListResponseSchema, agencyRoleResponseSchema]), 404: apiErrorSchema },
        },
      },
      async (request) => {
        const { getType, companyID, roleID } = request.params;
        const company = await repo.company(companyID);
        if (!company) throw notFound();
        if (getType === 'getrole') {
          const list = await repo.rolesOf(companyID);
          return { roles: list.map((r) => ({ roleID: r.id, roleName: r.name, roleIcon: r.icon })) };
        }

        const role = roleID > 0 ? await repo.roleOfCompany(roleID, companyID) : undefined;
        if (roleID > 0 && !role) throw notFound();
        const granted = role ? await repo.permissionsOf(role.id) : null;
        const modules = ROLE_MODULES.map((module) => {
          const p = granted?.find((g) => g.module === module);
          // No role (owners, system users): every permission.
          return granted === null
            ? { module, enable: true, create: true, update: true, delete: true }
            : {
                module,
                enable: p?.canEnable ?? false,
                create: p?.canCreate ?? false,
                update: p?.canUpdate ?? false,
                delete: p?.canDelete ?? false,
              };
        });

        const system = await repo.system(company.systemId);
        const masterSystem = Boolean(system?.isMaster);
        const named = (type: ModuleType, rows: Awaited<ReturnType<typeof repo.modulesOf>>) => ({
          type,
          name: rows.find((r) => r.module === type)?.displayName ?? DEFAULT_MODULE_NAMES[type].name,
          url: rows.find((r) => r.module === type)?.slug ?? DEFAULT_MODULE_NAMES[type].slug,
        });
        const ownModules = await repo.modulesOf(company.id);
        const parentBranding = company.parentId ? await repo.brandingOf(company.parentId) : undefined;
        const onboarding = onboardingPrice(
          await repo.onboardingOf(company.id),
          await repo.onboardingOf(company.rootId),
        );
        const minimumSpend = await repo.minimumSpendOf(company.systemId);
        const rootTerms = await repo.termsOf(company.rootId);

        return {
          modules,
          agencyFilteredModules: offeredModules({
            masterSystem,
            selections: [ownModules.filter((r) => r.enabled).map((r) => r.module)],
          }).map((m) => named(m, ownModules)),
          agencyDefaultModules: offeredModules({ masterSystem }).map((m) => named(m, ownModules)),
          agency_onboarding_status: company.excludeOnboardCharge
            ? ('excluded' as const)
            : company.isOnboardCharged
              ? ('charged' as const)
              : ('pending' as const),
          agency_onboarding_price: centsToDollars(onboarding.amountCents),
          agency_enable_coupon: onboarding.enableCoupon,
          // The system's root minimum spend; until it sets one the spec's defaults (off, 0, 0, 0) apply.
          minspend_setting: {
            status: minimumSpend?.enabled ? ('on' as const) : ('off' as const),
            first_month: centsToDollars(minimumSpend?.firstMonthCents ?? ZERO_CENTS),
            second_month: centsToDollars(minimumSpend?.secondMonthCents ?? ZERO_CENTS),
            monthly: centsToDollars(minimumSpend?.monthlyCents ?? ZERO_CENTS),
          },
          api_mode: toTF(company.apiMode),
          is_whitelabeling: toTF(company.isWhitelabeling),
          colors_parent: {
            sidebar_bgcolor: parentBranding?.sidebarBgcolor ?? DEFAULT_BRANDING.sidebar_bgcolor,
            template_bgcolor: parentBranding?.templateBgcolor ?? DEFAULT_BRANDING.template_bgcolor,
            box_bgcolor: parentBranding?.boxBgcolor ?? DEFAULT_BRANDING.box_bgcolor,
            text_color: parentBranding?.textColor ?? DEFAULT_BRANDING.text_color,
            link_color: parentBranding?.linkColor ?? DEFAULT_BRANDING.link_color,
          },
          // A root company without rows offers every term to new agencies.
          rootPaymentTermsNewAgencies: PAYMENT_TERMS.map((term) => ({
            term,
            status: rootTerms.length === 0 || rootTerms.some((t) => t.term === term && t.enabled),
          })),
          accessmodule_agency: (await failures.isPaymentFailed(company.id))
            ? ('paymentfailed' as const)
            : ('' as const),
        };
      },
    );
  };
