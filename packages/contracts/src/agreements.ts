import { z } from 'zod';
import { AGREEMENT_DOCUMENTS } from './documents.js';
import { idParamSchema, idSchema } from './ids.js';
import { BETA_FEATURES, tfSchema } from './tenancy.js';

/** Spec 2 §8: what the agency list shows when an agreement cannot be downloaded. */
export const AGREEMENT_DOWNLOAD_FAILED = 'Failed to download agreement file. Please try again later.';
/** Spec 2 §8: the Data Wallet's beta agreement check failing. */
export const BETA_CHECK_FAILED = 'Something went wrong, please try again later';
/** The server's refusal of a gated feature whose agreement is not accepted yet. */
export const FEATURE_AGREEMENT_REQUIRED = 'Please accept the billing agreement before you continue.';
/** Spec 2 §5: the developer agreement's checkbox. */
export const AGREE_BEFORE_CONTINUE = 'Please click agree before you continue';

/** Minutes a download link lives (decision 0034). */
export const AGREEMENT_LINK_MINUTES = 10;

export const BETA_FEATURE_IDS = BETA_FEATURES.map((f) => f.id) as [1, 2, 3];
export const betaFeatureIdSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type BetaFeatureId = z.infer<typeof betaFeatureIdSchema>;
export const betaFeatureIdParamSchema = z.coerce
  .number()
  .int()
  .refine((n): n is BetaFeatureId => n === 1 || n === 2 || n === 3, 'Unknown feature.');

/**
 * What one accepts: the agreement document types of spec 2 §3, plus the two agreements the product
 * shows itself (the service billing agreement of gated features, the developer agreement).
 */
export const ACCEPTABLE_DOCUMENTS = [
  ...AGREEMENT_DOCUMENTS,
  'service-billing-agreement',
  'marketing-services-agreement-developer',
] as const;
export const acceptableDocumentSchema = z.enum(ACCEPTABLE_DOCUMENTS);
export type AcceptableDocument = z.infer<typeof acceptableDocumentSchema>;

const locationMenu = z.string().trim().max(100).optional();
const companyName = z.string().trim().max(255).optional();

// GET / PUT /marketing-services-agreement(/{company_id})
export const marketingAgreementParamsSchema = z.object({ company_id: idParamSchema.optional() });
export const marketingAgreementResponseSchema = z.object({
  result: z.literal('success'),
  is_marketing_services_agreement_developer: tfSchema,
  /** The developer mode's one-time fee in dollars; null while the system has none configured. */
  first_time_charge: z.string().nullable(),
  /** The monthly minimum of the agency's minimum-spend plan in dollars; null without a plan. */
  minimum_spend_max: z.string().nullable(),
  minimum_spend_amount_list: z.array(z.object({ month: z.number().int(), amount: z.string() })),
  /** The latest acceptance of the developer agreement, when there is one. */
  accepted_at: z.string().nullable(),
});
export type MarketingAgreementResponse = z.infer<typeof marketingAgreementResponseSchema>;

export const acceptMarketingAgreementRequestSchema = z.strictObject({
  user_id: idSchema,
  is_marketing_services_agreement_developer: tfSchema,
  company_name: companyName,
  company_id: idSchema,
  location_menu: locationMenu,
  document_type: acceptableDocumentSchema.default('marketing-services-agreement-developer'),
});

// GET / PUT /marketing-services-agreement-feature/{user_id}/{feature_id}
export const featureAgreementParamsSchema = z.object({
  user_id: idParamSchema,
  feature_id: betaFeatureIdParamSchema,
});
export const featureAgreementResponseSchema = z.object({
  result: z.literal('success'),
  status: tfSchema,
  accepted_at: z.string().nullable(),
});
export const acceptFeatureAgreementRequestSchema = z.strictObject({
  feature_id: betaFeatureIdSchema,
  feature_name: z.string().trim().max(100).optional(),
  user_id: idSchema,
  is_marketing_services_agreement_feature: z.literal('T'),
  company_name: companyName,
  company_id: idSchema.optional(),
  location_menu: locationMenu,
});

// POST /general/user-service-agreement-confirm
export const serviceAgreementConfirmRequestSchema = z.strictObject({
  user_id: idSchema,
  document_type: acceptableDocumentSchema,
  location_menu: locationMenu,
});

/** One acceptance as the API shows it. */
export const agreementAcceptanceSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  document_type: z.string(),
  document_title: z.string(),
  document_version: z.number().int(),
  content_sha256: z.string(),
  feature_id: z.number().int().nullable(),
  ip: z.string(),
  accepted_at: z.string(),
});
export type AgreementAcceptance = z.infer<typeof agreementAcceptanceSchema>;
export const agreementAcceptedResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  acceptance: agreementAcceptanceSchema,
});

// POST /general/user-service-agreement-download/{user_id}
export const agreementDownloadParamsSchema = z.object({ user_id: idParamSchema });
export const agreementDownloadRequestSchema = z.strictObject({
  /** Which agreement; absent: the user's latest acceptance of any. */
  document_type: acceptableDocumentSchema.optional(),
});
export const agreementDownloadResponseSchema = z.object({
  result: z.literal('success'),
  /** The page that opens the link: `/download-auth/{pkdoc}`. */
  url: z.string(),
  pkdoc: z.string(),
  expires_at: z.string(),
});

// POST /docauth
export const docAuthRequestSchema = z.strictObject({
  pwd: z.string().min(1, 'Please enter your password.').max(200),
  urldata: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This download link is not valid.'),
});

// Beta features (system users)
export const betaFeatureSettingSchema = z.object({
  id: betaFeatureIdSchema,
  slug: z.string(),
  name: z.string(),
  is_beta: z.boolean(),
  apply_to_all_agency: z.boolean(),
  testers: z.array(z.object({ company_id: z.number().int(), company_name: z.string() })),
});
export type BetaFeatureSetting = z.infer<typeof betaFeatureSettingSchema>;
export const betaFeatureListResponseSchema = z.object({
  result: z.literal('success'),
  features: z.array(betaFeatureSettingSchema),
  /** The system's agencies, for choosing testers. */
  agencies: z.array(z.object({ company_id: z.number().int(), company_name: z.string() })),
});
export type BetaFeatureListResponse = z.infer<typeof betaFeatureListResponseSchema>;
export const betaFeatureParamsSchema = z.object({ feature_id: betaFeatureIdParamSchema });
export const updateBetaFeatureRequestSchema = z.strictObject({
  is_beta: z.boolean(),
  apply_to_all_agency: z.boolean(),
  testers: z.array(idSchema).max(1000),
});

// GET /beta-feature/gate/{feature_id}: the gate of spec 2 §4 for the caller.
export const featureGateResponseSchema = z.object({
  result: z.literal('success'),
  feature_id: betaFeatureIdSchema,
  /** The feature is offered to the caller at all (not beta, beta for all, or a tester). */
  available: z.boolean(),
  is_beta: z.boolean(),
  /** The caller's company has accepted the feature's agreement (status T). */
  status: tfSchema,
  /** open: use it; agreement: show the billing agreement first; unavailable: not offered. */
  gate: z.enum(['open', 'agreement', 'unavailable']),
});
export type FeatureGate = z.infer<typeof featureGateResponseSchema>;

// GET /agreement-minimum-spend-latest/{company_id} (spec 2 §7 "Minimum spend and prepaid")
export const minimumSpendLatestParamsSchema = z.object({ company_id: idParamSchema });
export const minimumSpendLatestResponseSchema = z.object({
  result: z.literal('success'),
  /** The agency has accepted the current version of agreement v2 (v3, v4) of its system. */
  isAgreementV2: z.boolean(),
  isAgreementV3: z.boolean(),
  isAgreementV4: z.boolean(),
  /** Spec 2 §6: the Minimum Spend Addendum is asked of agencies on the master system only. */
  minimum_spend_addendum_required: z.boolean(),
  /** The agency has accepted the current version of the Minimum Spend Addendum. */
  isAgreementMinimumSpend: z.boolean(),
  /** When it first accepted the addendum: the start its minimum-spend months count from (decision 0077). */
  minimum_spend_started_at: z.string().nullable(),
});
export type MinimumSpendLatest = z.infer<typeof minimumSpendLatestResponseSchema>;
