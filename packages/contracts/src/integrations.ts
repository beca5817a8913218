import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.js';
import { pagedResponseSchema } from './paging.js';

/*
 * Integrations (issue 23, decision 0096): where a company's leads go besides e-mail, and the
 * delivery console. A company (a client, or an agency for all its clients' leads) connects a
 * provider once; each stored lead is delivered to each active connection, every attempt recorded.
 * Spec 2 §8: saves answer the server's message, or 'Changes saved successfully'.
 */

export const CHANGES_SAVED = 'Changes saved successfully';
export const INTEGRATION_DISCONNECTED = 'The integration was disconnected.';
export const UNKNOWN_PROVIDER = 'There is no such integration.';
export const NOT_CONNECTED = 'This integration is not connected.';

export const providerSlugSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,39}$/, UNKNOWN_PROVIDER);

export const providerFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['url', 'text', 'secret', 'tags', 'select']),
  required: z.boolean(),
  help: z.string().optional(),
  targets: z.string().optional(),
});

export const deliveryStatusSchema = z.enum(['queued', 'sending', 'delivered', 'failed']);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const connectionViewSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  slug: z.string(),
  status: z.enum(['active', 'paused', 'disconnected']),
  /** What the company entered that is not secret (a URL, an account's name). Secrets never leave. */
  settings: z.record(z.string(), z.unknown()),
  paused_reason: z.string().nullable(),
  consecutive_failures: z.number().int(),
  /** While set and in the future, nothing is sent (too many failures in a row). */
  circuit_open_until: z.string().nullable(),
  connected_at: z.string(),
  updated_at: z.string(),
  stats: z.object({
    queued: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
    last_delivered_at: z.string().nullable(),
  }),
});
export type ConnectionView = z.infer<typeof connectionViewSchema>;

export const providerViewSchema = z.object({
  slug: z.string(),
  name: z.string(),
  kind: z.enum([
    'webhook',
    'crm',
    'email-list',
    'direct-mail',
    'spreadsheet',
    'funnel-builder',
    'mailbox',
    'marketing-automation',
    'insurance-crm',
  ]),
  auth: z.enum(['url', 'oauth', 'api-key']),
  description: z.string(),
  /** A local sandbox of the service: labelled as sandbox data in the app. */
  sandbox: z.boolean(),
  connect_fields: z.array(providerFieldSchema),
  campaign_fields: z.array(providerFieldSchema),
  connection: connectionViewSchema.nullable(),
});
export type ProviderView = z.infer<typeof providerViewSchema>;

export const integrationsOverviewSchema = z.object({
  company_id: z.number().int(),
  providers: z.array(providerViewSchema),
});
export type IntegrationsOverview = z.infer<typeof integrationsOverviewSchema>;

export const integrationCompanyParamsSchema = z.object({ company_id: idParamSchema });
export const companyProviderParamsSchema = z.object({
  company_id: idParamSchema,
  integration_id: providerSlugSchema,
});

const settingsValue = z.union([z.string().max(2000), z.array(z.string().max(200)).max(100), z.boolean()]);

export const saveIntegrationRequestSchema = z.object({
  company_id: idSchema,
  slug: providerSlugSchema,
  settings: z.record(z.string().max(60), settingsValue).default({}),
});
export type SaveIntegrationRequest = z.infer<typeof saveIntegrationRequestSchema>;

export const saveIntegrationResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  connection: connectionViewSchema,
});

export const pauseIntegrationRequestSchema = z.object({ paused: z.boolean() });

export const TARGET_KINDS = [
  'tags',
  'lists',
  'groups',
  'subaccounts',
  'quicksends',
  'custom-fields',
] as const;
export const targetParamsSchema = z.object({
  company_id: idParamSchema,
  integration_id: providerSlugSchema,
  kind: z.enum(TARGET_KINDS),
});
export const targetsResponseSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const authorizeResponseSchema = z.object({ url: z.string() });
export const oauthCallbackQuerySchema = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  /** SendJim's name for the code, and when it expires (decision 0105). */
  requestToken: z.string().max(2000).optional(),
  expires: z.string().max(100).optional(),
});

export const integrationMessageSchema = z.object({ result: z.literal('success'), message: z.string() });

export const testPayloadResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  delivery_id: z.number().int(),
});

export const signingSecretResponseSchema = z.object({ signing_secret: z.string() });

export const deliveryViewSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  connection_id: z.number().int(),
  lead_id: z.number().int().nullable(),
  campaign_id: z.number().int().nullable(),
  /** The campaign's 8-digit public id and name, as people know it. */
  campaign_public_id: z.string().nullable(),
  campaign_name: z.string().nullable(),
  /** A console test payload, not a lead. */
  test: z.boolean(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_latency_ms: z.number().int().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type DeliveryView = z.infer<typeof deliveryViewSchema>;

export const deliveryListQuerySchema = z.object({
  slug: providerSlugSchema.optional(),
  campaign_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** The campaign by its 8-digit public id (what people type). */
  campaign_public_id: z
    .string()
    .trim()
    .regex(/^\d{8}$/, 'Enter the campaign’s 8-digit id.')
    .optional(),
  status: deliveryStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type DeliveryListQuery = z.infer<typeof deliveryListQuerySchema>;

export const deliveryListResponseSchema = pagedResponseSchema(deliveryViewSchema);
export type DeliveryList = z.infer<typeof deliveryListResponseSchema>;

export const deliveryAttemptParamsSchema = z.object({
  company_id: idParamSchema,
  delivery_id: z.coerce.number().int().min(1),
});

export const deliveryAttemptViewSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  outcome: z.enum(['delivered', 'failed', 'refused']),
  http_status: z.number().int().nullable(),
  latency_ms: z.number().int(),
  error: z.string().nullable(),
  request: z.string(),
});
export type DeliveryAttemptView = z.infer<typeof deliveryAttemptViewSchema>;

export const deliveryAttemptsResponseSchema = z.object({ data: z.array(deliveryAttemptViewSchema) });

/** Replay chosen failed deliveries, or every failed one matching the filters. */
export const replayRequestSchema = z
  .object({
    company_id: idSchema,
    delivery_ids: z.array(z.number().int().min(1)).min(1).max(500).optional(),
    all_failed: z.literal(true).optional(),
    slug: providerSlugSchema.optional(),
    campaign_id: idSchema.optional(),
    /** The campaign by its 8-digit public id. */
    campaign_public_id: z
      .string()
      .regex(/^\d{8}$/)
      .optional(),
  })
  .refine((r) => (r.delivery_ids === undefined) !== (r.all_failed === undefined), {
    message: 'Choose the deliveries to replay, or all failed ones.',
  });
export type ReplayRequest = z.infer<typeof replayRequestSchema>;

export const replayResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  replayed: z.number().int(),
});

/** A campaign's settings for each connection its client or agency has. */
export const campaignIntegrationSchema = z.object({
  slug: z.string(),
  name: z.string(),
  connection_id: z.number().int(),
  /** The agency's connection (all its clients' leads) rather than the client's own. */
  from_agency: z.boolean(),
  enabled: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  campaign_fields: z.array(providerFieldSchema),
});
export const campaignIntegrationsResponseSchema = z.object({ data: z.array(campaignIntegrationSchema) });

export const saveCampaignIntegrationRequestSchema = z.object({
  campaign_id: idSchema,
  slug: providerSlugSchema,
  enabled: z.boolean(),
  settings: z.record(z.string().max(60), settingsValue).default({}),
});

/** The fields a delivered lead carries (`/get-custom-fields`): what a receiver can map. */
export const LEAD_FIELDS = [
  { name: 'id', label: 'Lead id' },
  { name: 'campaign.id', label: 'Campaign id' },
  { name: 'campaign.name', label: 'Campaign name' },
  { name: 'campaign.module', label: 'Module' },
  { name: 'captured_at', label: 'Captured at' },
  { name: 'first_name', label: 'First name' },
  { name: 'last_name', label: 'Last name' },
  { name: 'emails', label: 'E-mails' },
  { name: 'phones', label: 'Phones' },
  { name: 'address.street', label: 'Street' },
  { name: 'address.city', label: 'City' },
  { name: 'address.state', label: 'State' },
  { name: 'address.zip', label: 'Zip' },
  { name: 'page_url', label: 'Page URL' },
  { name: 'keyword', label: 'Keyword' },
] as const;
export const customFieldsResponseSchema = z.object({
  data: z.array(z.object({ name: z.string(), label: z.string() })),
});

export const campaignParamsSchema = z.object({ campaign_id: idParamSchema });
export const legacyIdParamsSchema = z.object({ id: idParamSchema });
export const companyIntegrationListParamsSchema = z.object({
  companyID: idParamSchema,
  /** The company's agency, or 0 when it has none (a root company or an agency). */
  companyParent: z.coerce.number().int().min(0).max(2_147_483_647),
});
export const companyIntegrationDetailParamsSchema = z.object({
  companyID: idParamSchema,
  slug: providerSlugSchema,
});
export const companyIntegrationListResponseSchema = z.object({
  data: z.array(connectionViewSchema.extend({ name: z.string(), from_parent: z.boolean() })),
});
export const campaignWebhooksResponseSchema = z.object({
  data: z.array(
    z.object({ from_agency: z.boolean(), enabled: z.boolean(), url: z.string(), status: z.string() }),
  ),
});
export const tagListResponseSchema = z.object({ data: z.array(z.string()) });
