import { AppShell, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { SidebarCompanyGroups } from '../../components/company-group/sidebar-company-groups';
import { BrandLogo } from '../layouts/brand-logo';
import { useSession } from '../session/session';
import type { ShellMenuItem } from './menu-item';
import { sidebarLogo } from './sidebar-logo';
import { SidebarNavItem } from './sidebar-nav-item';

interface ShellSidebarProps {
  items: ShellMenuItem[];
  onNavigate: () => void;
}

/** Sidebar in the tenant's sidebar colour, with the user's (or parent's, or host's) logo on top. */
export function ShellSidebar({ items, onNavigate }: ShellSidebarProps) {
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
      <SidebarCompanyGroups />
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
