import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.js';
import { providerSlugSchema } from './integrations.js';
import { serviceItemSchema } from './service-lists.js';

/*
 * Kartra, the marketing-automation service (decision 0103): spec 2 §7 "Marketing-automation
 * service: GET /kartra/list/{companyID}; GET /GetKartraListAndTag/{companyID}; POST
 * /integration/details". The list reads answer as `serviceListReadSchema` (empty with the reason
 * when the read fails); `/integration/details` answers the company's connection to a provider (the
 * same view as `GET /getcompanyintegrationdetail/{companyID}/{slug}`, secrets never included).
 */

export const kartraCompanyParamsSchema = z.object({ companyID: idParamSchema });

/** Kartra's lists and tags at once (the campaign form's two pickers). */
export const kartraListsAndTagsSchema = z.object({
  lists: z.array(serviceItemSchema),
  tags: z.array(serviceItemSchema),
  connected: z.boolean(),
  error: z.string().nullable(),
  sandbox: z.boolean(),
});
export type KartraListsAndTags = z.infer<typeof kartraListsAndTagsSchema>;

/** Whose integration details, for which provider (Kartra's when not named). */
export const integrationDetailsRequestSchema = z.object({
  company_id: idSchema,
  slug: providerSlugSchema.default('kartra'),
});
