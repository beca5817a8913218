import { z } from 'zod';
import { tfSchema } from './tenancy.js';

/**
 * `GET /configuration/user/{companyID}/{group|all}/{idsys}/{userType}/{module}/{sortby}/{order}/{searchkey}`
 * (spec 2 §7 GetClientList): the agency list of a system user, or an agency's clients. Sort keys and
 * the none → asc → desc cycle of spec 2 §2; `searchkey` '-' means no search.
 */
export const AGENCY_SORT_KEYS = ['company_name', 'full_name', 'email', 'created_at'] as const;

export const userListParamsSchema = z.object({
  companyID: z.coerce.number().int(),
  group: z.union([z.literal('all'), z.coerce.number().int()]),
  idsys: z.coerce.number().int(),
  userType: z.enum(['userdownline', 'client']),
  module: z.string().max(20),
  sortby: z.enum([...AGENCY_SORT_KEYS, 'none']),
  order: z.enum(['asc', 'desc', 'none']),
  searchkey: z.string().max(100),
});

export const userListQuerySchema = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  PerPage: z.coerce.number().int().min(1).max(100).default(10),
  /** Comma-separated filters: directpayment, paymentfailed, apikey, developermode. */
  Filters: z.string().max(200).optional(),
});

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

export const userListResponseSchema = z.object({
  current_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  data: z.array(agencyNodeSchema),
});
