import { createHash } from 'node:crypto';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import { type AdPlatform, AdPlatformError } from '../../providers/ad-platform/index.js';

/** What this use case reads of a company (tenancy's company reads). */
export interface OrganizationCompany {
  id: number;
  kind: string;
  name: string;
  parentId: number | null;
}

/** Which organisation at the platform is a company's (the campaigns module's record, decision 0051). */
export interface OrganizationRecords {
  of(companyId: number): Promise<string | null>;
  record(companyId: number, organizationId: string): Promise<void>;
  forget(companyId: number, organizationId: string): Promise<void>;
}

export const ORGANIZATION_COMPANY_KIND = 'Organizations are kept for agencies and clients.';
export const ORGANIZATION_TYPE_MISMATCH = 'The company is not of that type.';
export const ORGANIZATION_EXISTS = 'This company has an organization at the ad platform already.';
export const ORGANIZATION_PARENT_MISMATCH = "A client's organization sits under its agency's organization.";
export const NO_ORGANIZATION = 'This company has no organization at the ad platform.';
export const ORGANIZATION_PARENT_MISSING = "Create the agency's organization first.";

const view = (o: { id: string; name: string; parentId: string | null; customId: string | null }) => ({
  organization_id: o.id,
  OrganizationName: o.name,
  ParentID: o.parentId ?? '',
  CustomID: o.customId ?? '',
});

/**
 * The marketing organisation calls (spec 2 §7; issue 24): an agency's or a client's organisation at
 * the ad platform — one per company, a client's under its agency's, mirrored there and recorded
 * here. The parent is never taken from the request: a ParentID that is not the agency's is refused.
 */
export function createOrganizations(deps: {
  platform: AdPlatform;
  records: OrganizationRecords;
  company: (id: number) => Promise<OrganizationCompany | null>;
}) {
  const { platform, records } = deps;

  async function companyOf(id: number, type?: 'agency' | 'client') {
    const company = await deps.company(id);
    if (!company) throw notFound();
    // The platform's own account holds the agencies: a root company has no organisation of its own.
    if (company.kind !== 'agency' && company.kind !== 'client')
      throw badRequest(ORGANIZATION_COMPANY_KIND, { id: ORGANIZATION_COMPANY_KIND });
    if (type && company.kind !== type)
      throw badRequest(ORGANIZATION_TYPE_MISMATCH, { type: ORGANIZATION_TYPE_MISMATCH });
    return company;
  }

  return {
    async get(companyId: number, type: 'agency' | 'client') {
      await companyOf(companyId, type);
      const id = await records.of(companyId);
      const found = id ? await platform.getOrganization(id) : null;
      return { result: 'success' as const, data: found ? view(found) : null };
    },

    async create(input: { companyID: number; OrganizationName: string; ParentID: string; CustomID: string }) {
      const company = await companyOf(input.companyID);
      if (await records.of(company.id)) throw new HttpError(409, 'organization_exists', ORGANIZATION_EXISTS);
      let parentId: string | undefined;
      if (company.kind === 'client') {
        parentId = (company.parentId ? await records.of(company.parentId) : null) ?? undefined;
        if (!parentId) throw new HttpError(409, 'parent_missing', ORGANIZATION_PARENT_MISSING);
      }
      if (input.ParentID !== '' && input.ParentID !== (parentId ?? ''))
        throw badRequest(ORGANIZATION_PARENT_MISMATCH, { ParentID: ORGANIZATION_PARENT_MISMATCH });
      // The key names what is asked: the same request again is the same organisation.
      const asked = createHash('sha256').update(`${input.OrganizationName}\n${input.CustomID}`).digest('hex');
      const made = await platform.createOrganization({
        idempotencyKey: `adorg-named:${company.id}:${asked.slice(0, 16)}`,
        name: input.OrganizationName,
        reference: String(company.id),
        ...(parentId ? { parentId } : {}),
        ...(input.CustomID ? { customId: input.CustomID } : {}),
      });
      await records.record(company.id, made.id);
      return { result: 'success' as const, message: 'Organization created.', data: view(made) };
    },

    async remove(companyId: number) {
      await companyOf(companyId);
      const id = await records.of(companyId);
      if (!id) throw new HttpError(409, 'no_organization', NO_ORGANIZATION);
      try {
        await platform.deleteOrganization({ id, idempotencyKey: `adorg-delete:${companyId}:${id}` });
      } catch (error) {
        // The platform refuses an organisation that still holds campaigns or organisations.
        if (error instanceof AdPlatformError && error.code !== 'not_found')
          throw new HttpError(409, 'organization_in_use', error.message);
        if (!(error instanceof AdPlatformError)) throw error;
      }
      await records.forget(companyId, id);
      return { result: 'success' as const, message: 'Organization deleted.' };
    },
  };
}

export type Organizations = ReturnType<typeof createOrganizations>;
