import { useMemo } from 'react';
import { useUserList } from '../../api/agency-list';
import type { CompanyOption } from './log-filter-drawer';

/** The most clients the company filter lists; the list call allows 100 a page. */
const CLIENT_OPTIONS = 100;

/**
 * The company filter's options: the company itself and, for an agency, its clients (one list call,
 * made only while the logs are open).
 */
export function useLogCompanies(
  company: { id: number; name: string; isAgency: boolean } | null,
  idsys: number,
): CompanyOption[] {
  const clients = useUserList(
    company?.isAgency
      ? {
          companyID: company.id,
          idsys,
          userType: 'client',
          page: 1,
          perPage: CLIENT_OPTIONS,
          sort: { key: 'company_name', order: 'asc' },
          search: '',
        }
      : null,
  );
  return useMemo(() => {
    if (!company) return [];
    const own = { value: String(company.id), label: company.name };
    const rest = (clients.data?.data ?? []).map((c) => ({
      value: String(c.company_id),
      label: c.company_name,
    }));
    return [own, ...rest];
  }, [company, clients.data]);
}
