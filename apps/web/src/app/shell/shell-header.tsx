import { AppShell, Burger, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { ThemeToggle } from '../layouts/theme-toggle';
import { ProfileMenu, SystemSettingsMenu } from './header-menus';
import type { ShellMenuItem } from './menu-item';
import { RouteBreadcrumbs } from './route-breadcrumbs';

interface ShellHeaderProps {
  mobileOpened: boolean;
  desktopOpened: boolean;
  onToggleMobile: () => void;
  onToggleDesktop: () => void;
  systemSettings: ShellMenuItem[];
  profileItems: ShellMenuItem[];
  userName: string;
  pictureUrl: string | null;
  onProfileAction: (item: ShellMenuItem) => void;
  /** The view-mode avatar while acting as another user (spec 1 §2.5). */
  viewMode?: ReactNode;
}

/** Top bar: sidebar toggles (one per screen size), breadcrumbs, settings, theme and profile. */
export function ShellHeader(props: ShellHeaderProps) {
  return (
    <AppShell.Header px="md">
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Burger
            opened={props.mobileOpened}
            onClick={props.onToggleMobile}
            hiddenFrom="sm"
            size="sm"
            aria-label="Toggle navigation"
          />
          <Burger
            opened={props.desktopOpened}
            onClick={props.onToggleDesktop}
            visibleFrom="sm"
            size="sm"
            aria-label="Collapse navigation"
          />
          <RouteBreadcrumbs />
        </Group>
        <Group gap="sm" wrap="nowrap">
          <SystemSettingsMenu items={props.systemSettings} />
          {props.viewMode}
          <ThemeToggle />
          <ProfileMenu
            items={props.profileItems}
            userName={props.userName}
            pictureUrl={props.pictureUrl}
            onAction={props.onProfileAction}
          />
        </Group>
      </Group>
    </AppShell.Header>
  );
}
