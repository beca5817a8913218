import { z } from 'zod';
import { MODULES } from './module-catalogue.js';

/** User types of spec 1 §3.1. `userdownline` and `user` are agencies; root users sit in the root company. */
export const USER_TYPES = [
  'root',
  'admin',
  'userdownline',
  'user',
  'administrator',
  'client',
  'sales',
] as const;
export const userTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userTypeSchema>;

/** The three levels of the company tree. */
export const COMPANY_KINDS = ['root', 'agency', 'client'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];

/** Campaign modules (spec 1 §1): the keys of the module catalogue (`module-catalogue.ts`). */
export const moduleSchema = z.enum(MODULES);

export const PAYMENT_TERMS = ['Weekly', 'Monthly', 'OneTime', 'Prepaid'] as const;
export const paymentTermSchema = z.enum(PAYMENT_TERMS);
export type PaymentTerm = z.infer<typeof paymentTermSchema>;
export const PAYMENT_TERM_LABELS: Record<PaymentTerm, string> = {
  Weekly: 'Weekly',
  Monthly: 'Monthly',
  OneTime: 'One Time',
  Prepaid: 'Prepaid',
};

/** Role permission modules of spec 1 §3.6. */
export const ROLE_MODULES = ['ads_design', 'campaign', 'leadspeek', 'settings'] as const;
export type RoleModule = (typeof ROLE_MODULES)[number];
export const ROLE_MODULE_LABELS: Record<RoleModule, string> = {
  ads_design: 'Ads Design',
  campaign: 'Campaign',
  leadspeek: 'LeadsPeek',
  settings: 'Settings',
};

/** Beta features of spec 1 §3.7, with their fixed ids. */
export const BETA_FEATURES = [
  { id: 1, slug: 'data_wallet', name: 'Data Wallet' },
  { id: 2, slug: 'b2b_module', name: 'B2B Module' },
  { id: 3, slug: 'simplifi_module', name: 'Simplifi Module' },
] as const;
export type BetaFeatureSlug = (typeof BETA_FEATURES)[number]['slug'];

/** Connected payment account status (spec 1 §4). Empty string means "never started". */
export const ACCOUNT_STATUSES = ['', 'pending', 'inverification', 'completed', 'failed'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** 'T'/'F' flags are the spec's wire format; the database stores booleans. */
export const tfSchema = z.enum(['T', 'F']);
export type TF = z.infer<typeof tfSchema>;
export const toTF = (value: boolean): TF => (value ? 'T' : 'F');
