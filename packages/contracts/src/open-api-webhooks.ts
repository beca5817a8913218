import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.js';

/**
 * The Open API's webhook endpoints (decision 0106): a company's webhook integration and the
 * campaigns' own webhook URLs, in clean wire names. A company has at most one webhook endpoint, so
 * an endpoint is named by its company's id. The signing secret is answered once, when it is made.
 */

const url = z.string().trim().min(1, 'Enter the URL your leads should be sent to.').max(2000);
const tags = z.array(z.string().max(50)).max(20);

/** A campaign's own settings on the endpoint: its URL (null: the endpoint's), tags and on/off. */
export const publicCampaignWebhookUrlSchema = z.object({
  campaign_id: z.number(),
  url: z.string().nullable(),
  tags: z.array(z.string()),
  enabled: z.boolean(),
});

export const publicWebhookEndpointSchema = z.object({
  company_id: z.number(),
  url: z.string(),
  tags: z.array(z.string()),
  /** `paused`: by its owner, or by the delivery engine after failing for too long (see the reason). */
  status: z.enum(['active', 'paused']),
  paused_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Campaigns with settings of their own on this endpoint (their own URL, tags, or turned off). */
  campaign_urls: z.array(publicCampaignWebhookUrlSchema),
});
export type PublicWebhookEndpoint = z.infer<typeof publicWebhookEndpointSchema>;

export const publicWebhookEndpointCreatedSchema = publicWebhookEndpointSchema.extend({
  /** The Standard Webhooks secret the deliveries are signed with: shown in this answer only. */
  signing_secret: z.string(),
});
export const publicWebhookEndpointListSchema = z.object({ data: z.array(publicWebhookEndpointSchema) });

/** `GET /api/v1/webhook-endpoints?company_id=`: the key's company when none is named. */
export const publicWebhookEndpointQuerySchema = z.object({ company_id: idParamSchema.optional() });
export const publicWebhookEndpointParamsSchema = z.object({ company_id: idParamSchema });

/** `POST /api/v1/webhook-endpoints`: connects the company's webhook (the key's company by default). */
export const publicWebhookEndpointCreateSchema = z.strictObject({
  company_id: idSchema.optional(),
  url,
  tags: tags.optional(),
});
export type PublicWebhookEndpointCreate = z.infer<typeof publicWebhookEndpointCreateSchema>;

/** `PATCH /api/v1/webhook-endpoints/{company_id}`: a new URL, new tags, or both. */
export const publicWebhookEndpointUpdateSchema = z.strictObject({
  url: url.optional(),
  tags: tags.optional(),
});
export type PublicWebhookEndpointUpdate = z.infer<typeof publicWebhookEndpointUpdateSchema>;

export const publicWebhookEndpointDeletedSchema = z.object({
  company_id: z.number(),
  deleted: z.literal(true),
});

/** Where a campaign's leads go by webhook: its client's endpoint and its agency's. */
export const publicCampaignWebhookSchema = z.object({
  company_id: z.number(),
  from_agency: z.boolean(),
  enabled: z.boolean(),
  /** The URL the campaign's leads are sent to: its own, else the endpoint's. */
  url: z.string(),
  /** The campaign's own URL, null when it uses the endpoint's. */
  own_url: z.string().nullable(),
  tags: z.array(z.string()),
  status: z.string(),
});
export const publicCampaignWebhooksSchema = z.object({
  campaign_id: z.number(),
  data: z.array(publicCampaignWebhookSchema),
});
export type PublicCampaignWebhooks = z.infer<typeof publicCampaignWebhooksSchema>;

/** `PUT /api/v1/campaigns/{id}/webhook`: the campaign's own URL (and tags) on its client's endpoint, else its agency's. */
export const publicCampaignWebhookSetSchema = z.strictObject({
  url,
  tags: tags.optional(),
  /** Whether the campaign's leads go to this endpoint at all (default true). */
  enabled: z.boolean().optional(),
});
export type PublicCampaignWebhookSet = z.infer<typeof publicCampaignWebhookSetSchema>;

export const WEBHOOK_ENDPOINT_TEXTS = {
  exists:
    'This company already has a webhook endpoint: change it with PATCH /webhook-endpoints/{company_id} or delete it first.',
  none: 'This company has no webhook endpoint.',
} as const;
