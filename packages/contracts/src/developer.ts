import { z } from 'zod';
import { AGREE_BEFORE_CONTINUE } from './agreements.js';
import { campaignModuleSchema, timeZoneSchema } from './campaigns.js';
import { idSchema } from './ids.js';
import { feeDollarsSchema } from './money.js';
import { moduleSchema, tfSchema } from './tenancy.js';

/**
 * The Developer API (decision 0100): the keys screen's calls (spec 2 §7 "Open API (developer)") and
 * the Open API itself under `/api/v1` — clean wire names, JSON without the `dt` envelope, errors in
 * the one `{ error: { code, message, fields? } }` shape.
 */

// ---- Texts ------------------------------------------------------------------------------------

export const DEVELOPER_TEXTS = {
  /** Spec 2 §5: the developer agreement's checkbox is required for non-system users. */
  agreeRequired: AGREE_BEFORE_CONTINUE,
  agreementFirst: 'Please accept the developer agreement before you create an API key.',
  apiModeOff: 'Developer mode is not enabled for this account.',
  notReady: 'Add a card and connect your payment account before you create an API key.',
  feeDeclined: 'The one-time developer fee could not be charged to your card.',
  feePending: 'The one-time developer fee is being charged; try again in a minute.',
  secretOnce: 'Copy the secret now: it is shown only once.',
  invalidClient: 'The client id or secret is not valid.',
  invalidToken: 'The access token is missing, expired or revoked.',
  unsupportedGrant: 'Only the client_credentials grant is supported.',
  rateLimited: 'Too many requests; retry after the time in the Retry-After header.',
  idempotencyMismatch: 'This Idempotency-Key was used with another request.',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed; retry shortly.',
} as const;

// ---- The keys screen (signed-in people) ---------------------------------------------------------

/** `POST /v1/developer/create/userapi {companyID, email}`: a key for the company (a new one replaces any). */
export const createUserApiRequestSchema = z.object({
  companyID: idSchema,
  /** Sent by the spec's screen; the key's contact is the signed-in person, so it is not stored. */
  email: z.string().max(254).optional(),
});
export type CreateUserApiRequest = z.infer<typeof createUserApiRequestSchema>;

export const apiCallSchema = z.object({
  id: z.number(),
  method: z.string(),
  route: z.string(),
  status: z.number(),
  duration_ms: z.number(),
  at: z.string(),
});

export const apiKeyViewSchema = z.object({
  client_id: z.string(),
  /** The secret's last four characters. */
  secret_hint: z.string(),
  scopes: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

/** `GET /v1/developer/userapi/{companyID}`: the spec's fields (the secret is never shown again: null). */
export const userApiResponseSchema = z.object({
  result: z.literal('success'),
  client_id: z.string().nullable(),
  secret_key: z.string().nullable(),
  base_url: z.string(),
  api_mode: tfSchema,
  is_marketing_services_agreement_developer: tfSchema,
  /** The one-time developer fee in dollars; null when the system charges none. */
  first_time_charge: z.string().nullable(),
  /** Whether the fee of the current enabling has been paid (or none is due). */
  fee_paid: z.boolean(),
  key: apiKeyViewSchema.nullable(),
  recent_calls: z.array(apiCallSchema),
});
export type UserApiResponse = z.infer<typeof userApiResponseSchema>;

/** Answer of creating or rotating a key: the secret, this once. */
export const userApiCreatedResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  client_id: z.string(),
  secret_key: z.string(),
  base_url: z.string(),
  key: apiKeyViewSchema,
});
export type UserApiCreatedResponse = z.infer<typeof userApiCreatedResponseSchema>;

/** A system's developer settings (its staff): the one-time fee in dollars ('0' for none). */
export const developerSettingsSchema = z.object({ first_time_charge: feeDollarsSchema });
export type DeveloperSettings = z.infer<typeof developerSettingsSchema>;
export const developerSettingsResponseSchema = z.object({
  result: z.literal('success'),
  first_time_charge: z.string(),
});

// ---- The Open API (keys) ----------------------------------------------------------------------

/** `POST /api/v1/oauth/token` (RFC 6749 §4.4): credentials in the body or HTTP Basic. */
export const openApiTokenRequestSchema = z.object({
  grant_type: z.string(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
  scope: z.string().max(500).optional(),
});
export const openApiTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  scope: z.string(),
});
export type OpenApiTokenResponse = z.infer<typeof openApiTokenResponseSchema>;

export const CAMPAIGN_STATUSES = ['running', 'paused', 'paused_on_run', 'stopped'] as const;

/** A campaign as the Open API shows it. */
export const publicCampaignSchema = z.object({
  id: z.number(),
  public_id: z.string(),
  client_id: z.number(),
  /** Any module's campaign (the ad platform's too); only lead modules' are created here. */
  module: moduleSchema,
  name: z.string(),
  status: z.string(),
  archived: z.boolean(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  time_zone: z.string(),
  created_at: z.string().nullable(),
});
export type PublicCampaign = z.infer<typeof publicCampaignSchema>;

export const publicListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

export const publicCampaignListQuerySchema = publicListQuerySchema.extend({
  client_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const publicCampaignPageSchema = z.object({
  data: z.array(publicCampaignSchema),
  next_cursor: z.string().nullable(),
});

const bool = z.boolean();
const shortName = z.string().trim().min(1, 'Campaign name is required.').max(255);

/** `POST /api/v1/campaigns`: a new campaign for one of the company's clients, stopped until started. */
export const publicCampaignCreateSchema = z.strictObject({
  client_id: idSchema,
  module: campaignModuleSchema,
  name: shortName,
  time_zone: timeZoneSchema.optional(),
  start_date: z.iso.date().optional(),
  end_date: z.iso.date().optional(),
  /** Local campaigns: the client's site and its thank-you page. */
  site_url: z.string().max(2000).optional(),
  thank_you_url: z.string().max(2000).optional(),
  /** Locator, enhance, b2b: where to look for people. */
  keywords: z.array(z.string().min(1).max(200)).max(500).optional(),
  states: z.array(z.string().length(2)).max(51).optional(),
  cities: z.array(z.string().min(1).max(120)).max(1000).optional(),
  zip_codes: z
    .array(z.string().regex(/^\d{5}$/, 'A zip code has 5 digits.'))
    .max(5000)
    .optional(),
  national: bool.optional(),
  require_email: bool.optional(),
  require_phone: bool.optional(),
  require_address: bool.optional(),
});
export type PublicCampaignCreate = z.infer<typeof publicCampaignCreateSchema>;

/** `PATCH /api/v1/campaigns/{id}`: any of the common fields. */
export const publicCampaignUpdateSchema = z.strictObject({
  name: shortName.optional(),
  time_zone: timeZoneSchema.optional(),
  start_date: z.iso.date().nullable().optional(),
  end_date: z.iso.date().nullable().optional(),
  require_email: bool.optional(),
  require_phone: bool.optional(),
  require_address: bool.optional(),
});
export type PublicCampaignUpdate = z.infer<typeof publicCampaignUpdateSchema>;

export const publicLeadSchema = z.object({
  id: z.number(),
  campaign_id: z.number(),
  client_id: z.number(),
  module: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  page_url: z.string(),
  keyword: z.string(),
  created_at: z.string(),
});
export type PublicLead = z.infer<typeof publicLeadSchema>;

export const publicLeadQuerySchema = publicListQuerySchema.extend({
  /** Leads stored at or after this time (ISO 8601). */
  since: z.iso.datetime({ offset: true }).optional(),
  campaign_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export const publicLeadPageSchema = z.object({
  data: z.array(publicLeadSchema),
  next_cursor: z.string().nullable(),
});

export const publicSuppressionEntrySchema = z.object({
  /** The entry's MD5 (an e-mail is stored only as the MD5 of its lower-cased form). */
  md5: z.string(),
  created_at: z.string(),
});
export const publicSuppressionPageSchema = z.object({
  data: z.array(publicSuppressionEntrySchema),
  next_cursor: z.string().nullable(),
});
/** `POST /api/v1/suppression-entries`: e-mails or their MD5s added to the company's own list. */
export const publicSuppressionCreateSchema = z.strictObject({
  emails: z.array(z.email().max(254)).max(1000).optional(),
  md5s: z
    .array(z.string().regex(/^[0-9a-fA-F]{32}$/, 'An MD5 is 32 hexadecimal digits.'))
    .max(1000)
    .optional(),
});
export const publicSuppressionCreatedSchema = z.object({ added: z.number(), already_listed: z.number() });
