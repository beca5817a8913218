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

/** Spec 1 §8 / spec 2 §8: the warning while a required card is missing. */
export const CARD_MISSING =
  'Complete your payment setup first to fully use the system. (Go to Profile -> Payment Setup)';

/** Where the account stands, from the session user (whose customer_card_id follows the saved card). */
export function cardStatus(user: SessionUser, setup: SetupCheck | null): CardStatus {
  const card = hasCard(user);
  const manualBill = user.manual_bill === 'T';
  const required = requiresCard(user);
  const paymentFailed = isPaymentFailed(user, setup);
  let headline: string;
  if (card) headline = 'A payment card is on file for your account.';
  else if (required) headline = CARD_MISSING;
  else if (user.user_type === 'client')
    headline = 'No card is needed: your agency bills you outside the platform.';
  else if (isSystemUser(user) || user.user_type === 'sales')
    headline = 'Your account is not charged, so no card is needed.';
  else headline = 'No payment card is on file.';
  return { hasCard: card, manualBill, required, paymentFailed, headline };
}

/** Who the saved card pays (`GET /payment/card` answers it): the platform, or the client's agency. */
export const PAYS_TEXT = {
  platform: 'This card pays for your use of the platform: onboarding, wholesale costs and top-ups.',
  agency: "This card is kept on your agency's payment account: your agency charges it for its services.",
} as const;
