import type { LeadModule as CatalogueLeadModule } from '@app/contracts';

/** A postal address as the identity resolver or the data vendor gives it; any part may be missing. */
export interface PostalAddress {
  street?: string | null;
  city?: string | null;
  /** A two-letter code or a full name ('TX', 'Texas'). */
  state?: string | null;
  zip?: string | null;
}

/** A person the resolver or a vendor found, offered to one campaign. */
export interface Candidate {
  /** MD5 of the lowercased, trimmed e-mail (32 hex digits): the identity's key everywhere. */
  emailMd5: string;
  /** Plain e-mails, when the source knows them (a suppression list may hold either form). */
  emails: readonly string[];
  phones: readonly string[];
  address: PostalAddress | null;
}

/** The lead modules the engine runs: the catalogue's modules with a lead source (not simplifi). */
export type LeadModule = CatalogueLeadModule;
