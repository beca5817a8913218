import { z } from 'zod';
import { currentPasswordSchema, newPasswordSchema } from './auth.js';
import {
  companyNameSchema,
  emailAddressSchema,
  fullNameSchema,
  PHONE_INVALID,
  subdomainSchema,
} from './fields.js';
import { idParamSchema, idSchema } from './ids.js';
import { noControlCharacters } from './text.js';

/**
 * `POST /user/update` (spec 1 §7.2), sent as multipart form data (not in the dt envelope). Text
 * fields arrive as strings; `pict` is an optional image file (PNG, JPEG, WebP or GIF, ≤ 2 MiB).
 */
export const profileStep1Schema = z
  .strictObject({
    profilestep: z.literal('1'),
    id: idParamSchema,
    idsys: idParamSchema.optional(),
    name: fullNameSchema,
    email: emailAddressSchema,
    phone: z.string().trim().min(1, PHONE_INVALID).max(20, PHONE_INVALID),
    phoneCountryCode: z.string().trim().length(2, 'Choose country').toUpperCase().default('US'),
    phoneCountryDialCode: z.string().trim().max(6).default('+1'),
    address: z.string().trim().max(255).default(''),
    city: z.string().trim().max(100).default(''),
    country: z.string().trim().max(2).default('US'),
    zip: z.string().trim().max(20).default(''),
    state: z.string().trim().max(10).default(''),
    currpict: z.string().max(500).optional(),
    newpass: z.union([z.literal(''), newPasswordSchema]).default(''),
    renewpass: z.string().max(200).default(''),
    /** Required (checked by the server) when `newpass` is set or `email` differs from the current one. */
    currpassword: currentPasswordSchema.default(''),
  })
  .refine((v) => v.newpass === v.renewpass, { message: 'The passwords do not match.', path: ['renewpass'] })
  // Read by hand from a multipart form (no route schema), so the schema applies the text rule itself.
  .superRefine(noControlCharacters);

export const profileStep2Schema = z
  .strictObject({
    profilestep: z.literal('2'),
    id: idParamSchema,
    idsys: idParamSchema.optional(),
    company: companyNameSchema,
    industry: z.string().trim().max(100).default(''),
    /** Agencies only: their subdomain below the system's domain. */
    DownlineSubDomain: z.union([z.literal(''), subdomainSchema]).default(''),
  })
  .superRefine(noControlCharacters);

export const profileUpdateResponseSchema = z.object({
  result: z.enum(['success', 'error_email']),
  message: z.string(),
  image_url: z.string().nullable(),
  picexist: z.boolean(),
  industryID: z.number().int().nullable(),
  companyID: z.number().int(),
});
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

/** `PUT /leadspeek/user/setupcomplete`: the profile-setup wizard (and questionnaire) is finished. */
export const setupCompleteRequestSchema = z.strictObject({
  usrID: idSchema,
  statuscomplete: z.enum(['T', 'F']),
  /** Questionnaire answers, when the wizard asked any. */
  answers: z
    .record(z.string(), z.union([z.string().max(2000), z.array(z.string().max(200)).max(50)]))
    .optional(),
  timezone: z.string().max(64).optional(),
});

/** `GET /user/onboarding-status/{user_id}`: where a new account stands and what comes next. */
export const onboardingStatusSchema = z.object({
  profile_setup_completed: z.boolean(),
  card_added: z.boolean(),
  account_connected: z.boolean(),
  next_step: z.enum(['profile', 'card', 'connect_account']).nullable(),
  /**
   * The onboarding fee the first card pays, as a dollar string ("0" when none is due: not an
   * agency, excluded, already charged, or no fee set), so the card step shows it before paying.
   */
  onboarding_fee: z.string(),
  /** Whether a coupon may lower that fee (the onboarding setting's enable_coupon). */
  onboarding_coupon: z.boolean(),
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;

/**
 * E-mail changes (step 1): the address changes only once the link sent to the new one is opened
 * (`POST /confirm-email`); until then the account keeps its address, which is told of the change.
 */
export const PROFILE_EMAIL_TAKEN = 'The email has already been taken.';
export const emailChangePending = (email: string) =>
  `Your profile has been saved. We sent a link to ${email}: your e-mail address changes once you open it.`;
export const EMAIL_CHANGED = 'Your e-mail address has been changed.';
