import { failureMessage } from '../../../api/http';
import { showNotice } from '../../../components/feedback/notice';

// Spec 1 §8: two-factor load and save errors are a danger notification with the server's message.
// The 5000 ms timeout (spec 1 §9) is the provider's default.

export function notifyFailure(title: string, error: unknown): void {
  showNotice({ color: 'red', title, message: failureMessage(error) });
}

export function notifySuccess(title: string, message: string): void {
  showNotice({ color: 'green', title, message });
}
