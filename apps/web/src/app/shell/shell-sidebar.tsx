import { AppShell, Group, ScrollArea, Stack, Text } from '@mantine/core';
import type { CompanyGroup } from '../../components/company-group/company-group';
import { CompanyGroupSelector } from '../../components/company-group/company-group-selector';
import { BrandLogo } from '../layouts/brand-logo';
import { useSession } from '../session/session';
import type { ShellMenuItem } from './menu-item';
import { sidebarLogo } from './sidebar-logo';
import { SidebarNavItem } from './sidebar-nav-item';

interface ShellSidebarProps {
  items: ShellMenuItem[];
  onNavigate: () => void;
  /**
   * Company groups for the selector (spec 2 §2). `GET /company/group/{companyID}/{module}` does not exist
   * yet: until a caller provides a list, no selector is rendered.
   */
  companyGroups?: readonly CompanyGroup[];
}

/** Sidebar in the tenant's sidebar colour, with the user's (or parent's, or host's) logo on top. */
export function ShellSidebar({ items, onNavigate, companyGroups }: ShellSidebarProps) {
  const { user } = useSession();
  const logo = sidebarLogo(user);
  return (
    <>
      <AppShell.Section p="md">
        <Group gap="sm" wrap="nowrap">
          <BrandLogo size={36} src={logo.url ?? undefined} name={logo.name ?? undefined} />
          {logo.name && (
            <Text fw={700} c="var(--app-sidebar-text)" truncate>
              {logo.name}
            </Text>
          )}
        </Group>
      </AppShell.Section>
      {companyGroups && companyGroups.length > 0 && (
        <AppShell.Section px="md" pb="sm">
          <CompanyGroupSelector groups={companyGroups} />
        </AppShell.Section>
      )}
      <AppShell.Section grow component={ScrollArea} px="sm" pb="md">
        <Stack gap={2} component="nav" aria-label="Main menu">
          {items.map((item) => (
            <SidebarNavItem key={item.id} item={item} onNavigate={onNavigate} />
          ))}
        </Stack>
      </AppShell.Section>
    </>
  );
}
