import { z } from 'zod';
import { idOrZeroParamSchema, idOrZeroSchema, idParamSchema, idSchema } from './ids.js';
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
  /** The onboarding charge that applies (the agency's own, else its system's), a dollar string. */
  agency_onboarding_price: z.string(),
  agency_enable_coupon: z.boolean(),
  /** The system's root minimum spend (defaults off, '0', '0', '0'), dollar strings. */
  minspend_setting: z.object({
    status: z.enum(['on', 'off']),
    first_month: z.string(),
    second_month: z.string(),
    monthly: z.string(),
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
  companyID: idParamSchema,
  roleID: idOrZeroParamSchema,
  usrID: idParamSchema,
});

export const ROLE_NAME_REQUIRED = 'Role Name is required.';
export const ROLE_NAME_TOO_LONG = 'Role Name must not exceed 255 characters.';
export const ROLE_NAME_TAKEN = 'A role with this name already exists.';

/** One role module's switches as the role form sends them; modules left out grant nothing. */
export const roleDataItemSchema = z.strictObject({
  module: z.enum(ROLE_MODULES),
  enable: z.boolean().default(false),
  create: z.boolean().default(false),
  update: z.boolean().default(false),
  delete: z.boolean().default(false),
});

/**
 * `PUT /configuration/role-module/addupdate`: creates (roleID 0 or absent) or updates a role of
 * `companyID`. Creating needs the settings create permission, updating settings update.
 */
export const saveRoleRequestSchema = z.strictObject({
  companyID: idSchema,
  roleID: idOrZeroSchema.optional(),
  roleName: z.string().trim().min(1, ROLE_NAME_REQUIRED).max(255, ROLE_NAME_TOO_LONG),
  roleIcon: z.string().trim().max(100, 'Role Icon must not exceed 100 characters.').default(''),
  roledata: z
    .array(roleDataItemSchema)
    .max(ROLE_MODULES.length)
    .refine(
      (items) => new Set(items.map((i) => i.module)).size === items.length,
      'Each module may appear once.',
    )
    .default([]),
});
export type SaveRoleRequest = z.input<typeof saveRoleRequestSchema>;

export const saveRoleResponseSchema = z.object({
  result: z.literal('success'),
  /** 'Data has been added successfully' or 'Data has been updated successfully' (spec 2 §8). */
  message: z.string(),
  data: roleSummarySchema.extend({ modules: z.array(rolePermissionSchema) }),
});

/** `DELETE /configuration/role-module/remove/{companyID}/{roleID}` (needs settings delete). */
export const removeRoleParamsSchema = z.object({
  companyID: idParamSchema,
  roleID: idParamSchema,
});
/** The path ids as the route reads them. */
export type RemoveRoleParams = z.infer<typeof removeRoleParamsSchema>;
/** A role still held by someone is not removed (400 with ROLE_IN_USE's text). */
export const removeRoleResponseSchema = z.object({
  result: z.literal('success'),
  message: z.literal('Deleted!'),
});
export const roleInUseMessage = (users: number) =>
  `This role is still assigned to ${users} ${users === 1 ? 'user' : 'users'}. Give ${
    users === 1 ? 'that user' : 'them'
  } another role before deleting it.`;
