import { CARD_TEXTS, SANDBOX_TEST_CARDS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  couponToSend,
  fieldErrorsFromServer,
  firstCardBody,
  formatCardNumber,
  formatExpiry,
  initialCardValues,
  luhnValid,
  parseExpiry,
  replaceCardBody,
  SANDBOX_TEXTS,
  sandboxTokenRequest,
  validateHolder,
  validateSandboxCard,
} from './card-model';

const today = new Date('2026-11-26T00:00:00Z');
const filled = {
  ...initialCardValues({
    name: 'Sofia Grant',
    address: '1 Main St',
    city: 'Denver',
    state_code: 'CO',
    zip: '80202',
  }),
  number: '4242 4242 4242 4242',
  expiry: '04 / 29',
  cvc: '123',
};

describe('the card form model', () => {
  it('accepts every sandbox test number (they pass Luhn) and refuses a mistyped one', () => {
    for (const card of SANDBOX_TEST_CARDS) expect(luhnValid(card.number), card.number).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(validateSandboxCard({ ...filled, number: '4242 4242 4242 4241' }, today).number).toBe(
      SANDBOX_TEXTS.numberInvalid,
    );
    expect(validateSandboxCard({ ...filled, number: '4242 42' }, today).number).toBe(
      SANDBOX_TEXTS.numberIncomplete,
    );
    expect(validateSandboxCard(filled, today)).toEqual({});
  });

  it('reads expiry as MM / YY or MM/YYYY and refuses months out of range and dates in the past', () => {
    expect(parseExpiry('04 / 29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('4/2031')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('04 / 2')).toBeNull();
    expect(validateSandboxCard({ ...filled, expiry: '13 / 29' }, today).expiry).toBe(
      SANDBOX_TEXTS.expiryMonth,
    );
    expect(validateSandboxCard({ ...filled, expiry: '10 / 26' }, today).expiry).toBe(
      SANDBOX_TEXTS.expiryPast,
    );
    expect(validateSandboxCard({ ...filled, expiry: '11 / 26' }, today).expiry).toBeUndefined();
    expect(validateSandboxCard({ ...filled, expiry: '' }, today).expiry).toBe(SANDBOX_TEXTS.expiryIncomplete);
  });

  it('wants a 4-digit code for American Express, 3 otherwise', () => {
    const amex = { ...filled, number: '3782 822463 10005', cvc: '123' };
    expect(validateSandboxCard(amex, today).cvc).toBe(SANDBOX_TEXTS.cvcIncomplete);
    expect(validateSandboxCard({ ...amex, cvc: '1234' }, today).cvc).toBeUndefined();
    expect(validateSandboxCard({ ...filled, cvc: '12' }, today).cvc).toBe(SANDBOX_TEXTS.cvcIncomplete);
  });

  it('formats what is typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('0429')).toBe('04 / 29');
    expect(formatExpiry('04')).toBe('04');
  });

  it('requires holder and billing address with the server texts, at most 255 characters', () => {
    const blank = { ...filled, cardholder: ' ', address: '', city: '', state: '', country: '', zip: '' };
    expect(validateHolder(blank)).toEqual({
      cardholder: CARD_TEXTS.holderRequired,
      address: CARD_TEXTS.addressRequired,
      city: CARD_TEXTS.cityRequired,
      state: CARD_TEXTS.stateRequired,
      country: CARD_TEXTS.countryRequired,
      zip: CARD_TEXTS.zipRequired,
    });
    expect(validateHolder({ ...filled, address: 'x'.repeat(256) }).address).toBe(CARD_TEXTS.tooLong);
    expect(validateHolder(filled)).toEqual({});
  });

  it('sends the coupon only when non-blank, and the typed card only to the token route', () => {
    expect(couponToSend('   ')).toBeUndefined();
    expect(couponToSend(' WELCOME10 ')).toBe('WELCOME10');
    expect(firstCardBody({ ...filled, coupon: '  ' }, 'tok_1', 7)).not.toHaveProperty('code');
    expect(firstCardBody({ ...filled, coupon: 'WELCOME10' }, 'tok_1', 7)).toMatchObject({
      code: 'WELCOME10',
    });
    const body = replaceCardBody(filled, 'tok_1', 7);
    expect(body).toEqual({
      tokenid: 'tok_1',
      cardholder: 'Sofia Grant',
      address: '1 Main St',
      city: 'Denver',
      state: 'CO',
      country: 'US',
      zip: '80202',
      usrID: 7,
    });
    expect(JSON.stringify(body)).not.toContain('4242');
    expect(sandboxTokenRequest(filled)).toEqual({
      number: '4242424242424242',
      exp_month: 4,
      exp_year: 2029,
      cvc: '123',
      cardholder: 'Sofia Grant',
    });
  });

  it('starts from the saved card when replacing, else from the profile', () => {
    const saved = { cardholder: 'C', address: 'A', city: 'Ci', state: 'S', country: 'CA', zip: 'Z' };
    expect(initialCardValues({ name: 'P', address: 'Home' }, saved)).toEqual({
      ...saved,
      number: '',
      expiry: '',
      cvc: '',
      coupon: '',
    });
    expect(initialCardValues({ name: 'P', address: 'Home' }, null)).toMatchObject({
      cardholder: 'P',
      address: 'Home',
      country: 'US',
    });
  });

  it('puts server field errors on the form fields', () => {
    expect(
      fieldErrorsFromServer({ exp_year: 'bad year', cardholder: 'x', code: 'expired', other: 'y' }),
    ).toEqual({
      expiry: 'bad year',
      cardholder: 'x',
      coupon: 'expired',
    });
  });
});
