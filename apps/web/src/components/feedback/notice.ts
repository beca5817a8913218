import { type NotificationData, notifications } from '@mantine/notifications';

/** The name a screen reader gives a notice's close button (axe "button-name"). */
export const CLOSE_NOTICE_LABEL = 'Close notification';

/*
 * Every notice goes through these two functions so its close button (an icon) has a name. It is set
 * per notice rather than as a theme default of Notification: with the theme default a notice stopped
 * closing by itself and covered Profile Setup's Next button (commit 82d9719). Per notice, the props
 * reach the same button and the container's autoClose timer is untouched.
 */
const named = (data: NotificationData): NotificationData => ({
  ...data,
  closeButtonProps: { 'aria-label': CLOSE_NOTICE_LABEL, ...data.closeButtonProps },
});

/** Shows a notice (closes after the provider's 5000 ms unless `autoClose` says otherwise). */
export function showNotice(data: NotificationData): string {
  return notifications.show(named(data));
}

/** Changes a notice shown with an `id` (a download's "preparing" becomes "done"). */
export function updateNotice(data: NotificationData & { id: string }): string | undefined {
  return notifications.update(named(data));
}
