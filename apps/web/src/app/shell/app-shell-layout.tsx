import { AppShell, Box } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { brandVar } from '../branding/brand-theme';
import { safeImageUrl } from '../branding/resolve-branding';
import { useCurrentRoute } from '../routing/current-route';
import { useLogout } from '../session/use-logout';
import { useResetViewMode } from '../session/view-mode';
import { DataWalletDialogs, type DataWalletDialogsHandle } from './data-wallet/data-wallet-dialogs';
import type { ShellMenuItem } from './menu-item';
import { isSecurityModal, type SecurityModal, SecurityModals } from './security/security-modals';
import { ShellHeader } from './shell-header';
import { shellNotices } from './shell-notices';
import { ShellNoticesView } from './shell-notices-view';
import { ShellSidebar } from './shell-sidebar';
import { SupportModal } from './support/support-modal';
import { useShellMenus } from './use-shell-menus';
import { ViewModeAvatar } from './view-mode-avatar';

/** Spec 1 §9: the mobile breakpoint. */
const MOBILE_QUERY = '(max-width: 768px)';
/** Spec 1 §9: menu animation. */
const MENU_ANIMATION_MS = 250;

/** Frame of every guarded screen: header with breadcrumbs, collapsible branded sidebar, page. */
export function AppShellLayout() {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  // The user the guard just allowed this page for (the same context the menus come from).
  const ctx = useCurrentRoute()?.ctx;
  const user = ctx?.user ?? null;
  const setup = ctx?.setup ?? null;
  const notices = useMemo(() => shellNotices(user, setup), [user, setup]);
  const resetViewMode = useResetViewMode();
  const menus = useShellMenus();
  const logout = useLogout();
  const [modal, setModal] = useState<SecurityModal | null>(null);
  const closeModal = useCallback(() => setModal(null), []);
  const dataWallet = useRef<DataWalletDialogsHandle>(null);
  const [supportOpen, setSupportOpen] = useState(false);

  // Spec 1 §2.5: on small screens following a link closes the sidebar so the page is visible.
  const handleNavigate = () => {
    if (isMobile) mobile.close();
  };

  const handleProfileAction = (item: ShellMenuItem) => {
    if (item.id === 'logout') void logout();
    else if (isSecurityModal(item.id)) setModal(item.id);
    else if (item.id === 'data-wallet') void dataWallet.current?.open();
    else if (item.id === 'support') setSupportOpen(true);
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
      transitionDuration={MENU_ANIMATION_MS}
    >
      <ShellHeader
        mobileOpened={mobileOpened}
        desktopOpened={desktopOpened}
        onToggleMobile={mobile.toggle}
        onToggleDesktop={desktop.toggle}
        systemSettings={menus.systemSettings}
        profileItems={menus.profile}
        userName={user?.name ?? ''}
        pictureUrl={safeImageUrl(user?.profile_pict)}
        onProfileAction={handleProfileAction}
        viewMode={
          user?.isViewMode ? (
            <ViewModeAvatar
              userName={user.name}
              pictureUrl={safeImageUrl(user.profile_pict)}
              resetting={resetViewMode.isPending}
              onReset={() => resetViewMode.mutate()}
            />
          ) : null
        }
      />
      <AppShell.Navbar style={{ background: brandVar('sidebarBg'), color: brandVar('sidebarText') }}>
        <ShellSidebar items={menus.sidebar} onNavigate={handleNavigate} />
      </AppShell.Navbar>
      <AppShell.Main style={{ background: brandVar('templateBg') }}>
        <ShellNoticesView notices={notices} />
        <Box component="section">
          <Outlet />
        </Box>
      </AppShell.Main>
      <SecurityModals open={modal} onClose={closeModal} user={user} />
      <DataWalletDialogs ref={dataWallet} user={user} />
      <SupportModal opened={supportOpen} onClose={() => setSupportOpen(false)} user={user} />
    </AppShell>
  );
}

export default AppShellLayout;
