import { z } from 'zod';
import { ID_NOT_FOUND, INT32_MAX, idParamSchema } from './ids.js';
import { MODULES } from './module-catalogue.js';
import { pagedResponseSchema } from './paging.js';
import { moduleSchema, paymentTermSchema, tfSchema } from './tenancy.js';

/**
 * `GET /configuration/user/{companyID}/{group|all}/{idsys}/{userType}/{module}/{sortby}/{order}/{searchkey}`
 * (spec 2 §7 GetClientList): the agency list of a system user, or an agency's clients. Sort keys and
 * the none → asc → desc cycle of spec 2 §2; `searchkey` '-' means no search.
 */
export const LIST_MODULE_UNKNOWN = `Unknown module: use all or one of ${MODULES.join(', ')}.`;

export const AGENCY_SORT_KEYS = ['company_name', 'full_name', 'email', 'created_at'] as const;

export const userListParamsSchema = z.object({
  companyID: idParamSchema,
  group: z
    .union([z.literal('all'), z.coerce.number().int()])
    .refine((group) => group === 'all' || (group >= 0 && group <= INT32_MAX), ID_NOT_FOUND),
  idsys: idParamSchema,
  /**
   * userdownline: a system's agencies; client: an agency's clients; user: the Administrator list
   * (staff of `companyID`); sales: the Sales account list (a system's sales staff, system users only).
   */
  userType: z.enum(['userdownline', 'client', 'user', 'sales']),
  /**
   * `all`, or a module (local, locator, enhance, b2b, simplifi): only agencies and clients that have it
   * enabled (decision 0094). The administrator and sales lists take `all` only.
   */
  module: z.enum(['all', ...MODULES], LIST_MODULE_UNKNOWN),
  sortby: z.enum([...AGENCY_SORT_KEYS, 'none']),
  order: z.enum(['asc', 'desc', 'none']),
  searchkey: z.string().max(100),
});

/** Card Status of GetClientList (decision 0094): a current card on file for the row's company, or none. */
export const LIST_CARD_STATUSES = ['all', 'with', 'without'] as const;
export type ListCardStatus = (typeof LIST_CARD_STATUSES)[number];
/**
 * Campaign Status of GetClientList (decision 0094): `active` = a running campaign that is not removed
 * (an agency's: any of its clients'), `inactive` = none.
 */
export const LIST_CAMPAIGN_STATUSES = ['all', 'active', 'inactive'] as const;
export type ListCampaignStatus = (typeof LIST_CAMPAIGN_STATUSES)[number];
/**
 * `Exclude` of GetClientList (decision 0094), comma-separated: agencies excluded from the minimum spend
 * (`minimumspend`) and from the onboarding charge (`onboardcharge`): the agency list's two switches,
 * so the root company's only, like the switches.
 */
export const LIST_EXCLUSIONS = ['minimumspend', 'onboardcharge'] as const;
export type ListExclusion = (typeof LIST_EXCLUSIONS)[number];

export const LIST_CARD_STATUS_UNKNOWN = 'CardStatus must be all, with or without.';
export const LIST_CAMPAIGN_STATUS_UNKNOWN = 'CampaignStatus must be all, active or inactive.';
export const LIST_IN_AGENCY_LIST_UNKNOWN = 'inAgencyList must be true or false.';

/** Blank means the default, as the spec's web sends empty filters. */
const blankAs =
  <T extends string>(fallback: T) =>
  (value: unknown) =>
    value === undefined || value === '' ? fallback : value;

export const userListQuerySchema = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  PerPage: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Comma-separated filters: directpayment (offers the Prepaid term), paymentfailed, and for the
   * root company of the system only apikey (an Open API key was generated) and developermode (api_mode).
   */
  Filters: z.string().max(200).optional(),
  CardStatus: z.preprocess(blankAs('all'), z.enum(LIST_CARD_STATUSES, LIST_CARD_STATUS_UNKNOWN)),
  CampaignStatus: z.preprocess(blankAs('all'), z.enum(LIST_CAMPAIGN_STATUSES, LIST_CAMPAIGN_STATUS_UNKNOWN)),
  /** Comma-separated `LIST_EXCLUSIONS` (agency list, root company only). */
  Exclude: z.string().max(100).optional(),
  /**
   * Sales list only (decision 0094): `true` = sales people the agency list shows, linked to at least
   * one agency as sales representative, account executive or referrer; `false` = linked to none.
   */
  inAgencyList: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['true', 'false'], LIST_IN_AGENCY_LIST_UNKNOWN).optional(),
  ),
});
export const AGENCY_LIST_FILTERS = ['directpayment', 'paymentfailed', 'apikey', 'developermode'] as const;
export type AgencyListFilter = (typeof AGENCY_LIST_FILTERS)[number];

export const agencyNodeSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  email: z.string(),
  phonenum: z.string(),
  user_type: z.string(),
  subdomain: z.string().nullable(),
  domain: z.string().nullable(),
  manual_bill: tfSchema,
  api_mode: tfSchema,
  payment_status: z.enum(['failed', 'ok']),
  profile_setup_completed: tfSchema,
  salesrep: z.string().nullable(),
  created_at: z.string(),
});
export type AgencyNode = z.infer<typeof agencyNodeSchema>;

/** A value/label option (rootpaymentterm, rootmodules). */
export const valueLabelSchema = z.object({ value: z.string(), label: z.string() });
export const selectedTermSchema = z.object({ term: paymentTermSchema, status: z.boolean() });
export const selectedModuleSchema = z.object({ type: moduleSchema, status: z.boolean() });
export type SelectedTerm = z.infer<typeof selectedTermSchema>;
export type SelectedModule = z.infer<typeof selectedModuleSchema>;

/** Staff switches of spec 2 §3 (client or user record), as stored per person. */
export const STAFF_SWITCHES = [
  'defaultAdmin',
  'customercare',
  'adminGetNotification',
  'adminAddToAllCampaign',
  'disabledreceivedemail',
  'disabledaddcampaign',
  'enablephonenumber',
  'editorspreadsheet',
] as const;
export type StaffSwitch = (typeof STAFF_SWITCHES)[number];

/**
 * The full agency or client node of spec 2 §3 (and the staff rows of the Administrator and Sales
 * account lists): the list's base fields plus every field our data has. 0/1 and T/F as the spec says.
 */
export const managedNodeSchema = agencyNodeSchema.extend({
  phone_country_code: z.string(),
  phone_country_calling_code: z.string(),
  package_id: z.string(),
  /** The subdomain label as typed (`subdomain` is the same label); `subdomain_host` the full host. */
  orisubdomain: z.string().nullable(),
  subdomain_host: z.string().nullable(),
  external_organizationid: z.string().nullable(),
  is_whitelabeling: tfSchema,
  is_user_generate_api: tfSchema,
  is_marketing_services_agreement_developer: tfSchema,
  exclude_minimum_spend: z.union([z.literal(0), z.literal(1)]),
  exclude_onboard_charge: z.union([z.literal(0), z.literal(1)]),
  is_onboard_charged: tfSchema,
  /** The card-provider customer of the node's main user, when a card is set up. */
  customer_payment_id: z.string().nullable(),
  has_card: z.boolean(),
  plan_minspend_id: z.number().int().nullable(),
  /** When the company cancelled its subscription (PUT /configuration/cancel-subscription); null if it has not. */
  subscription_cancelled_at: z.string().nullable(),
  /** active, invited (has not set a password yet) or disabled. */
  status_acc: z.enum(['active', 'invited', 'disabled']),
  role_id: z.number().int().nullable(),
  is_acc_executive: tfSchema,
  salesrepid: z.number().int().nullable(),
  accountexecutive: z.string().nullable(),
  accountexecutiveid: z.number().int().nullable(),
  accountref: z.string().nullable(),
  accountrefid: z.number().int().nullable(),
  /** What the node's parent offers: payment terms and modules (value = term/module, label = name). */
  rootpaymentterm: z.array(valueLabelSchema),
  rootmodules: z.array(valueLabelSchema),
  selected_payment_term: z.array(selectedTermSchema),
  selected_modules: z.array(selectedModuleSchema),
  staff_settings: z.partialRecord(z.enum(STAFF_SWITCHES), z.boolean()),
  disable_client_add_campaign: tfSchema,
});
export type ManagedNode = z.infer<typeof managedNodeSchema>;

export const userListResponseSchema = pagedResponseSchema(managedNodeSchema);
export type UserListResponse = z.infer<typeof userListResponseSchema>;
