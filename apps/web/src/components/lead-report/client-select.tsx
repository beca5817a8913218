import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useUserList } from '../../api/agency-list';
import { groupSegment } from '../company-group/company-group';
import { useSelectedCompanyGroup } from '../company-group/selected-group';

/** The most clients the selector lists (one list call; the list allows 100 a page). */
const CLIENT_OPTIONS = 100;
export const ALL_CLIENTS = 0;

/**
 * An agency's client selector for the reports: 'All clients' (0) first, then the agency's clients by
 * name, narrowed by the sidebar's company group like the client list.
 */
export function ClientSelect({
  agencyID,
  idsys,
  value,
  onChange,
  testId,
}: {
  agencyID: number;
  idsys: number;
  value: number;
  onChange: (clientID: number) => void;
  testId: string;
}) {
  const group = groupSegment(useSelectedCompanyGroup());
  const clients = useUserList({
    companyID: agencyID,
    idsys,
    userType: 'client',
    group,
    page: 1,
    perPage: CLIENT_OPTIONS,
    sort: { key: 'company_name', order: 'asc' },
    search: '',
  });
  const options = useMemo(
    () => [
      { value: String(ALL_CLIENTS), label: 'All clients' },
      ...(clients.data?.data ?? []).map((c) => ({ value: String(c.company_id), label: c.company_name })),
    ],
    [clients.data],
  );
  return (
    <Select
      label="Client"
      data={options}
      value={String(value)}
      onChange={(next) => onChange(next ? Number.parseInt(next, 10) : ALL_CLIENTS)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No client by that name"
      w={{ base: '100%', sm: 280 }}
      data-testid={testId}
    />
  );
}
