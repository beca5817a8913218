import { z } from 'zod';
import { moduleSchema, paymentTermSchema, ROLE_MODULES, tfSchema } from './tenancy.js';

/** One role module's permissions (spec 1 §3.6). */
export const rolePermissionSchema = z.object({
  module: z.enum(ROLE_MODULES),
  enable: z.boolean(),
  create: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
});

export const roleSummarySchema = z.object({
  roleID: z.number().int(),
  roleName: z.string(),
  roleIcon: z.string(),
});

const namedModule = z.object({ type: moduleSchema, name: z.string(), url: z.string() });

/**
 * `GET /configuration/role-module/{getType}/{companyID}/{roleID}/{usrID}`: with `getrole` the
 * company's roles; with `getrolemodule` the agency role response of spec 1 §3.5, whose `modules`
 * are the permissions of the role (every permission when the role id is 0: owners have no role).
 */
export const roleListResponseSchema = z.object({ roles: z.array(roleSummarySchema) });
export const agencyRoleResponseSchema = z.object({
  modules: z.array(rolePermissionSchema),
  agencyFilteredModules: z.array(namedModule),
  agencyDefaultModules: z.array(namedModule),
  agency_onboarding_status: z.enum(['pending', 'charged', 'excluded']),
  /** Integer cents. */
  agency_onboarding_price: z.number().int(),
  agency_enable_coupon: z.boolean(),
  minspend_setting: z.object({
    status: z.enum(['on', 'off']),
    first_month: z.number().int(),
    second_month: z.number().int(),
    monthly: z.number().int(),
  }),
  api_mode: tfSchema,
  is_whitelabeling: tfSchema,
  colors_parent: z.object({
    sidebar_bgcolor: z.string(),
    template_bgcolor: z.string(),
    box_bgcolor: z.string(),
    text_color: z.string(),
    link_color: z.string(),
  }),
  rootPaymentTermsNewAgencies: z.array(z.object({ term: paymentTermSchema, status: z.boolean() })),
  accessmodule_agency: z.enum(['', 'paymentfailed']),
});
export const roleModuleParamsSchema = z.object({
  getType: z.enum(['getrole', 'getrolemodule']),
  companyID: z.coerce.number().int(),
  roleID: z.coerce.number().int().min(0),
  usrID: z.coerce.number().int(),
});
