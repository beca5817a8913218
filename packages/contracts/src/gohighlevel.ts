import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { managedNodeSchema } from './agency-list.js';
import { companyNameSchema, emailAddressSchema, fullNameSchema, PHONE_INVALID } from './fields.js';
import { idParamSchema, idSchema } from './ids.js';
import { pagedResponseSchema } from './paging.js';

/*
 * GoHighLevel, the CRM with sub-accounts (decision 0097): spec 2 §7 "Integrations", "CRM provider
 * (v2)" calls under `/gohighlevel/v2/`, and `/general/check-connected-gohighlevel/{companyID}`,
 * `/gohighlevel/tags/{companyID}`, `/gohighlevel/usertags/{campaignID}/{companyID}`.
 */

export const GHL_NOT_CONNECTED = 'GoHighLevel is not connected.';

export const ghlTargetSchema = z.object({ id: z.string(), name: z.string() });

/**
 * A sub-account as the v2 lists answer it (decision 0109): the client of the agency it was turned
 * into (null when none), and the menu link opening that client's dashboard inside it (null when none).
 */
export const ghlSubaccountSchema = ghlTargetSchema.extend({
  client: z.object({ company_id: z.number().int(), name: z.string() }).nullable(),
  menu_link_id: z.string().nullable(),
});
export type GhlSubaccount = z.infer<typeof ghlSubaccountSchema>;

export const ghlCompanyParamsSchema = z.object({ company_id: idParamSchema });
export const ghlCompanyIdParamsSchema = z.object({ companyID: idParamSchema });
export const ghlUserTagsParamsSchema = z.object({ campaignID: idParamSchema, companyID: idParamSchema });

export const ghlSubaccountsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});

/** `list-subaccounts-all`: every sub-account (location) the connection reaches. */
export const ghlSubaccountsResponseSchema = z.object({ data: z.array(ghlSubaccountSchema) });
/** `list-subaccounts` with `page`: the product's paginated answer. */
export const ghlSubaccountsPageSchema = pagedResponseSchema(ghlSubaccountSchema);

/** `generateauthurl` and `disconnect`: the company whose connection it is. */
export const ghlCompanyBodySchema = z.object({ company_id: idSchema });
export const ghlAuthUrlResponseSchema = z.object({ url: z.string() });

export const ghlConnectedResponseSchema = z.object({
  connected: z.boolean(),
  /** 'active' or 'paused' while connected. */
  status: z.enum(['active', 'paused']).nullable(),
  /** The name GoHighLevel gives the connected sub-account. */
  account_name: z.string().nullable(),
  location: ghlTargetSchema.nullable(),
  /** The sandbox, not GoHighLevel: labelled as sandbox data. */
  sandbox: z.boolean(),
});
export type GhlConnected = z.infer<typeof ghlConnectedResponseSchema>;

export const ghlTagsResponseSchema = z.object({ data: z.array(ghlTargetSchema) });

/** A campaign's chosen tags (and sub-account) for the company's GoHighLevel connection. */
export const ghlUserTagsResponseSchema = z.object({
  enabled: z.boolean(),
  tags: z.array(z.string()),
  location_id: z.string().nullable(),
});

/* Sub-accounts turned into clients, and their menu links (decision 0109). */

export const GHL_LOCATION_ID_INVALID = 'Choose one of the GoHighLevel sub-accounts.';
const locationIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, GHL_LOCATION_ID_INVALID);

/** The agency's connection lists its sub-accounts only when it was made with an agency's account. */
export const GHL_NOT_AGENCY_LEVEL =
  'This GoHighLevel connection is not an agency account: connect GoHighLevel with the agency that owns the sub-accounts.';
export const ghlLocationTaken = (clientName: string) =>
  `This GoHighLevel sub-account is already the client ${clientName}.`;
export const GHL_LOCATION_BEING_LINKED =
  'This GoHighLevel sub-account is being turned into a client right now: try again in a minute.';
export const GHL_NOT_A_SUBACCOUNT_CLIENT =
  'This client was not created from a GoHighLevel sub-account of the agency.';
export const GHL_NO_MENU_LINK = 'This client has no GoHighLevel menu link.';

/**
 * `POST /gohighlevel/v2/create-client-from-subaccount`: the agency (`company_id`) turns one of its
 * GoHighLevel sub-accounts into a client. The client's name, contact's full name, e-mail and phone
 * default to the sub-account's own; a phone is national (with its country) or international (+…).
 */
export const ghlCreateClientBodySchema = z.strictObject({
  company_id: idSchema,
  location_id: locationIdSchema,
  company_name: companyNameSchema.optional(),
  full_name: fullNameSchema.optional(),
  email: emailAddressSchema.optional(),
  phone: z.string().trim().max(20, PHONE_INVALID).optional(),
  phone_country_code: z.string().trim().length(2, 'Choose country').toUpperCase().optional(),
});
export type GhlCreateClientBody = z.input<typeof ghlCreateClientBodySchema>;

export const ghlCreateClientResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  /** The new client, as the client list shows it. */
  data: z.array(managedNodeSchema),
  location: ghlTargetSchema,
});
export type GhlCreateClientResponse = z.infer<typeof ghlCreateClientResponseSchema>;

/** `POST /gohighlevel/v2/create-iframe/client`: a menu link in the client's sub-account to its dashboard. */
export const ghlMenuLinkBodySchema = z.strictObject({
  company_id: idSchema,
  client_company_id: idSchema,
  /** The menu entry's text in GoHighLevel (default 'Leads dashboard'). */
  title: z
    .string()
    .trim()
    .min(1, 'Title is required.')
    .max(60, 'Title must not exceed 60 characters.')
    .optional(),
});
export type GhlMenuLinkBody = z.input<typeof ghlMenuLinkBodySchema>;
/** `DELETE /gohighlevel/v2/delete-iframe/client?company_id&client_company_id`. */
export const ghlMenuLinkQuerySchema = z.object({
  company_id: idParamSchema,
  client_company_id: idParamSchema,
});

export const ghlMenuLinkSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The client's dashboard on its agency's host, opened in GoHighLevel's frame. */
  url: z.string(),
  location_id: z.string(),
});
export const ghlMenuLinkResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  /** False when the link existed already (a second create answers it). */
  created: z.boolean(),
  menu_link: ghlMenuLinkSchema,
});
export type GhlMenuLinkResponse = z.infer<typeof ghlMenuLinkResponseSchema>;
export const ghlMenuLinkDeletedSchema = z.object({ result: z.literal('success'), message: z.string() });

/**
 * A phone as GoHighLevel keeps it (international, `+13035550100`) in the product's terms: the
 * national number and its country; null when it is not a valid international number.
 */
export function nationalPhoneOf(phone: string): { number: string; countryCode: string } | null {
  const parsed = parsePhoneNumberFromString(phone.trim());
  if (!parsed?.country || !parsed.isValid()) return null;
  return { number: parsed.nationalNumber, countryCode: parsed.country };
}
