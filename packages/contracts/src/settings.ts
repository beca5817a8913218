import { z } from 'zod';
import { fontThemeSchema, hexColorSchema } from './branding.js';
import { emailAddressSchema, subdomainSchema } from './fields.js';
import { idOrZeroSchema, idParamSchema, idSchema } from './ids.js';
import { feeDollarsSchema, perLeadDollarsSchema } from './money.js';
import { moduleSchema, paymentTermSchema, tfSchema, userTypeSchema } from './tenancy.js';
import { multilineText } from './text.js';

/*
 * General settings, prices and terms, domains and SMTP (spec 2 §7 "Pricing, settings and domains").
 * Amounts travel as dollar strings (see money.ts) and are stored as integer cents / micro-dollars.
 */

const id = idSchema;
/** Query and path ids arrive as strings. */
const queryId = idParamSchema;

export const savedResponseSchema = z.object({ result: z.literal('success'), message: z.string() });
export type SavedResponse = z.infer<typeof savedResponseSchema>;

export const SETTINGS_SAVED = 'Your settings have been saved.';
export const SETTING_SAVED = 'Setting has been saved.';

// ---------------------------------------------------------------------------------------------
// Setting names (GET /configuration/setting/{companyID}/{settingname}, PUT /configuration/setting)
// ---------------------------------------------------------------------------------------------

export const SETTING_NAMES = [
  'costagency',
  'branding',
  'modulenames',
  'paymenttermDefault',
  'customsmtpmenu',
] as const;
export const settingNameSchema = z.enum(SETTING_NAMES);
export type SettingName = z.infer<typeof settingNameSchema>;
/** Settings only a root company has (read and written by its system users). */
export const ROOT_SETTING_NAMES = ['simplifiminimums'] as const;
export type AnySettingName = SettingName | (typeof ROOT_SETTING_NAMES)[number];

export const settingParamsSchema = z.object({
  companyID: queryId,
  settingname: z.enum([...SETTING_NAMES, ...ROOT_SETTING_NAMES]),
});
export const settingQuerySchema = z.object({
  idSys: queryId.optional(),
  /** Kept for the spec's call shape; the server does not use it. */
  pk: z.string().max(100).optional(),
});

// ---------------------------------------------------------------------------------------------
// costagency: agency cost settings per module × payment term
// ---------------------------------------------------------------------------------------------

// The modules with agency cost settings (COST_MODULES, CostModule) come from the module catalogue.

/**
 * One module × term, as dollar strings ('0' when unset): PlatformFee is the one-time setup fee,
 * MinCostMonth the monthly platform fee (cents); Costperlead per lead (micro-dollars).
 */
export const termCostSchema = z.object({
  PlatformFee: z.string(),
  MinCostMonth: z.string(),
  Costperlead: z.string(),
});
/** Local also has the advanced-information cost per lead. */
export const localTermCostSchema = termCostSchema.extend({ LeadspeekCostperleadAdvanced: z.string() });
export type TermCost = z.infer<typeof termCostSchema>;
export type LocalTermCost = z.infer<typeof localTermCostSchema>;

const perTerm = <T extends z.ZodType>(schema: T) =>
  z.object({ Weekly: schema, Monthly: schema, OneTime: schema, Prepaid: schema });

export const agencyCostSchema = z.object({
  local: perTerm(localTermCostSchema),
  locator: perTerm(termCostSchema),
  enhance: perTerm(termCostSchema),
  b2b: perTerm(termCostSchema),
});
export type AgencyCost = z.infer<typeof agencyCostSchema>;

export const costAgencyResponseSchema = z.object({
  result: z.literal('success'),
  data: agencyCostSchema,
  /** The parent's values (the root company's for an agency; zeros for a root company). */
  rootcostagency: agencyCostSchema,
  /** 'T' when the agency pays its wholesale directly by card (manual bill on). */
  dpay: tfSchema,
});
export type CostAgencyResponse = z.infer<typeof costAgencyResponseSchema>;

const termCostInput = z.strictObject({
  PlatformFee: feeDollarsSchema,
  MinCostMonth: feeDollarsSchema,
  Costperlead: perLeadDollarsSchema,
});
const localTermCostInput = z.strictObject({
  PlatformFee: feeDollarsSchema,
  MinCostMonth: feeDollarsSchema,
  Costperlead: perLeadDollarsSchema,
  LeadspeekCostperleadAdvanced: perLeadDollarsSchema,
});
const perTermInput = <T extends z.ZodType>(schema: T) =>
  z.strictObject({
    Weekly: schema.optional(),
    Monthly: schema.optional(),
    OneTime: schema.optional(),
    Prepaid: schema.optional(),
  });

/**
 * The costagency value to save: any subset of modules and terms (a tab of Set Cost for Agency
 * sends its module); each term sent is complete. Amounts are dollar strings → cents / micros.
 */
export const agencyCostInputSchema = z.strictObject({
  local: perTermInput(localTermCostInput).optional(),
  locator: perTermInput(termCostInput).optional(),
  enhance: perTermInput(termCostInput).optional(),
  b2b: perTermInput(termCostInput).optional(),
});
export type AgencyCostInput = z.input<typeof agencyCostInputSchema>;

// ---------------------------------------------------------------------------------------------
// branding
// ---------------------------------------------------------------------------------------------

export const brandingValueSchema = z.strictObject({
  /** The name shown in the shell; '' shows the company's own name. */
  company_name: z.string().trim().max(255, 'Company Name must not exceed 255 characters.'),
  sidebar_bgcolor: hexColorSchema,
  template_bgcolor: hexColorSchema,
  box_bgcolor: hexColorSchema,
  text_color: hexColorSchema,
  link_color: hexColorSchema,
  font_theme: fontThemeSchema,
});
export type BrandingValue = z.input<typeof brandingValueSchema>;

export const brandingSettingResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({
    company_name: z.string(),
    /** True when the company saved its own branding (false: it shows its parent's or the defaults). */
    customized: z.boolean(),
    logo_url: z.string().nullable(),
    favicon_url: z.string().nullable(),
    sidebar_bgcolor: z.string(),
    template_bgcolor: z.string(),
    box_bgcolor: z.string(),
    text_color: z.string(),
    link_color: z.string(),
    font_theme: fontThemeSchema,
  }),
});

/** Branding images: `POST /configuration/setting/branding-image` (multipart: companyID, kind, file). */
export const BRANDING_IMAGE_KINDS = ['logo', 'favicon'] as const;
export const brandingImageKindSchema = z.enum(BRANDING_IMAGE_KINDS);
export type BrandingImageKind = z.infer<typeof brandingImageKindSchema>;
export const brandingImageFieldsSchema = z.strictObject({
  companyID: queryId,
  kind: brandingImageKindSchema,
});
export const BRANDING_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const brandingImageResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  url: z.string().nullable(),
});
/** `DELETE /configuration/setting/branding-image/{companyID}/{kind}` removes the image. */
export const brandingImageParamsSchema = z.object({ companyID: queryId, kind: brandingImageKindSchema });

// ---------------------------------------------------------------------------------------------
// modulenames: an agency's display names and URL slugs
// ---------------------------------------------------------------------------------------------

export const MODULE_SLUG_INVALID =
  'Use lowercase letters, digits and hyphens, starting with a letter or digit.';
export const moduleSlugSchema = z
  .string()
  .trim()
  .min(1, 'URL is required.')
  .max(63, 'URL must not exceed 63 characters.')
  .regex(/^[a-z0-9][a-z0-9-]*$/, MODULE_SLUG_INVALID);
export const moduleDisplayNameSchema = z
  .string()
  .trim()
  .min(1, 'Module name is required.')
  .max(50, 'Module name must not exceed 50 characters.');

export const moduleNameInputSchema = z.strictObject({ name: moduleDisplayNameSchema, url: moduleSlugSchema });
export const moduleNamesValueSchema = z.strictObject({
  local: moduleNameInputSchema.optional(),
  locator: moduleNameInputSchema.optional(),
  enhance: moduleNameInputSchema.optional(),
  b2b: moduleNameInputSchema.optional(),
  simplifi: moduleNameInputSchema.optional(),
});
export type ModuleNamesValue = z.input<typeof moduleNamesValueSchema>;

export const MODULE_SLUG_TAKEN = 'Each module needs its own URL.';
export const MODULE_SLUG_RESERVED = 'This URL is used by the platform; choose another.';

export const moduleNamesResponseSchema = z.object({
  result: z.literal('success'),
  data: z.array(
    z.object({
      type: moduleSchema,
      name: z.string(),
      url: z.string(),
      default_name: z.string(),
      default_url: z.string(),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------
// paymenttermDefault and the terms an agency may offer
// ---------------------------------------------------------------------------------------------

export const paymentTermOptionSchema = z.object({ value: paymentTermSchema, label: z.string() });
export const paymentTermSettingResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({
    /** The term new clients start with; null = none chosen. */
    paymenttermDefault: paymentTermSchema.nullable(),
    /** Terms the parent lets this company offer (for the root company: all four). */
    rootpaymentterm: z.array(paymentTermOptionSchema),
    /** Terms this company offers (an agency's selectedterms). */
    paymentterm: z.array(paymentTermOptionSchema),
  }),
});
export const PAYMENT_TERM_DEFAULT_NOT_OFFERED =
  'The default payment term must be one of the terms you offer.';

// ---------------------------------------------------------------------------------------------
// customsmtpmenu: the company's own SMTP server
// ---------------------------------------------------------------------------------------------

export const SMTP_HOST_INVALID = 'Enter the SMTP host name, e.g. smtp.example.com.';
export const smtpHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'SMTP host is required.')
  .max(253, SMTP_HOST_INVALID)
  .regex(
    /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    SMTP_HOST_INVALID,
  );

const optionalEmail = z.union([z.literal(''), emailAddressSchema]);

export const smtpValueSchema = z.strictObject({
  host: smtpHostSchema,
  port: z
    .number({ error: 'SMTP port must be a number between 1 and 65535.' })
    .int('SMTP port must be a number between 1 and 65535.')
    .min(1, 'SMTP port must be a number between 1 and 65535.')
    .max(65535, 'SMTP port must be a number between 1 and 65535.'),
  /** TLS from the start (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: z.boolean(),
  username: z.string().trim().max(255).default(''),
  /** Absent keeps the stored password; '' removes it. Never returned. */
  password: z.string().max(255).optional(),
  fromAddress: emailAddressSchema,
  fromName: z.string().trim().max(255).default(''),
  replyTo: optionalEmail.default(''),
  enabled: z.boolean().default(true),
});
export type SmtpValue = z.input<typeof smtpValueSchema>;

export const smtpSettingResponseSchema = z.object({
  result: z.literal('success'),
  /** null: no custom SMTP (the system's mail is used). */
  data: z
    .object({
      host: z.string(),
      port: z.number().int(),
      secure: z.boolean(),
      username: z.string(),
      has_password: z.boolean(),
      fromAddress: z.string(),
      fromName: z.string(),
      replyTo: z.string(),
      enabled: z.boolean(),
    })
    .nullable(),
});

export const ENHANCE_MIN_LEADS_MAX = 10_000;
export const ENHANCE_MIN_LEADS_INVALID =
  'Enhance minimum leads per day must be a whole number from 0 to 10,000.';
/** The fewest leads per day a client's enhance campaign may ask for (0 = no minimum). */
export const enhanceMinLeadsPerDaySchema = z
  .number({ error: ENHANCE_MIN_LEADS_INVALID })
  .int(ENHANCE_MIN_LEADS_INVALID)
  .min(0, ENHANCE_MIN_LEADS_INVALID)
  .max(ENHANCE_MIN_LEADS_MAX, ENHANCE_MIN_LEADS_INVALID);

/**
 * `simplifiminimums` (root company only): the Simplifi minimums `minvaluesimplifi` answers. The
 * max bid is a price per thousand impressions (micro-dollars, 3 decimals), the daily budget a fee;
 * the same root form also sets the enhance minimum leads per day (`minleaddayenhance`).
 */
export const simplifiMinimumsValueSchema = z.strictObject({
  maxBid: perLeadDollarsSchema,
  dailyBudget: feeDollarsSchema,
  /** Saved with the Simplifi minimums (same root form); absent keeps the stored value. */
  enhanceMinLeadsPerDay: enhanceMinLeadsPerDaySchema.optional(),
});
export type SimplifiMinimumsValue = z.input<typeof simplifiMinimumsValueSchema>;

// ---------------------------------------------------------------------------------------------
// PUT /configuration/setting
// ---------------------------------------------------------------------------------------------

const settingBase = { companyID: id, idSys: id.optional() };
/** 'reset' returns the setting to its default (branding: the parent's look; SMTP: the system's mail). */
const actionType = z.enum(['save', 'reset']).default('save');

const settingOptions = [
  z.strictObject({
    ...settingBase,
    comsetname: z.literal('costagency'),
    comsetval: agencyCostInputSchema,
    actionType: z.literal('save').default('save'),
  }),
  z.strictObject({
    ...settingBase,
    comsetname: z.literal('branding'),
    comsetval: brandingValueSchema.optional(),
    actionType,
  }),
  z.strictObject({
    ...settingBase,
    comsetname: z.literal('modulenames'),
    comsetval: moduleNamesValueSchema.optional(),
    actionType,
  }),
  z.strictObject({
    ...settingBase,
    comsetname: z.literal('paymenttermDefault'),
    comsetval: paymentTermSchema.nullable(),
    actionType: z.literal('save').default('save'),
  }),
  z.strictObject({
    ...settingBase,
    comsetname: z.literal('customsmtpmenu'),
    comsetval: smtpValueSchema.optional(),
    actionType,
  }),
] as const;

export const updateSettingRequestSchema = z.discriminatedUnion('comsetname', [...settingOptions], {
  error: 'Unknown setting name.',
});
/** `simplifiminimums`: the root company's Simplifi minimums (system users only). */
export const updateRootSettingRequestSchema = z.strictObject({
  ...settingBase,
  comsetname: z.literal('simplifiminimums'),
  comsetval: simplifiMinimumsValueSchema,
  actionType: z.literal('save').default('save'),
});
/** What `PUT /configuration/setting` accepts: every setting name. */
export const updateAnySettingRequestSchema = z.discriminatedUnion(
  'comsetname',
  [...settingOptions, updateRootSettingRequestSchema],
  { error: 'Unknown setting name.' },
);
export type UpdateAnySettingRequest = z.input<typeof updateAnySettingRequestSchema>;
export type UpdateSettingRequest = z.input<typeof updateSettingRequestSchema>;
export const SETTING_VALUE_REQUIRED = 'Please send the setting value (comsetval).';

// ---------------------------------------------------------------------------------------------
// Test e-mails
// ---------------------------------------------------------------------------------------------

/** `POST /configuration/setting/test-email`: a test message through the company's saved SMTP. */
export const testEmailRequestSchema = z.strictObject({
  fromAddress: emailAddressSchema,
  fromName: z.string().trim().max(255).default(''),
  fromReplyto: optionalEmail.default(''),
  subject: z
    .string()
    .trim()
    .min(1, 'Subject is required.')
    .max(255, 'Subject must not exceed 255 characters.'),
  /** The message body: multi-line text. */
  content: multilineText(z.string().max(20000, 'Content must not exceed 20,000 characters.')).default(''),
  testEmailAddress: emailAddressSchema,
  companyID: id,
  companyParentID: idOrZeroSchema.nullable().optional(),
  userType: userTypeSchema.optional(),
});
export type TestEmailRequest = z.input<typeof testEmailRequestSchema>;

/** `POST /configuration/user/testsmtp`: a fixed test message through the company's saved SMTP. */
export const testSmtpRequestSchema = z.strictObject({ companyID: id, emailsent: emailAddressSchema });

export const testEmailResponseSchema = savedResponseSchema;
export const SMTP_NOT_CONFIGURED = 'No custom SMTP server is saved for this company.';

// ---------------------------------------------------------------------------------------------
// Domains
// ---------------------------------------------------------------------------------------------

export const DOMAIN_STATUSES = ['none', 'pending', 'active', 'failed'] as const;
export const domainStatusSchema = z.enum(DOMAIN_STATUSES);
export type DomainStatus = z.infer<typeof domainStatusSchema>;

/* Uniqueness texts (SUBDOMAIN_TAKEN, DOMAIN_TAKEN) are shared with user management (user-management.ts). */
export const updateSubdomainRequestSchema = z.strictObject({
  companyID: id,
  subdomain: subdomainSchema,
  idsys: id.optional(),
});
export type UpdateSubdomainRequest = z.input<typeof updateSubdomainRequestSchema>;
export const SUBDOMAIN_RESERVED = 'This subdomain is reserved; choose another.';
export const SUBDOMAIN_UPDATED = 'This subdomain has been updated';

export const subdomainResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  subdomain: z.string(),
  /** The full host: `{subdomain}.{system domain}`. */
  host: z.string(),
});

export const DOMAIN_INVALID = 'Please enter a valid domain name, e.g. leads.example.com.';
export const DOMAIN_IS_PLATFORM = "You cannot use the platform's own domain or one of its subdomains.";

/** A host name: labels of letters, digits and hyphens, at least one dot, lowercased. '' removes it. */
export const customDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^https?:\/\//, '').replace(/\/+$/, ''))
  .pipe(
    z.union([
      z.literal(''),
      z
        .string()
        .max(253, DOMAIN_INVALID)
        .regex(
          /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/,
          DOMAIN_INVALID,
        ),
    ]),
  );

export const updateCustomDomainRequestSchema = z.strictObject({
  companyID: id,
  DownlineDomain: customDomainSchema,
  whitelabelling: z.union([tfSchema, z.boolean()]).transform((v) => v === true || v === 'T'),
});
export type UpdateCustomDomainRequest = z.input<typeof updateCustomDomainRequestSchema>;
export const retryDomainSslRequestSchema = z.strictObject({ companyID: id, domain: customDomainSchema });
export type RetryDomainSslRequest = z.input<typeof retryDomainSslRequestSchema>;
export const DOMAIN_NOT_THE_COMPANYS = "This is not the company's custom domain.";
export const DOMAIN_SAVED =
  'Your domain has been saved. Its certificate is being set up; this may take a few minutes.';
export const DOMAIN_REMOVED = 'Your custom domain has been removed.';
export const DOMAIN_RETRY_STARTED =
  'Domain SSL certificate setup started. This may take a few minutes; check the domain status again shortly.';

/** Answer of update-custom-domain and retrydomainssl. */
export const customDomainResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  domain: z.string().nullable(),
  domain_status: domainStatusSchema,
  is_whitelabeling: z.boolean(),
});

export const whitelabelDomainSchema = z.object({
  domain: z.string().nullable(),
  domain_status: domainStatusSchema,
  domain_checked_at: z.string().nullable(),
  domain_error: z.string().nullable(),
  is_whitelabeling: z.boolean(),
  subdomain: z.string().nullable(),
  /** Where the agency's subdomain is served: `{subdomain}.{system domain}`. */
  subdomain_host: z.string().nullable(),
  /** Addresses the custom domain's A/AAAA records must point to. */
  expected_addresses: z.array(z.string()),
});
export type WhitelabelDomain = z.infer<typeof whitelabelDomainSchema>;
export const whitelabelDomainResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  data: whitelabelDomainSchema,
});
export const whitelabelDomainParamsSchema = z.object({ companyID: queryId });

// ---------------------------------------------------------------------------------------------
// Cancel subscription
// ---------------------------------------------------------------------------------------------

export const cancelSubscriptionRequestSchema = z.strictObject({ companyID: id });
export type CancelSubscriptionRequest = z.input<typeof cancelSubscriptionRequestSchema>;
export const SUBSCRIPTION_CANCELLED = 'Your subscription has been cancelled.';
export const cancelSubscriptionResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  subscription_cancelled_at: z.string(),
});
/** Spec 1 §8's warning, as the refusal of a client an agency adds before its account is connected. */
export const PAYMENT_ACCOUNT_REQUIRED_FOR_CLIENTS =
  'You need to connect your Stripe account prior to adding any clients.';

/** What a cancelled agency sees when it tries to add a client. */
export const SUBSCRIPTION_CANCELLED_NO_NEW_CLIENTS =
  'This agency cancelled its subscription; new clients cannot be added.';

// ---------------------------------------------------------------------------------------------
// Onboarding charge (spec 2 §5 texts)
// ---------------------------------------------------------------------------------------------

export const ONBOARDING_AMOUNT_TEXTS = {
  atMostHalf: 'Amount can not be less than or equal to 0.5.',
  notAboveHalf: 'Amount must be greater than 0.5 if not zero.',
  invalid: 'Please enter a valid amount.',
  negative: 'Amount cannot be negative.',
  /** Above what one card charge can carry ($999,999.99): the fee could never be charged. */
  tooLarge: 'Amount can not be more than 999,999.99.',
} as const;

export const onboardingSetRequestSchema = z.strictObject({
  CompanyID: id,
  amount: z.union([z.number(), z.string().max(32)], { error: ONBOARDING_AMOUNT_TEXTS.invalid }),
  enable_coupon: z.union([z.boolean(), tfSchema]).transform((v) => v === true || v === 'T'),
});
export type OnboardingSetRequest = z.input<typeof onboardingSetRequestSchema>;
export const onboardingSetResponseSchema = z.object({
  status: z.literal('success'),
  result: z.literal('success'),
  message: z.string(),
});
export const onboardingGetQuerySchema = z.object({
  companyID: queryId,
  companyRootID: queryId.optional(),
  settingname: z.enum(['onboardingcharge']).optional(),
});
export const onboardingGetResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({
    /** Dollars as a string ('0' = no onboarding charge). */
    amount: z.string(),
    enable_coupon: z.boolean(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Package and minimum values
// ---------------------------------------------------------------------------------------------

export const setPackageRequestSchema = z.strictObject({
  CompanyID: id,
  packageID: z
    .string()
    .trim()
    .max(64, 'Package id must not exceed 64 characters.')
    .regex(/^[A-Za-z0-9_-]*$/, 'Package id may contain only letters, digits, hyphens and underscores.'),
});
export type SetPackageRequest = z.input<typeof setPackageRequestSchema>;

export const minValueSimplifiQuerySchema = z.object({ idsys: queryId });
/** Minimums a Simplifi campaign's budget must meet, as dollar strings ('0' = none). */
export const minValueSimplifiResponseSchema = z.object({
  data: z.object({
    maxBid: z.object({ minimum: z.string() }),
    dailyBudget: z.object({ minimum: z.string() }),
  }),
});
/** `GET /configuration/setting/{rootCompanyID}/simplifiminimums`: minvaluesimplifi's data plus the enhance minimum. */
export const simplifiMinimumsSettingResponseSchema = z.object({
  result: z.literal('success'),
  data: minValueSimplifiResponseSchema.shape.data.extend({ enhanceMinLeadsPerDay: z.number().int() }),
});
export const minLeadDayEnhanceQuerySchema = z.object({ idSys: queryId });
/** The fewest leads per day a client's enhance campaign may ask for (0 = no minimum). */
export const minLeadDayEnhanceResponseSchema = z.object({ clientMinLeadDayEnhance: z.number().int() });
export const leadsPerDayMinimumText = (minimum: number) => `*Leads Per Day Minimum ${minimum}`;

// ---------------------------------------------------------------------------------------------
// Minimum spend (root-only, master system)
// ---------------------------------------------------------------------------------------------

export const minimumSpendPlanSchema = z.object({
  idMinimumSpend: z.number().int(),
  planName: z.string(),
  months: z.number().int(),
  /** Monthly minimum in dollars. */
  flatMonth: z.string(),
  is_default: z.boolean(),
  /** How many agencies are on this plan. */
  agencies: z.number().int(),
});
export type MinimumSpendPlan = z.infer<typeof minimumSpendPlanSchema>;

export const minimumSpendListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  PerPage: z.coerce.number().int().min(1).max(100).default(10),
});
export const minimumSpendListResponseSchema = z.object({
  current_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  data: z.array(minimumSpendPlanSchema),
});

const planFields = {
  planName: z
    .string()
    .trim()
    .min(1, 'Plan name is required.')
    .max(255, 'Plan name must not exceed 255 characters.'),
  months: z
    .number({ error: 'Months must be a whole number from 0 to 120.' })
    .int('Months must be a whole number from 0 to 120.')
    .min(0, 'Months must be a whole number from 0 to 120.')
    .max(120, 'Months must be a whole number from 0 to 120.'),
  flatMonth: feeDollarsSchema,
  /** Sent by the spec's web app; the server records the IP it sees instead. */
  ipLogin: z.string().max(64).optional(),
};
export const createMinimumSpendPlanRequestSchema = z.strictObject(planFields);
export type CreateMinimumSpendPlanRequest = z.input<typeof createMinimumSpendPlanRequestSchema>;
export const updateMinimumSpendPlanRequestSchema = z.strictObject({ idMinimumSpend: id, ...planFields });
export type UpdateMinimumSpendPlanRequest = z.input<typeof updateMinimumSpendPlanRequestSchema>;
export const deleteMinimumSpendPlanRequestSchema = z.strictObject({
  idMinimumSpend: id,
  ipLogin: z.string().max(64).optional(),
});
export type DeleteMinimumSpendPlanRequest = z.input<typeof deleteMinimumSpendPlanRequestSchema>;
export const setDefaultMinimumSpendRequestSchema = z.strictObject({
  id,
  ipLogin: z.string().max(64).optional(),
});
export type SetDefaultMinimumSpendRequest = z.input<typeof setDefaultMinimumSpendRequestSchema>;
export const minimumSpendPlanResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  data: minimumSpendPlanSchema,
});
export const MINIMUM_SPEND_PLAN_IN_USE =
  'This plan is assigned to agencies; move them to another plan first.';

/** `GET|PUT /general/minimum-spend-setting`: the system's root minimum spend (defaults off, 0, 0, 0). */
export const minimumSpendSettingSchema = z.object({
  status: z.boolean(),
  first_month: z.string(),
  second_month: z.string(),
  monthly: z.string(),
});
export const minimumSpendSettingResponseSchema = z.object({
  result: z.literal('success'),
  data: minimumSpendSettingSchema,
});
export const updateMinimumSpendSettingRequestSchema = z.strictObject({
  status: z.boolean(),
  first_month: feeDollarsSchema,
  second_month: feeDollarsSchema,
  monthly: feeDollarsSchema,
});
export type UpdateMinimumSpendSettingRequest = z.input<typeof updateMinimumSpendSettingRequestSchema>;

/** `GET /general/minimum-spend-user?company_id=`: the agency's plan (its own, else the default). */
export const minimumSpendUserQuerySchema = z.object({ company_id: queryId });
export const minimumSpendUserResponseSchema = z.object({
  result: z.literal('success'),
  months: z.number().int(),
  flatMonth: z.string(),
  idMinimumSpend: z.number().int().nullable(),
  planName: z.string().nullable(),
});
