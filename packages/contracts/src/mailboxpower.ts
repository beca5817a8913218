import { z } from 'zod';
import { idParamSchema } from './ids.js';

/*
 * Mailbox Power, the mailbox groups (decision 0104): spec 2 §7 "Integrations", "Mailbox groups":
 * `GET /mailboxpower/usergroups/{companyID}` (the connected account's groups) and
 * `GET /mailboxpower/groups/{campaignID}/{companyID}` (the group that campaign's leads join through
 * that company's connection). A campaign chooses its group with `savecampaignintegrationdetails`.
 */

export const mbpGroupSchema = z.object({ id: z.string(), name: z.string() });

export const mbpCompanyParamsSchema = z.object({ companyID: idParamSchema });
export const mbpCampaignGroupsParamsSchema = z.object({
  campaignID: idParamSchema,
  companyID: idParamSchema,
});

export const mbpGroupsResponseSchema = z.object({ data: z.array(mbpGroupSchema) });

export const mbpCampaignGroupsResponseSchema = z.object({
  /** The campaign sends its leads to Mailbox Power through this connection (on unless turned off). */
  enabled: z.boolean(),
  /** The group its leads join: the campaign's own, else the integration's; null when none is chosen. */
  group_id: z.string().nullable(),
  source: z.enum(['campaign', 'integration']).nullable(),
  /** That group with its name (a group the account no longer has keeps its id as its name). */
  data: z.array(mbpGroupSchema),
});
export type MbpCampaignGroups = z.infer<typeof mbpCampaignGroupsResponseSchema>;
