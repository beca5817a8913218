import { profileMenu, sidebarMenu, systemSettingsMenu } from '@app/policy';
import { useMemo } from 'react';
import { useCurrentRoute } from '../routing/current-route';
import type { ShellMenuItem } from './menu-item';

export interface ShellMenus {
  sidebar: ShellMenuItem[];
  systemSettings: ShellMenuItem[];
  profile: ShellMenuItem[];
}

/** The three menus of spec 1 §2.5, from the same policy context the route guard just allowed. */
export function useShellMenus(): ShellMenus {
  const ctx = useCurrentRoute()?.ctx;
  return useMemo(
    () =>
      ctx
        ? { sidebar: sidebarMenu(ctx), systemSettings: systemSettingsMenu(ctx), profile: profileMenu(ctx) }
        : { sidebar: [], systemSettings: [], profile: [] },
    [ctx],
  );
}
