import { z } from 'zod';
import {
  managedNodeSchema,
  STAFF_SWITCHES,
  type StaffSwitch,
  selectedModuleSchema,
  selectedTermSchema,
  userListResponseSchema,
} from './agency-list.js';
import { newPasswordSchema } from './auth.js';
import {
  companyNameSchema,
  emailAddressSchema,
  fullNameSchema,
  PAYMENT_TERM_REQUIRED,
  PHONE_INVALID,
  phoneNumberIsValid,
  subdomainSchema,
} from './fields.js';
import { idOrZeroSchema, idParamSchema, idSchema } from './ids.js';
import { customDomainSchema } from './settings.js';
import { tfSchema } from './tenancy.js';

/**
 * Agency, client and staff management of spec 2 §7 (create, update, remove, resend invitation,
 * agency row switches, root list, sales downline). Bodies are strict: unknown fields are refused,
 * so permissions, user type, manual bill or system flags cannot be smuggled into an update.
 */

/** What `userType` creates: an agency, a client, an administrator of `companyID`, or a sales person. */
export const CREATE_USER_TYPES = ['userdownline', 'client', 'user', 'sales'] as const;
export type CreateUserType = (typeof CREATE_USER_TYPES)[number];

const phoneText = z.string().trim().max(20, PHONE_INVALID);
const countryCode = z.string().trim().length(2, 'Choose country').toUpperCase();
const organizationId = z.string().trim().max(255, 'Organization ID must not exceed 255 characters.');
const roleId = idOrZeroSchema;

/** Staff switches as T/F fields of the create/update payload (spec 2 §3 client or user record). */
const staffSwitchFields = Object.fromEntries(STAFF_SWITCHES.map((k) => [k, tfSchema.optional()])) as Record<
  StaffSwitch,
  z.ZodOptional<typeof tfSchema>
>;

const editableFields = {
  ClientFullName: fullNameSchema,
  ClientEmail: emailAddressSchema,
  ClientPhone: phoneText.optional(),
  ClientPhoneCountryCode: countryCode.optional(),
  /** Informational: the server derives the calling code from the country. */
  ClientPhoneCountryCallingCode: z.string().trim().max(8).optional(),
  ClientWhiteLabeling: tfSchema.optional(),
  ApiMode: tfSchema.optional(),
  /** A custom (white-label) domain, the same rule as the settings screen's; blank means none. */
  ClientDomain: customDomainSchema.optional(),
  DownlineDomain: customDomainSchema.optional(),
  DownlineSubDomain: subdomainSchema.optional(),
  DownlineOrganizationID: organizationId.optional(),
  selectedterms: z.array(selectedTermSchema).max(10).optional(),
  selectedmodules: z.array(selectedModuleSchema).max(10).optional(),
  /** A role of the staff member's company; 0 for none (every permission). */
  ClientRole: roleId.optional(),
  ...staffSwitchFields,
};

/** Phone rules shared by create and update: valid for its country when given. */
function checkPhone(
  v: { ClientPhone?: string | undefined; ClientPhoneCountryCode?: string | undefined },
  ctx: z.RefinementCtx,
  required: boolean,
) {
  const number = v.ClientPhone ?? '';
  if (number === '') {
    if (required) ctx.addIssue({ code: 'custom', message: PHONE_INVALID, path: ['ClientPhone'] });
    return;
  }
  if (!phoneNumberIsValid(number, v.ClientPhoneCountryCode ?? 'US'))
    ctx.addIssue({ code: 'custom', message: PHONE_INVALID, path: ['ClientPhone'] });
}

/**
 * `POST /configuration/user/create`. `companyID` is the company the new person joins under:
 * the root company (new agency, administrator of the root, sales person), an agency (new client
 * or agency administrator). A blank or absent `ClientPassword` invites the person by e-mail.
 * Client modules come from `selectedModulesCreate`, otherwise `selectedmodules` (spec 2 §5).
 */
export const createUserRequestSchema = z
  .strictObject({
    companyID: idSchema,
    idsys: idSchema,
    userType: z.enum(CREATE_USER_TYPES),
    ClientCompanyName: companyNameSchema.optional(),
    ...editableFields,
    selectedModulesCreate: z.array(selectedModuleSchema).max(10).optional(),
    /** Sales only: the new sales person is an account executive. */
    isAccExecutive: tfSchema.optional(),
    ClientPassword: z.union([z.literal(''), newPasswordSchema]).optional(),
  })
  .superRefine((v, ctx) => {
    const company = v.userType === 'userdownline' || v.userType === 'client';
    if (company && v.ClientCompanyName === undefined)
      ctx.addIssue({ code: 'custom', message: 'Company Name is required.', path: ['ClientCompanyName'] });
    checkPhone(v, ctx, company);
    if (v.userType === 'userdownline') {
      if (!v.DownlineSubDomain)
        ctx.addIssue({ code: 'custom', message: 'Subdomain is required.', path: ['DownlineSubDomain'] });
      if (!v.selectedterms?.some((t) => t.status))
        ctx.addIssue({ code: 'custom', message: PAYMENT_TERM_REQUIRED, path: ['selectedterms'] });
    }
  });
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

export const createUserResponseSchema = z.object({
  result: z.literal('success'),
  message: z.literal('Data has been added successfully'),
  data: z.array(managedNodeSchema),
});
export type CreateUserResponse = z.infer<typeof createUserResponseSchema>;

/**
 * `PUT /configuration/user/update`: `ClientID` is the person edited (an agency's or client's main
 * user, or a staff member); `companyID` the company the node sits under (its parent for agencies
 * and clients, its own company for staff). Absent fields stay as they are.
 */
export const updateUserRequestSchema = z
  .strictObject({
    ClientID: idSchema,
    companyID: idSchema,
    idsys: idSchema.optional(),
    ClientCompanyName: companyNameSchema.optional(),
    ...editableFields,
    ClientFullName: fullNameSchema.optional(),
    ClientEmail: emailAddressSchema.optional(),
    /** A minimum-spend plan of the system (master-system agencies, non-sales system users); null clears. */
    planMinSpendId: idSchema.nullable().optional(),
    action: z.enum(['downline', 'client', 'user']).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.ClientPhone !== undefined) checkPhone(v, ctx, true);
    if (v.selectedterms && !v.selectedterms.some((t) => t.status))
      ctx.addIssue({ code: 'custom', message: PAYMENT_TERM_REQUIRED, path: ['selectedterms'] });
  });
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

export const updateUserResponseSchema = z.object({
  result: z.literal('success'),
  message: z.literal('Data has been updated successfully'),
  data: z.array(managedNodeSchema),
});
export type UpdateUserResponse = z.infer<typeof updateUserResponseSchema>;

/** `DELETE /configuration/user/remove/{companyID}/{userID}`: companyID is the node's parent (or own company for staff). */
export const removeUserParamsSchema = z.object({
  companyID: idParamSchema,
  userID: idParamSchema,
});
/** The path ids as the route reads them. */
export type RemoveUserParams = z.infer<typeof removeUserParamsSchema>;
export const removeUserResponseSchema = z.object({
  data: z.object({ result: z.literal('success'), message: z.literal('Deleted!') }),
});

/** `POST /configuration/user/resendinvitation`: only for people who have not set a password yet. */
export const resendInvitationRequestSchema = z.strictObject({ ClientID: idSchema });
export type ResendInvitationRequest = z.input<typeof resendInvitationRequestSchema>;
export const resendInvitationResponseSchema = z.object({
  result: z.literal('success'),
  message: z.literal('Invitation has been sent.'),
});
export const NOT_INVITED_MESSAGE = 'This user has already activated the account.';

/** `PUT /configuration/user/manual-bill` (agencyManualBill): the billing module's switch (decision 0075). */
export const manualBillRequestSchema = z.strictObject({ companyID: idSchema, manualBill: tfSchema });
export type ManualBillRequest = z.input<typeof manualBillRequestSchema>;
export const manualBillResponseSchema = z.object({ result: z.literal('success'), manual_bill: tfSchema });

/** `PUT /configuration/setting/exclude-include-mininum-spend`: toggles; answers the new state (1 excluded). */
export const agencyToggleRequestSchema = z.strictObject({ CompanyID: idSchema });
export type AgencyToggleRequest = z.input<typeof agencyToggleRequestSchema>;
export const excludeMinimumSpendResponseSchema = z.object({
  result: z.literal('success'),
  exclude_minimum_spend: z.union([z.literal(0), z.literal(1)]),
});
/** `PUT /configuration/setting/exclude-include-onboard-charge`: toggles; answers the new state (1 excluded). */
export const excludeOnboardChargeResponseSchema = z.object({
  result: z.literal('success'),
  exclude_onboard_charge: z.union([z.literal(0), z.literal(1)]),
});

/** `GET /configuration/root/list`: the systems a system user may pick `idsys` from. */
export const rootListItemSchema = z.object({
  idsys: z.number().int(),
  name: z.string(),
  domain: z.string(),
  is_master: z.boolean(),
  company_root_id: z.number().int(),
  company_name: z.string(),
});
export const rootListResponseSchema = z.object({ data: z.array(rootListItemSchema) });
export type RootListItem = z.infer<typeof rootListItemSchema>;

/**
 * `GET /configuration/sales-downline/{companyID}/{usrID}/{idsys}/{sort}/{order}/{search}`: the
 * agencies linked to a sales person (any role), same paginated shape as the list.
 */
export const salesDownlineParamsSchema = z.object({
  companyID: idParamSchema,
  usrID: idParamSchema,
  idsys: idParamSchema,
  sort: z.enum(['company_name', 'full_name', 'email', 'created_at', 'none']),
  order: z.enum(['asc', 'desc', 'none']),
  search: z.string().max(100),
});
export const salesDownlineQuerySchema = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  PerPage: z.coerce.number().int().min(1).max(100).default(10),
});
export const salesDownlineResponseSchema = userListResponseSchema;

/** Texts the server answers for the uniqueness rules (spec 2 §5 leaves them to us). */
export const EMAIL_TAKEN = 'This e-mail address is already registered.';
/**
 * The answer when the address belongs to someone outside the caller's scope (decision 0019): it does
 * not say the address is registered, only that it cannot be used here.
 */
export const EMAIL_UNAVAILABLE = 'This e-mail address cannot be used. Please enter another one.';
export const SUBDOMAIN_TAKEN = 'This subdomain is already taken.';
export const DOMAIN_TAKEN = 'This domain is already used by another agency.';
