/**
 * The sandbox's test cards, modelled on Stripe's test mode: card numbers typed into the sandbox card
 * form and ready-made tokens, each with what charging it does. Any other number is refused, so a real
 * card number never ends up in the sandbox.
 */
export type CardBehaviour =
  | 'succeeds'
  | 'generic_decline'
  | 'insufficient_funds'
  | 'expired_card'
  | 'authentication_required';

interface TestCard {
  number: string;
  brand: string;
  behaviour: CardBehaviour;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', behaviour: 'succeeds' },
  { number: '5555555555554444', brand: 'mastercard', behaviour: 'succeeds' },
  { number: '378282246310005', brand: 'amex', behaviour: 'succeeds' },
  { number: '4000000000000002', brand: 'visa', behaviour: 'generic_decline' },
  { number: '4000000000009995', brand: 'visa', behaviour: 'insufficient_funds' },
  { number: '4000000000000069', brand: 'visa', behaviour: 'expired_card' },
  { number: '4000002500003155', brand: 'visa', behaviour: 'authentication_required' },
];

/** Stripe's named test tokens and the card each stands for. */
export const TEST_TOKENS: Readonly<Record<string, string>> = {
  tok_visa: '4242424242424242',
  tok_mastercard: '5555555555554444',
  tok_amex: '378282246310005',
  tok_chargeDeclined: '4000000000000002',
  tok_chargeDeclinedInsufficientFunds: '4000000000009995',
  tok_chargeDeclinedExpiredCard: '4000000000000069',
  tok_authenticationRequired: '4000002500003155',
};

export const testCardOf = (number: string): TestCard | undefined =>
  TEST_CARDS.find((card) => card.number === number.replace(/[\s-]/g, ''));
