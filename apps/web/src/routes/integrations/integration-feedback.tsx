import { IconBug, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { showNotice } from '../../components/feedback/notice';
import { saveFailureText } from '../../components/user-form/user-form-model';

/*
 * Spec 2 §8: integration saves show a notice with the server's message — with a bug icon when it
 * failed; on success the server's message (or 'Changes saved successfully'). Every action on an
 * integration (disconnect, pause, test, replay) answers the same way.
 */

export function noticeDone(message: string): void {
  showNotice({ color: 'green', icon: <IconCheck size={18} aria-hidden />, message });
}

/** Done, but nothing changed (a replay that found no failed delivery). */
export function noticeNothing(message: string): void {
  showNotice({ color: 'gray', icon: <IconInfoCircle size={18} aria-hidden />, message });
}

export function noticeFailed(error: unknown, title?: string): void {
  showNotice({
    color: 'red',
    icon: <IconBug size={18} aria-hidden />,
    title,
    message: saveFailureText(error),
    autoClose: 8_000,
  });
}

/** A failure told as text (an OAuth return's `?error=`). */
export function noticeFailedText(message: string, title?: string): void {
  showNotice({ color: 'red', icon: <IconBug size={18} aria-hidden />, title, message, autoClose: 8_000 });
}
