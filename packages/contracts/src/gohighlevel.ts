import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.js';
import { pagedResponseSchema } from './paging.js';

/*
 * GoHighLevel, the CRM with sub-accounts (decision 0097): spec 2 §7 "Integrations", "CRM provider
 * (v2)" calls under `/gohighlevel/v2/`, and `/general/check-connected-gohighlevel/{companyID}`,
 * `/gohighlevel/tags/{companyID}`, `/gohighlevel/usertags/{campaignID}/{companyID}`.
 */

export const GHL_NOT_CONNECTED = 'GoHighLevel is not connected.';

export const ghlTargetSchema = z.object({ id: z.string(), name: z.string() });

export const ghlCompanyParamsSchema = z.object({ company_id: idParamSchema });
export const ghlCompanyIdParamsSchema = z.object({ companyID: idParamSchema });
export const ghlUserTagsParamsSchema = z.object({ campaignID: idParamSchema, companyID: idParamSchema });

export const ghlSubaccountsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});

/** `list-subaccounts-all`: every sub-account (location) the connection reaches. */
export const ghlSubaccountsResponseSchema = z.object({ data: z.array(ghlTargetSchema) });
/** `list-subaccounts` with `page`: the product's paginated answer. */
export const ghlSubaccountsPageSchema = pagedResponseSchema(ghlTargetSchema);

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
