import { BANNER_TEXTS } from '@app/contracts';
import { badRequest, notFound } from '../../http-errors.js';

/** A company's place in the tree, from the tenancy module. */
export interface CompanyPlace {
  id: number;
  systemId: number;
  kind: string;
  deletedAt: Date | null;
}
export type CompanyOf = (companyId: number) => Promise<CompanyPlace | undefined>;

/**
 * The company a new banner is kept for: an agency (from whose branding its people build it), or a
 * system's root company for its own staff. A client keeps none (the banner pages are not theirs).
 */
export async function bannerCompany(companyOf: CompanyOf, companyId: number): Promise<CompanyPlace> {
  const company = await companyOf(companyId);
  if (!company || company.deletedAt) throw notFound();
  if (company.kind !== 'agency' && company.kind !== 'root')
    throw badRequest(BANNER_TEXTS.companyKind, { companyID: BANNER_TEXTS.companyKind });
  return company;
}
