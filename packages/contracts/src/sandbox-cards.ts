/**
 * The sandbox gateway's test cards, modelled on Stripe's test mode: what the sandbox card form accepts
 * and what saving and charging each card does. The sandbox (apps/api/src/providers/payments/sandbox)
 * charges by this list and the card form's help text lists it, so both read the same numbers. As on
 * Stripe, a declining card is refused when it is saved (attached to the customer); 4000 0000 0000 0341
 * saves and then declines every charge, for trying what a failed payment does (decision 0066).
 */
export type SandboxCardBehaviour =
  | 'succeeds'
  | 'generic_decline'
  | 'insufficient_funds'
  | 'expired_card'
  | 'charge_declined_after_save'
  | 'authentication_required';

/** Behaviours whose card is refused when it is saved, before any charge. */
export const DECLINED_WHEN_SAVED: readonly SandboxCardBehaviour[] = [
  'generic_decline',
  'insufficient_funds',
  'expired_card',
];

export interface SandboxTestCard {
  number: string;
  brand: string;
  behaviour: SandboxCardBehaviour;
  /** What happens, in words, for the help text. */
  outcome: string;
}

export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  { number: '4242424242424242', brand: 'visa', behaviour: 'succeeds', outcome: 'Succeeds' },
  { number: '5555555555554444', brand: 'mastercard', behaviour: 'succeeds', outcome: 'Succeeds' },
  { number: '378282246310005', brand: 'amex', behaviour: 'succeeds', outcome: 'Succeeds' },
  {
    number: '4000000000000002',
    brand: 'visa',
    behaviour: 'generic_decline',
    outcome: 'Declined: not saved',
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    behaviour: 'insufficient_funds',
    outcome: 'Declined (insufficient funds): not saved',
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    behaviour: 'expired_card',
    outcome: 'Declined (expired card): not saved',
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    behaviour: 'charge_declined_after_save',
    outcome: 'Saves, then every charge is declined',
  },
  {
    number: '4000002500003155',
    brand: 'visa',
    behaviour: 'authentication_required',
    outcome: 'Needs authentication (refused off-session)',
  },
];
