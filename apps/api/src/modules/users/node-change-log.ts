import { type FieldChange, fieldChanges } from '../audit/index.js';
import type { ManagementContext } from './management-context.js';
import type { CompanyRow, UserRow } from './user-management-repository.js';

/** How the user log names the stored fields an edit of a person or company can change. */
const LABELS: Record<string, string> = {
  name: 'name',
  email: 'e-mail',
  phonenum: 'phone',
  phoneCountryCode: 'phone country',
  phoneCountryCallingCode: 'phone calling code',
  roleId: 'role',
  staffSettings: 'staff settings',
  externalOrganizationId: 'organization id',
  disableClientAddCampaign: 'campaign creation disabled',
  isWhitelabeling: 'white labeling',
  apiMode: 'API mode',
  planMinSpendId: 'minimum spend plan',
  subdomain: 'subdomain',
  customDomain: 'custom domain',
  terms: 'payment terms',
  modules: 'modules',
};

/** The company copies of the main user's contact details: logged once, on the person. */
const MIRRORED = new Set(['email', 'phone', 'phoneCountryCode', 'phoneCountryCallingCode']);

const enabledAfter = <K extends string>(
  before: readonly { key: K; enabled: boolean }[],
  change: readonly { key: K; enabled: boolean }[],
) => {
  const on = new Set(before.filter((x) => x.enabled).map((x) => x.key));
  for (const x of change) x.enabled ? on.add(x.key) : on.delete(x.key);
  return [...on].sort();
};

/**
 * The fields an update of a node really changes, read before it is written: the person's, the
 * company's (without the contact details it mirrors from its main user), hosts, terms and modules.
 */
export async function nodeChanges(
  m: ManagementContext,
  before: { user: UserRow; company: CompanyRow },
  after: {
    user: Partial<UserRow>;
    company: Partial<CompanyRow>;
    subdomain?: string;
    customDomain?: string | null;
    terms?: { term: string; enabled: boolean }[];
    modules?: { module: string; enabled: boolean }[];
  },
): Promise<FieldChange[]> {
  const companyFields = Object.fromEntries(Object.entries(after.company).filter(([k]) => !MIRRORED.has(k)));
  const changes = [
    ...fieldChanges(before.user, after.user, { labels: LABELS }),
    ...fieldChanges(before.company, companyFields, { labels: LABELS }),
    ...fieldChanges(
      { subdomain: before.company.subdomain, customDomain: before.company.customDomain },
      { subdomain: after.subdomain, customDomain: after.customDomain },
      { labels: LABELS },
    ),
  ];
  if (after.terms) {
    const current = (await m.repo.termsOf(before.company.id)).map((t) => ({
      key: t.term,
      enabled: t.enabled,
    }));
    const next = after.terms.map((t) => ({ key: t.term, enabled: t.enabled }));
    changes.push(
      ...fieldChanges(
        { terms: enabledAfter(current, []) },
        { terms: enabledAfter(current, next) },
        { labels: LABELS },
      ),
    );
  }
  if (after.modules) {
    const current = (await m.repo.modulesOf(before.company.id)).map((x) => ({
      key: x.module,
      enabled: x.enabled,
    }));
    const next = after.modules.map((x) => ({ key: x.module, enabled: x.enabled }));
    changes.push(
      ...fieldChanges(
        { modules: enabledAfter(current, []) },
        { modules: enabledAfter(current, next) },
        { labels: LABELS },
      ),
    );
  }
  return changes;
}
