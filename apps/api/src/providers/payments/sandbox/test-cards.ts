import { SANDBOX_TEST_CARDS, type SandboxCardBehaviour } from '@app/contracts';

/**
 * The sandbox's test cards, modelled on Stripe's test mode: card numbers typed into the sandbox card
 * form and ready-made tokens, each with what saving and charging it does. Any other number is refused,
 * so a real card number never ends up in the sandbox.
 */
export type CardBehaviour = SandboxCardBehaviour;

/** The list lives in `@app/contracts` so the web card form's help text shows the same numbers. */
export const TEST_CARDS = SANDBOX_TEST_CARDS;

/** Stripe's named test tokens and the card each stands for. */
export const TEST_TOKENS: Readonly<Record<string, string>> = {
  tok_visa: '4242424242424242',
  tok_mastercard: '5555555555554444',
  tok_amex: '378282246310005',
  tok_chargeDeclined: '4000000000000002',
  tok_chargeDeclinedInsufficientFunds: '4000000000009995',
  tok_chargeDeclinedExpiredCard: '4000000000000069',
  tok_chargeCustomerFail: '4000000000000341',
  tok_authenticationRequired: '4000002500003155',
};

export const testCardOf = (number: string): (typeof TEST_CARDS)[number] | undefined =>
  TEST_CARDS.find((card) => card.number === number.replace(/[\s-]/g, ''));
