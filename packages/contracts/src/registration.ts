import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { newPasswordSchema } from './auth.js';
import { companyNameSchema, emailAddressSchema, fullNameSchema, PHONE_INVALID } from './fields.js';
import { idSchema } from './ids.js';

/**
 * `POST /register` (spec 1 §7.1): an agency signs up on a system (optionally with a sales
 * referral code), or a client signs up on its agency's white-label host. The system comes from
 * `domainName`; `idsys` and `ownedcompanyid` are informational.
 */
export const registerRequestSchema = z
  .strictObject({
    companyname: companyNameSchema,
    name: fullNameSchema,
    email: emailAddressSchema,
    phonenum: z.string().trim().min(1, PHONE_INVALID).max(20, PHONE_INVALID),
    phoneCountryCode: z.string().trim().length(2, 'Choose country').toUpperCase().default('US'),
    password: newPasswordSchema,
    gtoken: z.string().max(8000),
    userType: z.enum(['userdownline', 'client']),
    domainName: z.string().trim().min(1).max(253),
    ownedcompanyid: z.union([z.number().int(), z.string().max(20)]).optional(),
    idsys: z.union([z.number().int(), z.string().max(20)]).optional(),
    refcode: z.string().trim().max(64).optional(),
  })
  .refine(
    (v) => isValidPhoneNumber(v.phonenum, v.phoneCountryCode as Parameters<typeof isValidPhoneNumber>[1]),
    {
      message: PHONE_INVALID,
      path: ['phonenum'],
    },
  );
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const referralCheckResponseSchema = z.object({
  valid: z.boolean(),
  /** The referring sales person's name, when valid. */
  name: z.string(),
});

export const referralCreateRequestSchema = z.strictObject({ userID: idSchema });
export const referralCreateResponseSchema = z.object({ refcode: z.string(), url: z.string() });

/**
 * What `POST /register` answers for every accepted sign-up, whether the address is new or already has
 * an account (decision 0019): the e-mailed link finishes a new sign-up; an existing owner is told
 * instead. Nobody learns from the answer whether an address is registered.
 */
export const REGISTRATION_CHECK_EMAIL =
  'Thank you! We have sent you an e-mail. Open the link in it to finish signing up.';
export const registerResponseSchema = z.object({
  result: z.literal('confirm_email'),
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** `POST /register/confirm`: the token of the e-mailed sign-up link; answers the new user's tokens. */
export const registerConfirmRequestSchema = z.strictObject({ token: z.string().trim().min(1).max(4000) });
export type RegisterConfirmRequest = z.input<typeof registerConfirmRequestSchema>;
export const REGISTRATION_LINK_INVALID =
  'This sign-up link is not valid or has expired. Please sign up again.';
/**
 * A client signing up on the host of an agency that cancelled its subscription: a cancelled agency
 * keeps its clients but takes no new ones, whoever would add them (decision 0016 §7).
 */
export const REGISTRATION_AGENCY_CLOSED =
  'This agency is not taking new clients. Please contact the agency for help.';
export const REGISTRATION_LINK_USED =
  'This sign-up link has already been used. Sign in, or choose a new password with "Forgot password".';
