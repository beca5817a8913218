import { centsFromWire, formatUsdCents, type SessionUser, type SetupCheck, ZERO_CENTS } from '@app/contracts';
import {
  actorOf,
  can,
  hasCard,
  isAgencyUser,
  isPaymentFailed,
  isSystemUser,
  requiresCard,
} from '@app/policy';

export interface CardStatus {
  hasCard: boolean;
  /** manual_bill 'T' (spec 2 §4: billing at wholesale cost, client billing outside the system). */
  manualBill: boolean;
  /** Whether this account needs a card at all (policy `requiresCard`). */
  required: boolean;
  /** Rules 4 and 5 of spec 1 §2.4: this is why the guard forces Card Setting. */
  paymentFailed: boolean;
  /** What failed and what opens access again, when `paymentFailed` (decision 0065). */
  failedText: string | null;
  /** The manual-bill switch is the agency's: only its people are shown it. */
  showsManualBill: boolean;
  /** A stand-in (view mode, single sign-on) sees the card but does not change it (decision 0066). */
  mayChange: boolean;
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
  const failedText = paymentFailed ? paymentFailedText(user, setup) : null;
  let headline: string;
  if (card) headline = 'A payment card is on file for your account.';
  else if (required) headline = CARD_MISSING;
  else if (user.user_type === 'client')
    headline = 'No card is needed: your agency bills you outside the platform.';
  else if (isSystemUser(user) || user.user_type === 'sales')
    headline = 'Your account is not charged, so no card is needed.';
  else headline = 'No payment card is on file.';
  return {
    hasCard: card,
    manualBill,
    required,
    paymentFailed,
    failedText,
    showsManualBill: isAgencyUser(user),
    mayChange: can(actorOf(user, null), 'cards.update'),
    headline,
  };
}

/**
 * What failed (the setup check's failed campaigns and total) and what opens access again: a charge
 * for it that goes through. A client's campaign is started again by its agency; an agency starts its
 * own again.
 */
function paymentFailedText(user: SessionUser, setup: SetupCheck | null): string {
  const cents = centsFromWire(setup?.finamt ?? '0') ?? ZERO_CENTS;
  const campaigns = setup?.fcampid ?? [];
  const what =
    cents > 0
      ? `A payment of ${formatUsdCents(cents)}${campaigns.length > 0 ? ` for campaign ${campaigns.join(', ')}` : ''} was declined.`
      : 'Your last payment did not go through.';
  const next =
    user.user_type === 'client'
      ? 'Replace the card below; your agency then starts the campaign again, and access opens as soon as that payment goes through.'
      : 'Replace the card below, then start the campaign again: access opens as soon as that payment goes through.';
  return `${what} ${next}`;
}

/** Who the saved card pays (`GET /payment/card` answers it): the platform, or the client's agency. */
export const PAYS_TEXT = {
  platform: 'This card pays for your use of the platform: onboarding, wholesale costs and top-ups.',
  agency: "This card is kept on your agency's payment account: your agency charges it for its services.",
} as const;
