import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import AppShellLayout from '../shell/app-shell-layout';

/** Spec 1 §9: notifications close after 5000 ms. */
const NOTIFICATION_TIMEOUT_MS = 5000;

/**
 * The signed-in shell with what only its screens use: the notification container and the modals they
 * open. Both bring Mantine's transitions, portals and Modal (scroll area, floating UI), which visitors
 * never need, so they load with the shell instead of at boot.
 */
export default function SignedInShell() {
  return (
    <>
      <Notifications autoClose={NOTIFICATION_TIMEOUT_MS} />
      <ModalsProvider>
        <AppShellLayout />
      </ModalsProvider>
    </>
  );
}
