import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { showNotice } from './notice';

/** Spec 2 §8 success texts ('Data has been added successfully', 'Deleted!' …) as a green notice. */
export function notifySuccess(message: string): void {
  showNotice({ color: 'green', message });
}

/**
 * Something done that the person should know the cost of (prices below the agency's own cost) as a
 * yellow notice that stays until closed: it is read, not glanced at.
 */
export function notifyWarning(title: string, message: string): void {
  showNotice({ color: 'yellow', title, message, autoClose: false });
}

/** A failure the person should see (spec 2 §8 texts, or the server's message) as a red notice. */
export function notifyFailure(message: string): void {
  showNotice({ color: 'red', message });
}

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
}

/** Asks before a change (spec 2 §4: manual bill, delete …); resolves true only on the confirm button. */
export function confirmAction({ title, message, confirmLabel = 'Yes', danger = false }: ConfirmOptions) {
  return new Promise<boolean>((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title,
      children: message,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      confirmProps: { color: danger ? 'red' : undefined, 'data-testid': 'confirm-yes' },
      cancelProps: { 'data-testid': 'confirm-cancel' },
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}
