import { z } from 'zod';

/** Public legal documents (spec 1 §2.2) and agreement document types (spec 1 §9). */
export const PUBLIC_DOCUMENTS = [
  'privacy-policy',
  'term-of-use',
  'service-billing-agreement',
  'marketing-services-agreement-developer',
] as const;
export const AGREEMENT_DOCUMENTS = [
  'minimum_spend',
  'v2',
  'v3',
  'v4',
  'default_agency',
  'default_client',
] as const;
export const DOCUMENT_NAMES = [...PUBLIC_DOCUMENTS, ...AGREEMENT_DOCUMENTS] as const;
/**
 * The documents between a host's visitors and whoever runs that host: on an agency's white-label host
 * they name the agency (its clients' privacy, terms, billing and services agreement are with it).
 * The rest are agreements of an agency with the platform and always name the system's company.
 */
export const HOST_PARTY_DOCUMENTS = [
  'privacy-policy',
  'term-of-use',
  'service-billing-agreement',
  'default_client',
] as const satisfies readonly (typeof DOCUMENT_NAMES)[number][];
export const documentNameSchema = z.enum(DOCUMENT_NAMES);
export type DocumentName = z.infer<typeof documentNameSchema>;

export const documentQuerySchema = z.object({
  name: documentNameSchema,
  /** The host the reader is on, so a system's own version of a document wins over the default. */
  host: z.string().max(253).optional(),
});

export const documentSchema = z.object({
  name: documentNameSchema,
  title: z.string(),
  /** Sanitised HTML (the server only stores documents it has sanitised). */
  html: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type PublicDocument = z.infer<typeof documentSchema>;
