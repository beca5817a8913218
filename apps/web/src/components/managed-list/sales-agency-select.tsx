import type { SessionUser } from '@app/contracts';
import { Select } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { type ManagedNode, useUserList } from '../../api/agency-list';

/** The most linked agencies the choice lists (the list call allows 100 a page). */
const AGENCY_OPTIONS = 100;

/**
 * The agencies a sales person is account executive of (from the sales downline, spec 2 §6), for the
 * screens that show one agency's people at a time; idle for everyone else.
 */
export function useSalesAgencies(viewer: SessionUser, enabled: boolean) {
  const list = useUserList(
    enabled
      ? {
          companyID: viewer.company_root_id || viewer.company_id,
          idsys: viewer.idsys,
          userType: 'userdownline',
          page: 1,
          perPage: AGENCY_OPTIONS,
          sort: { key: 'company_name', order: 'asc' },
          search: '',
          salesUserId: viewer.id,
        }
      : null,
  );
  // Sales see an agency's clients only as its account executive.
  const agencies = useMemo(
    () => (list.data?.data ?? []).filter((agency) => agency.accountexecutiveid === viewer.id),
    [list.data, viewer.id],
  );
  const [chosenId, setChosenId] = useState<number | null>(null);
  // The first agency until the person picks another (or the one chosen is no longer linked).
  useEffect(() => {
    const first = agencies[0];
    if (first && !agencies.some((a) => a.company_id === chosenId)) setChosenId(first.company_id);
  }, [agencies, chosenId]);
  const chosen: ManagedNode | null = agencies.find((a) => a.company_id === chosenId) ?? null;
  return { agencies, chosen, choose: setChosenId, loading: list.isPending && enabled };
}

export function SalesAgencySelect({
  agencies,
  chosen,
  onChoose,
}: {
  agencies: readonly ManagedNode[];
  chosen: ManagedNode | null;
  onChoose: (companyId: number) => void;
}) {
  const options = useMemo(
    () => agencies.map((a) => ({ value: String(a.company_id), label: a.company_name })),
    [agencies],
  );
  return (
    <Select
      label="Agency"
      allowDeselect={false}
      searchable
      data={options}
      value={chosen ? String(chosen.company_id) : null}
      onChange={(value) => value && onChoose(Number(value))}
      w={{ base: '100%', sm: 260 }}
      data-testid="sales-agency-select"
    />
  );
}
