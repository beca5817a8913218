import { z } from 'zod';
import { ACCOUNT_STATUSES, tfSchema, userTypeSchema } from './tenancy.js';

const colour = z.string();

/**
 * The session user (`userData`) of spec 1 §3.1, as the server sends it. Field names follow the
 * spec; ids are numbers; flags the spec writes as 'T'/'F' keep that wire format.
 */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  user_type: userTypeSchema,
  user_type_ori: userTypeSchema.nullable(),
  systemuser: z.boolean(),
  rootcomp: z.boolean(),
  isViewMode: z.boolean(),
  /** In view mode (or a single sign-on session): the id of the real person acting as this user. */
  actor_user_id: z.number().int().nullable().default(null),
  isAccExecutive: tfSchema,
  profile_setup_completed: tfSchema,
  questionnaire_setup_completed: tfSchema,
  profile_pict: z.string().nullable(),
  phonenum: z.string(),
  phone_country_code: z.string(),
  phone_country_calling_code: z.string(),
  address: z.string(),
  city: z.string(),
  zip: z.string(),
  country_code: z.string(),
  state_code: z.string(),
  company_id: z.number().int(),
  company_parent: z.number().int().nullable(),
  company_root_id: z.number().int(),
  idsys: z.number().int(),
  is_master_system: z.boolean(),
  role_id: z.number().int().nullable(),
  company_name: z.string(),
  company_logo: z.string().nullable(),
  companyparentname: z.string().nullable(),
  companyparentlogo: z.string().nullable(),
  company_phone: z.string(),
  company_email: z.string(),
  company_address: z.string(),
  company_city: z.string(),
  company_zip: z.string(),
  company_state_code: z.string(),
  company_country_code: z.string(),
  industry_id: z.number().int().nullable(),
  industry_name: z.string().nullable(),
  /**
   * Profile step 2's people of the company (decision 0094): the franchise and its director, the office
   * manager, the team and its manager. Defaults so sessions stored before the fields existed still read.
   */
  franchize: tfSchema.default('F'),
  franchizedirector: tfSchema.default('F'),
  director_name: z.string().default(''),
  director_email: z.string().default(''),
  director_phone: z.string().default(''),
  officemanager: tfSchema.default('F'),
  manager_name: z.string().default(''),
  manager_email: z.string().default(''),
  manager_phone: z.string().default(''),
  team: tfSchema.default('F'),
  teammanager: tfSchema.default('F'),
  team_name: z.string().default(''),
  team_email: z.string().default(''),
  team_phone: z.string().default(''),
  /** The person's own IANA time zone (setupcomplete), null until they set one (decision 0094). */
  time_zone: z.string().nullable().default(null),
  /** A client's campaign setup (setupcomplete's campaign fields), null until set. */
  campaign_setup: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .nullable()
    .default(null),
  ip_login: z.string().nullable(),
  customer_card_id: z.string().nullable(),
  manual_bill: tfSchema,
  status_acc: z.enum(ACCOUNT_STATUSES),
  payouts_enabled: z.boolean(),
  charges_enabled: z.boolean(),
  menuLeadspeek: z.boolean(),
  leadspeek_type: z.string(),
  api_mode: tfSchema,
  user_permissions: z.record(z.string(), z.unknown()).nullable(),
  user_permissions_view_mode: z.record(z.string(), z.unknown()).nullable(),
  box_bgcolor: colour,
  text_color: colour,
  link_color: colour,
  template_bgcolor: colour,
  sidebar_bgcolor: colour,
  font_theme: z.string(),
  disable_client_add_campaign: tfSchema,
  /**
   * When the user's agency (their own company, or a client's agency) cancelled its subscription;
   * null otherwise. Defaults to null so sessions stored before the field existed still read.
   */
  subscription_cancelled_at: z.string().nullable().default(null),
  /**
   * The Company Display Name of the company's own branding (and of its parent's), shown in the
   * sidebar instead of the company name; '' when none is set (and in sessions stored before).
   */
  company_display_name: z.string().default(''),
  companyparent_display_name: z.string().default(''),
  /** Module display names and slugs as this user's agency names them. */
  modules: z.array(z.object({ type: z.string(), name: z.string(), url: z.string(), enabled: z.boolean() })),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Setup-check response of spec 1 §3.4 (`GET /user/checksetupcomplete/{usrID}`). */
export const setupCheckSchema = z.object({
  setupcomplete: tfSchema,
  accessmodule: z.enum(['', 'paymentfailed']),
  accountconnected: z.enum(ACCOUNT_STATUSES),
  package_id: z.string(),
  paymentgateway: z.string(),
  isBeta: z.boolean(),
  betaFeature: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      is_beta: z.boolean(),
      apply_to_all_agency: z.boolean(),
      /**
       * Not in the spec: whether the user's agency tests this feature (`isBeta` says "tests any"),
       * and whether it accepted the feature's agreement ('T'), so the web app decides a module with
       * the server's rule (decisions 0063, 0064). Absent: `isBeta` stands in, agreement unknown.
       */
      is_tester: z.boolean().optional(),
      agreement_status: tfSchema.optional(),
    }),
  ),
  clientsidebar: z.array(z.string()),
  /** The agency's own payment failure (a client's agency for a client): a declined charge not paid. */
  paymentStatusFailed: z.boolean(),
  /** The campaigns (public ids) whose charges to the user's own company were declined and not paid yet. */
  fcampid: z.array(z.string()),
  /** What those declined charges add up to, a dollar string ('0' when none; decision 0028). */
  finamt: z.string(),
  isDataWalletAgree: z.boolean(),
});
export type SetupCheck = z.infer<typeof setupCheckSchema>;

/** The card-payment provider's own gateway name; the account-connected rule treats it specially. */
export const CARD_PROVIDER_GATEWAY = 'stripe';
