import { actorOf, groupListCompany } from '@app/policy';
import { AppShell } from '@mantine/core';
import { useMemo } from 'react';
import { useCompanyGroups } from '../../api/company-groups';
import { useSession } from '../../app/session/session';
import { CompanyGroupSelector } from './company-group-selector';

/**
 * The sidebar's company-group select (spec 2 §2), fed by `GET /company/group/{companyID}/all` for the
 * company the policy's `groupListCompany` names: the user's company, or for a client its agency (spec
 * 2 §6); sales staff have none and make no call. Nothing shows while a company has no groups.
 */
export function SidebarCompanyGroups() {
  const { user } = useSession();
  // The relation does not depend on the role's switches, so no need to wait for them.
  const groups = useCompanyGroups((user && groupListCompany(actorOf(user, null))) ?? 0);
  const list = useMemo(
    () => groups.data?.params.map((group) => ({ id: String(group.id), name: group.group_name })) ?? [],
    [groups.data],
  );
  if (list.length === 0) return null;
  return (
    <AppShell.Section px="md" pb="sm">
      <CompanyGroupSelector groups={list} />
    </AppShell.Section>
  );
}
