import { z } from 'zod';
import { idSchema } from './ids.js';

/**
 * Sign-in, tokens and passwords (spec 1 §4, §7.1, §8). Bodies travel in the dt envelope; these are
 * the decrypted shapes. Ids the web app sends for the host's owner (`ownedcompanyid`,
 * `companyrootid`) are informational: the server takes the system from `domainName`.
 */

const email = z
  .string()
  .trim()
  .min(1, 'Please enter your e-mail.')
  .max(70, 'E-mail must not exceed 70 characters.')
  .transform((value) => value.toLowerCase());
const hostName = z.string().trim().min(1).max(253);
const companyRef = z.union([z.number().int(), z.string().max(20)]).optional();
/** The bot-check answer (ALTCHA payload, or a reCAPTCHA token where the system configures one). */
const gtoken = z.string().max(8000);

export const TWO_FACTOR_TYPES = ['email', 'google'] as const;
export const twoFactorTypeSchema = z.enum(TWO_FACTOR_TYPES);

export const loginRequestSchema = z.strictObject({
  username: email,
  password: z.string().min(1, 'Please enter your password.').max(200),
  gtoken,
  domainName: hostName,
  ownedcompanyid: companyRef,
  companyrootid: companyRef,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const loginResponseSchema = z.discriminatedUnion('result', [
  tokenResponseSchema.extend({ result: z.literal('success') }),
  z.object({
    result: z.literal('otp_required'),
    /** Binds the code step to this login attempt; single use, expires with the code. */
    otp_token: z.string(),
    two_factor_auth_type: twoFactorTypeSchema,
  }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyLoginRequestSchema = z.strictObject({
  email,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits.'),
  otp_token: z.string().min(1).max(200),
  ownedcompanyid: companyRef,
  companyrootid: companyRef,
});
export type VerifyLoginRequest = z.input<typeof verifyLoginRequestSchema>;

export const resendCodeRequestSchema = z.strictObject({
  email,
  otp_token: z.string().min(1).max(200),
  ownedcompanyid: companyRef,
  companyrootid: companyRef,
});
export type ResendCodeRequest = z.input<typeof resendCodeRequestSchema>;

export const refreshRequestSchema = z.strictObject({ refresh_token: z.string().min(1).max(200) });
export type RefreshRequest = z.input<typeof refreshRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

export const forgotPasswordRequestSchema = z.strictObject({
  username: email,
  gtoken,
  domainName: hostName,
  ownedcompanyid: companyRef,
  companyrootid: companyRef,
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const verifyResetTokenRequestSchema = z.strictObject({
  token: z.string().min(1).max(200),
  email,
});
export type VerifyResetTokenRequest = z.input<typeof verifyResetTokenRequestSchema>;
/**
 * What a set-password link is for: `invitation` when its account has never had a password (someone
 * created it and invited the person by e-mail, who now chooses a first one), `reset` otherwise. The
 * page's words follow it: an invited person sets a password, nobody "resets" one they never had.
 */
export const PASSWORD_LINK_PURPOSES = ['reset', 'invitation'] as const;
export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number];
export const verifyResetTokenResponseSchema = z.object({
  valid: z.boolean(),
  reason: z.string(),
  purpose: z.enum(PASSWORD_LINK_PURPOSES),
});
export const PASSWORD_RESET_DONE = 'Your password has been reset. Please sign in.';
export const PASSWORD_SET_DONE = 'Your password has been set. Please sign in.';

/** Minimum password rules for new passwords, shared by reset, change and registration. */
export const newPasswordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters.')
  .max(200, 'Password must not exceed 200 characters.');

export const resetPasswordRequestSchema = z
  .strictObject({
    token: z.string().min(1).max(200),
    email,
    password: newPasswordSchema,
    password_confirmation: z.string(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'The passwords do not match.',
    path: ['password_confirmation'],
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** `POST /confirm-email`: the token of the link e-mailed to a new address (profile step 1). */
export const confirmEmailRequestSchema = z.strictObject({ token: z.string().trim().min(1).max(200) });
export type ConfirmEmailRequest = z.input<typeof confirmEmailRequestSchema>;

/** `POST /user/resetpassword`: the signed-in user changes their password (spec 1 §5). */
export const changePasswordRequestSchema = z.strictObject({
  usrID: idSchema,
  currpassword: z.string().min(1, '* Sorry, your current password invalid'),
  newpassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;
export const CURRENT_PASSWORD_INVALID = '* Sorry, your current password invalid';
/** A sensitive change (password, e-mail, two-factor) sent without the current password. */
export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password.';
/** The current password, asked again before a password, e-mail or two-factor change. */
export const currentPasswordSchema = z.string().max(200);
export const PASSWORD_UPDATED = 'your password has been updated!';

/**
 * The bot check of a system's sign-in forms (`GET /altcha/challenge?host=`): an ALTCHA v2 challenge
 * exactly as signed (every parameter is listed: dropping one would break the signature the widget
 * sends back; the widget ignores `kind`), or the system's own reCAPTCHA site key.
 */
export const altchaParametersSchema = z.object({
  algorithm: z.string(),
  nonce: z.string(),
  salt: z.string(),
  cost: z.number().int(),
  keyLength: z.number().int(),
  keyPrefix: z.string(),
  keySignature: z.string().optional(),
  memoryCost: z.number().int().optional(),
  parallelism: z.number().int().optional(),
  expiresAt: z.number().int().optional(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});

export const botChallengeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('altcha'), parameters: altchaParametersSchema, signature: z.string() }),
  z.object({ kind: z.literal('recaptcha'), siteKey: z.string() }),
]);
export type BotChallengeResponse = z.infer<typeof botChallengeSchema>;

/** `GET /setting/twofactorauth/{userId}` (spec 1 §3.8). */
export const twoFactorSettingsSchema = z.object({
  two_factor_auth: z.boolean(),
  two_factor_auth_type: twoFactorTypeSchema.nullable(),
});

/**
 * `PUT /setting/twofactorauth/{userId}`. Turning the authenticator on needs the new secret and a
 * current code from it, so nobody enables a factor they cannot produce.
 */
export const updateTwoFactorRequestSchema = z
  .strictObject({
    userId: idSchema,
    two_factor_auth: z.boolean(),
    two_factor_auth_type: twoFactorTypeSchema.nullable(),
    secretKey: z
      .string()
      .regex(/^[A-Z2-7]{16,64}$/, 'The secret key is not valid.')
      .optional(),
    code: z
      .string()
      .regex(/^\d{6}$/, 'The code has 6 digits.')
      .optional(),
    /** The current password: every change of the setting needs it (checked by the server). */
    currpassword: currentPasswordSchema.optional(),
  })
  .refine((v) => !v.two_factor_auth || v.two_factor_auth_type !== null, {
    message: 'Choose email or google.',
    path: ['two_factor_auth_type'],
  })
  .refine((v) => !(v.two_factor_auth && v.two_factor_auth_type === 'google') || (v.secretKey && v.code), {
    message: 'Enter the 6-digit code from your authenticator app.',
    path: ['code'],
  });

export type UpdateTwoFactorRequest = z.input<typeof updateTwoFactorRequestSchema>;

/** `GET /setting/get-google-tfa/{userId}/{companyId}`: a new secret and its QR code (SVG markup). */
export const googleTfaResponseSchema = z.object({ qrCodeUrl: z.string(), secretKey: z.string() });

/** View mode (spec 1 §4): start acting as another user; the answer is that user's session. */
export const switchUserRequestSchema = z.strictObject({ usrID: idSchema });
export type SwitchUserRequest = z.input<typeof switchUserRequestSchema>;
export const viewModeResponseSchema = tokenResponseSchema.extend({ result: z.literal('success') });

/** `POST /general/user-log-saved` (spec 1 §7.4). `userIP` is accepted for compatibility and ignored. */
export const userLogRequestSchema = z.strictObject({
  userID: idSchema,
  action: z.string().trim().min(1).max(100),
  desc: z.string().max(1000).default(''),
  userIP: z.string().max(100).optional(),
  target_userID: idSchema.nullable().optional(),
});

/** `POST /v1/developer/sso/validation` (spec 1 §4 "Single sign-on"). */
export const ssoValidationRequestSchema = z.strictObject({
  token: z.string().min(1).max(200),
  /** The host the browser is on; the token is valid only there. */
  subdomain: z.string().trim().min(1).max(253),
  /** The user signed in in this browser, if any. */
  currentUserID: z
    .union([z.number().int(), z.string().max(20)])
    .nullable()
    .optional(),
});
export type SsoValidationRequest = z.input<typeof ssoValidationRequestSchema>;
export const ssoValidationResponseSchema = tokenResponseSchema.extend({
  /** 'replace_user' when the token belongs to another user than the one signed in here. */
  action: z.enum(['login', 'replace_user']),
});
export const ssoCreateRequestSchema = z.strictObject({
  userID: idSchema,
  host: z.string().trim().min(1).max(253),
});
export const ssoCreateResponseSchema = z.object({
  token: z.string(),
  url: z.string(),
  expires_in: z.number().int(),
});
