import type { AccountStatus, PaymentTerm } from '@app/contracts';
import { PAYMENT_TERM_LABELS } from '@app/contracts';

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  '': 'Not connected',
  pending: 'Pending',
  inverification: 'In verification',
  completed: 'Connected',
  failed: 'Failed',
};

export const termLabel = (term: PaymentTerm) => PAYMENT_TERM_LABELS[term];

/** Log categories arrive as slugs ('auth', 'user_management'); people read words. */
export function categoryLabel(category: string): string {
  const words = category.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : 'Other';
}
