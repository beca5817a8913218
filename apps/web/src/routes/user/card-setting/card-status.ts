import type { SessionUser, SetupCheck } from '@app/contracts';
import { hasCard, isPaymentFailed, isSystemUser, requiresCard } from '@app/policy';

export interface CardStatus {
  hasCard: boolean;
  /** manual_bill 'T' (spec 2 §4: billing at wholesale cost, client billing outside the system). */
  manualBill: boolean;
  /** Whether this account needs a card at all (policy `requiresCard`). */
  required: boolean;
  /** Rules 4 and 5 of spec 1 §2.4: this is why the guard forces Card Setting. */
  paymentFailed: boolean;
  /** The one line that says where the account stands. */
  headline: string;
}

/** What Card Setting shows, from the session user and the setup check only (no billing calls yet). */
export function cardStatus(user: SessionUser, setup: SetupCheck | null): CardStatus {
  const card = hasCard(user);
  const manualBill = user.manual_bill === 'T';
  const required = requiresCard(user);
  const paymentFailed = isPaymentFailed(user, setup);
  let headline: string;
  if (card) headline = 'A payment card is on file for your account.';
  else if (required)
    headline = 'No payment card is on file yet. One is needed before you can use the platform.';
  else if (user.user_type === 'client')
    headline = 'No card is needed: your agency bills you outside the platform.';
  else if (isSystemUser(user) || user.user_type === 'sales')
    headline = 'Your account is not charged, so no card is needed.';
  else headline = 'No payment card is on file.';
  return { hasCard: card, manualBill, required, paymentFailed, headline };
}

export const CARD_MANAGEMENT_PENDING =
  'Adding or replacing a card opens with the billing capability, which is not part of this release yet.';
