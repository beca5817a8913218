import { notifications } from '@mantine/notifications';
import { failureMessage } from '../../../api/http';

// Spec 1 §8: two-factor load and save errors are a danger notification with the server's message.
// The 5000 ms timeout (spec 1 §9) is the provider's default.

export function notifyFailure(title: string, error: unknown): void {
  notifications.show({ color: 'red', title, message: failureMessage(error) });
}

export function notifySuccess(title: string, message: string): void {
  notifications.show({ color: 'green', title, message });
}
