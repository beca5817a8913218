import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.js';

/*
 * ClickFunnels, the funnel builder (decision 0104): spec 2 §7 "Integrations", "Funnel builder":
 * `GET /click-funnels/tags/{company_id}` (the workspace's tags), `GET /click-funnels/campaign/tags/{campaign_id}`
 * (the tags a campaign's contacts get) and `POST /click-funnels/tags` (saves them: the campaign's
 * integration settings, the same ones `savecampaignintegrationdetails` keeps).
 */

export const CF_MAX_TAGS = 50;
export const CF_MAX_TAG_LENGTH = 100;

export const cfCompanyParamsSchema = z.object({ company_id: idParamSchema });
export const cfCampaignParamsSchema = z.object({ campaign_id: idParamSchema });

/** The workspace's tags (ids as ClickFunnels gives them). */
export const cfTagsResponseSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** The tags a campaign's leads get in ClickFunnels, from the client's connection or its agency's. */
export const cfCampaignTagsResponseSchema = z.object({
  /** The campaign's client (or its agency) has ClickFunnels connected. */
  connected: z.boolean(),
  /** The connection is the agency's (all its clients' leads), not the client's own. */
  from_agency: z.boolean(),
  /** The campaign sends its leads to ClickFunnels (on unless turned off). */
  enabled: z.boolean(),
  tags: z.array(z.string()),
});
export type CfCampaignTags = z.infer<typeof cfCampaignTagsResponseSchema>;

export const cfSaveTagsRequestSchema = z.object({
  campaign_id: idSchema,
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A tag cannot be empty.')
        .max(CF_MAX_TAG_LENGTH, `A tag is at most ${CF_MAX_TAG_LENGTH} characters long.`),
    )
    .max(CF_MAX_TAGS, `Choose at most ${CF_MAX_TAGS} tags.`),
  /** Turns ClickFunnels on or off for the campaign; left as it is when absent. */
  enabled: z.boolean().optional(),
});
export type CfSaveTagsRequest = z.infer<typeof cfSaveTagsRequestSchema>;
