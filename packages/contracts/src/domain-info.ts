import { z } from 'zod';
import { brandingSchema } from './branding.js';
import { moduleSchema, paymentTermSchema } from './tenancy.js';

/** A module as a host's owner names it: display name and URL slug (an agency may rename both). */
export const moduleNamingSchema = z.object({
  type: moduleSchema,
  name: z.string(),
  url: z.string(),
});
export type ModuleNaming = z.infer<typeof moduleNamingSchema>;

/**
 * Domain info of spec 1 §3.3: what the web app needs about the system (and, on an agency's
 * white-label host, the agency) before anybody signs in.
 */
export const domainInfoSchema = z.object({
  idsys: z.number().int(),
  masteridsys: z.number().int(),
  is_master: z.boolean(),
  /** The company whose branding this host shows: the system's root company or an agency. */
  owner_company_id: z.number().int(),
  /** True when the host belongs to an agency (its subdomain or custom domain). */
  agencyplatformroot: z.boolean(),
  rootcomp: z.number().int(),
  company_root_name: z.string(),
  company_legal_name: z.string(),
  company_short_name: z.string(),
  company_address: z.string(),
  company_city: z.string(),
  company_zip: z.string(),
  company_state_code: z.string(),
  company_state_name: z.string(),
  company_phone: z.string(),
  domain: z.string(),
  subdomain: z.string(),
  status_domain: z.enum(['', 'pending', 'active', 'failed']),
  root_user_name: z.string(),
  root_user_email: z.string(),
  root_user_address: z.string(),
  payment_public_key: z.string(),
  recaptcha_site_key: z.string(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  account_requirements: z.array(z.string()),
  paymentterm: z.array(z.object({ value: paymentTermSchema, label: z.string() })),
  sidemenu: z.array(moduleNamingSchema),
  branding: brandingSchema,
});
export type DomainInfo = z.infer<typeof domainInfoSchema>;

/** Path parameters of `GET /domainsubdomain/{domainorsub}/{hostID}`. */
export const domainLookupParamsSchema = z.object({
  domainorsub: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[a-zA-Z0-9.-]+$/, 'Host must contain only letters, digits, dots and hyphens'),
  hostID: z
    .string()
    .min(1)
    .max(63)
    .regex(/^[a-zA-Z0-9-]+$/, 'hostID must be a single host label'),
});
