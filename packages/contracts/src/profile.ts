import { z } from 'zod';
import { currentPasswordSchema, newPasswordSchema } from './auth.js';
import { optionalCalendarDaySchema } from './calendar.js';
import { END_BEFORE_START, timeZoneSchema } from './campaigns.js';
import {
  companyNameSchema,
  emailAddressSchema,
  fullNameSchema,
  PHONE_INVALID,
  subdomainSchema,
} from './fields.js';
import { idOrZeroSchema, idParamSchema, idSchema } from './ids.js';
import { tfSchema } from './tenancy.js';
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

/*
 * Profile step 2's people of the company (spec 1 §3.1 franchize, franchizedirector and director
 * name/email/phone, officemanager and manager fields, team, teammanager and team fields; decision
 * 0094): three switches that each turn on a contact (director, office manager, team manager), and
 * the franchise and team switches the director and the team manager belong to.
 */
export const CONTACT_ROLES = {
  director: { label: 'Director', switch: 'franchizedirector', prefix: 'director' },
  officeManager: { label: 'Office Manager', switch: 'officemanager', prefix: 'manager' },
  teamManager: { label: 'Team Manager', switch: 'teammanager', prefix: 'team' },
} as const;
export type ContactRole = keyof typeof CONTACT_ROLES;
export const CONTACT_NEEDS_FRANCHISE = 'A franchise director needs the company to be a franchise.';
export const CONTACT_NEEDS_TEAM = 'A team manager needs the company to work in teams.';
export const CONTACT_PHONE_INVALID = 'Please enter valid phone number';
export const contactNameRequired = (role: ContactRole) => `${CONTACT_ROLES[role].label} Name is required.`;

export interface CompanyContact {
  name: string;
  email: string;
  phone: string;
}
/** As stored on the company and answered in the session user. */
export interface CompanyContacts {
  franchize: boolean;
  team: boolean;
  director: CompanyContact | null;
  officeManager: CompanyContact | null;
  teamManager: CompanyContact | null;
}
export const NO_CONTACTS: CompanyContacts = {
  franchize: false,
  team: false,
  director: null,
  officeManager: null,
  teamManager: null,
};

const switchField = tfSchema.default('F');
const contactText = (max: number) => z.string().trim().max(max).default('');
const PHONE_TEXT = /^\+?[0-9 ().-]{7,20}$/;

export const profileStep2Schema = z
  .strictObject({
    profilestep: z.literal('2'),
    id: idParamSchema,
    idsys: idParamSchema.optional(),
    company: companyNameSchema,
    industry: z.string().trim().max(100).default(''),
    /** Agencies only: their subdomain below the system's domain. */
    DownlineSubDomain: z.union([z.literal(''), subdomainSchema]).default(''),
    franchize: switchField,
    franchizedirector: switchField,
    directorname: contactText(255),
    directoremail: contactText(255),
    directorphone: contactText(40),
    officemanager: switchField,
    managername: contactText(255),
    manageremail: contactText(255),
    managerphone: contactText(40),
    team: switchField,
    teammanager: switchField,
    teamname: contactText(255),
    teamemail: contactText(255),
    teamphone: contactText(40),
  })
  .superRefine(noControlCharacters)
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.franchizedirector === 'T' && v.franchize !== 'T')
      issue('franchizedirector', CONTACT_NEEDS_FRANCHISE);
    if (v.teammanager === 'T' && v.team !== 'T') issue('teammanager', CONTACT_NEEDS_TEAM);
    for (const role of Object.keys(CONTACT_ROLES) as ContactRole[]) {
      const { switch: on, prefix } = CONTACT_ROLES[role];
      if (v[on] !== 'T') continue;
      const name = v[`${prefix}name`];
      if (name === '') issue(`${prefix}name`, contactNameRequired(role));
      else if (name.length > 255)
        issue(`${prefix}name`, `${CONTACT_ROLES[role].label} Name must not exceed 255 characters.`);
      const email = emailAddressSchema.safeParse(v[`${prefix}email`]);
      if (!email.success)
        issue(`${prefix}email`, email.error.issues[0]?.message ?? 'Please enter a valid e-mail address.');
      const phone = v[`${prefix}phone`];
      if (phone !== '' && !PHONE_TEXT.test(phone)) issue(`${prefix}phone`, CONTACT_PHONE_INVALID);
    }
  });
export type ProfileStep2 = z.output<typeof profileStep2Schema>;

/** The contacts a valid step 2 stores: a switched-off role keeps nothing. */
export function contactsOf(v: ProfileStep2): CompanyContacts {
  const contact = (role: ContactRole): CompanyContact | null => {
    const { switch: on, prefix } = CONTACT_ROLES[role];
    if (v[on] !== 'T') return null;
    return {
      name: v[`${prefix}name`],
      email: v[`${prefix}email`].toLowerCase(),
      phone: v[`${prefix}phone`],
    };
  };
  return {
    franchize: v.franchize === 'T',
    team: v.team === 'T',
    director: contact('director'),
    officeManager: contact('officeManager'),
    teamManager: contact('teamManager'),
  };
}

export const profileUpdateResponseSchema = z.object({
  result: z.enum(['success', 'error_email']),
  message: z.string(),
  image_url: z.string().nullable(),
  picexist: z.boolean(),
  industryID: z.number().int().nullable(),
  companyID: z.number().int(),
});
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

/**
 * `PUT /leadspeek/user/setupcomplete` (spec 1 §7.2, spec 2 §7; decision 0094): the profile-setup
 * wizard (and questionnaire) is finished, with the person's time zone and, for a client, the campaign
 * setup: company group, campaign dates, and the lead fields its campaigns require (phone, address,
 * e-mail) for search-based campaigns and, as the `…siteid` variants, for Site ID (local) campaigns.
 */
export const setupCompleteRequestSchema = z
  .strictObject({
    usrID: idSchema,
    statuscomplete: z.enum(['T', 'F']),
    /** Questionnaire answers, when the wizard asked any. */
    answers: z
      .record(z.string(), z.union([z.string().max(2000), z.array(z.string().max(200)).max(50)]))
      .optional(),
    /** IANA zone: the days of the person's reports across campaigns. */
    timezone: timeZoneSchema.optional(),
    /** 0 = no group; otherwise a company group the client's campaigns may use. */
    companyGroupID: idOrZeroSchema.optional(),
    startdatecampaign: optionalCalendarDaySchema.optional(),
    enddatecampaign: optionalCalendarDaySchema.optional(),
    phoneenabled: tfSchema.optional(),
    homeaddressenabled: tfSchema.optional(),
    requireemailaddress: tfSchema.optional(),
    phoneenabledsiteid: tfSchema.optional(),
    homeaddressenabledsiteid: tfSchema.optional(),
    requireemailaddresssiteid: tfSchema.optional(),
  })
  .refine((b) => !b.startdatecampaign || !b.enddatecampaign || b.startdatecampaign <= b.enddatecampaign, {
    message: END_BEFORE_START,
    path: ['enddatecampaign'],
  });
export type SetupCompleteRequest = z.input<typeof setupCompleteRequestSchema>;
export type SetupCompleteInput = z.output<typeof setupCompleteRequestSchema>;

/** The campaign fields of setupcomplete, as stored on the client's user (`campaign_setup`). */
export const CAMPAIGN_SETUP_FIELDS = [
  'companyGroupID',
  'startdatecampaign',
  'enddatecampaign',
  'phoneenabled',
  'homeaddressenabled',
  'requireemailaddress',
  'phoneenabledsiteid',
  'homeaddressenabledsiteid',
  'requireemailaddresssiteid',
] as const;
export type CampaignSetup = Partial<Pick<SetupCompleteInput, (typeof CAMPAIGN_SETUP_FIELDS)[number]>>;
export const CAMPAIGN_SETUP_CLIENTS_ONLY = 'Only a client sets up its campaigns.';

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
